import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { transferRecord } from '../../../contract/transfers';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { th } from '../../../i18n';

const oneReply = z.object({ status: z.literal(200), data: transferRecord.strict() }).strict();
const listReply = z.object({ status: z.literal(200), data: z.array(transferRecord.strict()), total: z.number().int().min(0) }).strict();
const choicesReply = z.object({
  status: z.literal(200),
  systems: z.array(z.object({ id: z.string(), name: z.string() })),
  processors: z.array(z.object({ id: z.string(), name: z.string() })),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** A one-page PDF's bytes, as a signed clause would come: its type is read from its content. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1').toString('base64');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** The register of transfers abroad (menu 16): `/transfers` by the REST convention, its basis, its evidence and its state. */
export function transfersCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const ok = <T>(reply: Reply, schema: z.ZodType<T>) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return schema.parse(reply.body);
  };
  const choices = async (token = admin()) => ok(await ctx.api.get('/transfer-choices', { token }), choicesReply);
  const sample = async (t = tag(), token = admin()) => {
    const c = await choices(token);
    return {
      systemId: c.systems[0].id,
      processorId: null,
      country: 'SG',
      importer: `ผู้รับข้อมูลทดสอบ ${t}`,
      categoryIds: [c.categories[0].id],
      basis: 'standard_clauses',
      evidenceTitle: 'ข้อสัญญามาตรฐานอาเซียน',
      signedOn: day(-30),
      expiresOn: day(400),
      notes: '',
      evidence: { name: 'asean-mcc.pdf', contentBase64: PDF },
    };
  };
  const create = async (body: Record<string, unknown>, token = admin()) => ok(await ctx.api.post('/transfers', body, { token }), oneReply).data;
  const list = (query: Record<string, unknown> = {}, token = admin()) =>
    ctx.api.get(`/transfers?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))}`, { token });

  describe('transfers abroad', () => {
    rule.it('creates a transfer with its evidence, reads, updates and deletes it; a valid basis is `valid`', async () => {
      const body = await sample();
      const created = await create(body);
      expect(created).toMatchObject({ country: 'SG', basis: 'standard_clauses', signedOn: body.signedOn, expiresOn: body.expiresOn, state: 'valid' });
      expect(created.evidence).toMatchObject({ name: 'asean-mcc.pdf', mime: 'application/pdf' });
      expect(created.categoryIds).toEqual(body.categoryIds);
      const read = ok(await ctx.api.get(`/transfers/${created.id}`, { token: admin() }), oneReply).data;
      expect(read.system).not.toBeNull();
      const changed = ok(
        await ctx.api.put(`/transfers/${created.id}`, { ...body, evidence: null, importer: `${body.importer} (แก้ไข)` }, { token: admin() }),
        oneReply,
      ).data;
      expect(changed.importer).toBe(`${body.importer} (แก้ไข)`);
      expect(changed.evidence?.name).toBe('asean-mcc.pdf');
      ok(await ctx.api.delete(`/transfers/${created.id}`, { token: admin() }), oneReply);
      expectFailure(await ctx.api.get(`/transfers/${created.id}`, { token: admin() }), 404);
    });

    rule.it('lists a page with the total in Content-Range, finds by search, and filters the ones that warn', async () => {
      const t = tag();
      const body = await sample(t);
      const valid = await create(body);
      const bare = await create({ ...body, basis: null, evidence: undefined, importer: `${body.importer} ไม่มีฐาน` });
      expect(bare.state).toBe('no_basis');
      const page = await list({ range: [0, 0] });
      const first = ok(page, listReply);
      expect(first.data).toHaveLength(1);
      expect(page.headers.get('content-range')).toBe(`transfers 0-0/${first.total}`);
      const found = ok(await list({ filter: { search: t } }), listReply);
      expect(found.data.map((d) => d.id).sort()).toEqual([valid.id, bare.id].sort());
      const warning = ok(await list({ filter: { search: t, warning: true } }), listReply);
      expect(warning.data.map((d) => d.id)).toEqual([bare.id]);
      const none = await list({ filter: { search: `ไม่มี-${t}` } });
      expect(none.headers.get('content-range')).toBe('transfers */0');
      // the evidence's title, any case of Latin letters, and a term under 4 characters find it too
      ok(await ctx.api.put(`/transfers/${valid.id}`, { ...body, evidence: null, evidenceTitle: `Model Clauses ${t}` }, { token: admin() }), oneReply);
      expect(ok(await list({ filter: { search: `model clauses ${t.toUpperCase()}` } }), listReply).data.map((d) => d.id)).toEqual([valid.id]);
      expect(ok(await list({ filter: { search: 'ฐาน' } }), listReply).data.map((d) => d.id)).toContain(bare.id);
    });

    rule.it("finds a transfer by its system's or its processor's name", async () => {
      const c = await choices();
      const system = c.systems[c.systems.length - 1];
      const processor = c.processors[0];
      const bySystem = await create({ ...(await sample()), systemId: system.id });
      const byProcessor = await create({ ...(await sample()), systemId: null, processorId: processor.id });
      const ids = async (search: string) => {
        const reply = ok(await list({ filter: { search }, range: [0, 99], sort: ['created_dt', 'DESC'] }), listReply);
        return reply.data.map((d) => d.id);
      };
      expect(await ids(system.name)).toContain(bySystem.id);
      expect(await ids(processor.name)).toContain(byProcessor.id);
      expect(await ids(processor.name)).not.toContain(bySystem.id);
    });

    rule.it('warns when the evidence is missing, expires within 60 days, or has expired', async () => {
      const body = await sample();
      expect((await create({ ...body, evidence: undefined })).state).toBe('no_evidence');
      expect((await create({ ...body, expiresOn: day(30) })).state).toBe('expiring');
      expect((await create({ ...body, signedOn: day(-400), expiresOn: day(-1) })).state).toBe('expired');
    });

    rule.it('refuses an expiry before the signing, naming expiresOn; nothing is stored', async () => {
      const body = await sample();
      const before = ok(await list({ filter: { search: body.importer } }), listReply).total;
      expectInvalidField(await ctx.api.post('/transfers', { ...body, signedOn: day(0), expiresOn: day(-1) }, { token: admin() }), 'expiresOn');
      expectInvalidField(
        await ctx.api.post('/transfers', { ...body, signedOn: day(0), expiresOn: day(-1) }, { token: admin(), lang: 'en' }),
        'expiresOn',
        'en',
      );
      expect(ok(await list({ filter: { search: body.importer } }), listReply).total).toBe(before);
    });

    rule.it('refuses a transfer with neither system nor processor, an unknown country, a missing importer', async () => {
      const body = await sample();
      expectInvalidField(await ctx.api.post('/transfers', { ...body, systemId: null, processorId: null }, { token: admin() }), 'systemId');
      expectInvalidField(await ctx.api.post('/transfers', { ...body, country: 'XX' }, { token: admin() }), 'country');
      expectInvalidField(await ctx.api.post('/transfers', { ...body, importer: '' }, { token: admin() }), 'importer');
    });

    rule.it('checks the evidence by its content: a text named .pdf is refused, naming the field; nothing is stored', async () => {
      const body = await sample();
      const fake = { name: 'clauses.pdf', contentBase64: Buffer.from('not a pdf at all').toString('base64') };
      expectInvalidField(await ctx.api.post('/transfers', { ...body, evidence: fake }, { token: admin() }), 'evidence');
      expect(ok(await list({ filter: { search: body.importer } }), listReply).total).toBe(0);
    });

    rule.it('hands the evidence back as it was stored', async () => {
      const created = await create(await sample());
      const file = await ctx.api.get(`/transfers/${created.id}/evidence`, { token: admin() });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      const removed = ok(
        await ctx.api.put(`/transfers/${created.id}`, { ...(await sample()), evidence: null, removeEvidence: true }, { token: admin() }),
        oneReply,
      );
      expect(removed.data.evidence).toBeNull();
      expect(removed.data.state).toBe('no_evidence');
      expectFailure(await ctx.api.get(`/transfers/${created.id}/evidence`, { token: admin() }), 404);
    });

    rule.it("refuses another company's system or category (400 naming it), and shows another company nothing (404)", async () => {
      const body = await sample();
      const theirs = await choices(ctx.siamAdmin.access_token);
      expect(expectFailure(await ctx.api.post('/transfers', { ...body, systemId: theirs.systems[0].id }, { token: admin() }), 400)).toMatchObject({
        field: 'systemId',
      });
      expect(
        expectFailure(await ctx.api.post('/transfers', { ...body, categoryIds: [theirs.categories[0].id] }, { token: admin() }), 400),
      ).toMatchObject({ field: 'categoryIds' });
      const created = await create(body);
      const siam = ctx.siamAdmin.access_token;
      expect(ok(await list({ range: [0, 99] }, siam), listReply).data.some((d) => d.id === created.id)).toBe(false);
      expectFailure(await ctx.api.get(`/transfers/${created.id}`, { token: siam }), 404);
      expectFailure(await ctx.api.put(`/transfers/${created.id}`, { ...body, systemId: theirs.systems[0].id }, { token: siam }), 404);
      expectFailure(await ctx.api.delete(`/transfers/${created.id}`, { token: siam }), 404);
    });

    rule.it('lets a view-only role read, not change; a role without menu 16 gets 403', async () => {
      const created = await create(await sample());
      const viewer = ctx.demoViewer.access_token;
      ok(await ctx.api.get(`/transfers/${created.id}`, { token: viewer }), oneReply);
      expectMessage(await ctx.api.post('/transfers', await sample(), { token: viewer }), 403, 'read_only');
      expectMessage(await ctx.api.delete(`/transfers/${created.id}`, { token: viewer }), 403, 'read_only');
      expectMessage(await ctx.api.get('/transfers', { token: ctx.demoContact.access_token }), 403, 'forbidden');
    });
    rule.it('warns on the ROPA activities of a system whose transfer lacks a valid basis, and clears once it has one', async () => {
      const body = await sample();
      const [used] = await ctx.db!.query<{ activity_id: string; system_id: string }>(
        `select ras.activity_id, ras.system_id from ropa_activity_systems ras join ropa_activities a on a.id = ras.activity_id
           join companies c on c.id = a.company_id where c.code = 'DEMO' order by a.name limit 1`,
      );
      const warningsOf = async () => {
        const reply = await ctx.api.get(`/ropa/activity/${used.activity_id}`, { token: admin() });
        expect(reply.status).toBe(200);
        return (reply.body as { data: { warnings: { code: string; subject: string }[] } }).data.warnings.filter((w) => w.code === 'transfer_basis');
      };
      const bare = await create({ ...body, systemId: used.system_id, basis: null, evidence: undefined });
      expect((await warningsOf()).map((w) => w.subject)).toContain(`${bare.importer} (SG)`);
      ok(await ctx.api.put(`/transfers/${bare.id}`, { ...body, systemId: used.system_id }, { token: admin() }), oneReply);
      expect((await warningsOf()).map((w) => w.subject)).not.toContain(`${bare.importer} (SG)`);
    });

    rule.it('adds a "transfers abroad" sheet to the ROPA workbook, and counts the transfers that warn on the posture', async () => {
      const xlsx = await ctx.api.get('/ropa/report?format=xlsx', { token: admin() });
      expect(xlsx.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      const sheet = wb.getWorksheet(th.transfers.tab)!;
      const importers: string[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) importers.push(String(row.getCell(5).value));
      });
      expect(importers).toEqual(expect.arrayContaining(['MailFlow Pte. Ltd.', 'Nimbus Cloud Services, Inc.']));
      const posture = await ctx.api.get('/user/dashboard/posture', { token: admin() });
      const item = (posture.body as { data: { key: string; value: number }[] }).data.find((p) => p.key === 'transfers_warning');
      const warning = ok(await list({ filter: { warning: true }, range: [0, 0] }), listReply);
      expect(item?.value).toBe(warning.total);
      expect(warning.total).toBeGreaterThan(0);
    });
  });
}
