import { describe, expect } from 'vitest';
import { z } from 'zod';
import { registerRecord, registerTable, type RegisterDeclaration } from '../../../contract/register';
import { REGISTERS } from '../../../contract/registers';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { en, th } from '../../../i18n';

/** A valid record of each register, and a second one (each case names its own, so cases pass alone). */
const SAMPLES: Record<string, (tag: string) => Record<string, unknown>> = {
  'data-categories': (tag) => ({ name: `ข้อมูลทดสอบ ${tag}`, sensitive: true, description: 'ใช้ในการทดสอบสัญญา API' }),
  processors: (tag) => ({ name: `ผู้ประมวลผลทดสอบ ${tag}`, country: 'ไทย', contractDate: '2025-03-31', contact: 'dpa@example.co.th' }),
  'data-subject-categories': (tag) => ({ name: `เจ้าของข้อมูลทดสอบ ${tag}`, description: 'ใช้ในการทดสอบสัญญา API' }),
  'processing-purposes': (tag) => ({ name: `วัตถุประสงค์ทดสอบ ${tag}`, description: 'ใช้ในการทดสอบสัญญา API' }),
};

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * Every simple register (contract/registers/) by the REST convention: the same cases for each, read
 * from the declarations, so a new register is covered without touching this file.
 */
export function registerCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;

  describe.each(REGISTERS.map((r) => [r.name, r] as const))('register %s', (_, r: RegisterDeclaration) => {
    const record = registerRecord(r).strict();
    const oneReply = z.object({ status: z.literal(200), data: record }).strict();
    const listReply = z.object({ status: z.literal(200), data: z.array(record), total: z.number().int().min(0) }).strict();
    const sample = (t = tag()) => {
      const make = SAMPLES[r.name];
      expect(make, `tests/contract/cases/registers.ts has no sample record of "${r.name}"`).toBeDefined();
      return make(t);
    };
    const ok = <T>(reply: Reply, schema: z.ZodType<T>) => {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return schema.parse(reply.body);
    };
    const create = async (body = sample(), token = admin()) => ok(await ctx.api.post(`/${r.name}`, body, { token }), oneReply).data;
    const list = (query: Record<string, unknown> = {}, token = admin()) =>
      ctx.api.get(`/${r.name}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))}`, { token });

    shape.it('creates a record and answers it whole; reads, updates and deletes it by id', async () => {
      const body = sample();
      const created = await create(body);
      expect(created).toMatchObject(body);
      expect(ok(await ctx.api.get(`/${r.name}/${created.id}`, { token: admin() }), oneReply).data).toMatchObject(body);
      const changed = { ...sample(), name: `${body.name as string} (แก้ไข)` };
      expect(ok(await ctx.api.put(`/${r.name}/${created.id}`, changed, { token: admin() }), oneReply).data).toMatchObject(changed);
      expect(ok(await ctx.api.delete(`/${r.name}/${created.id}`, { token: admin() }), oneReply).data.id).toBe(created.id);
      expectFailure(await ctx.api.get(`/${r.name}/${created.id}`, { token: admin() }), 404);
    });

    shape.it('lists a page with the total in the body and in Content-Range, and finds by its search', async () => {
      const t = tag();
      await create(sample(`${t}-a`));
      await create(sample(`${t}-b`));
      const page = await list({ range: [0, 0], sort: ['created_dt', 'DESC'] });
      const body = ok(page, listReply);
      expect(body.data).toHaveLength(1);
      expect(body.total).toBeGreaterThanOrEqual(2);
      expect(page.headers.get('content-range')).toBe(`${r.name} 0-0/${body.total}`);
      const found = ok(await list({ filter: { search: t }, range: [0, 19] }), listReply);
      expect(found.total).toBe(2);
      expect(found.data.map((d) => (d as Record<string, unknown>).name).sort()).toEqual([`${t}-a`, `${t}-b`].map((x) => sample(x).name).sort());
      const none = await list({ filter: { search: `ไม่มี-${t}` } });
      expect(ok(none, listReply).total).toBe(0);
      expect(none.headers.get('content-range')).toBe(`${r.name} */0`);
    });

    shape.it('shows another company nothing: its list, and 404 on a record by id', async () => {
      const created = await create();
      const siam = ctx.siamAdmin.access_token;
      const theirs = ok(await list({ range: [0, 99] }, siam), listReply);
      expect(theirs.data.some((d) => d.id === created.id)).toBe(false);
      expectFailure(await ctx.api.get(`/${r.name}/${created.id}`, { token: siam }), 404);
      expectFailure(await ctx.api.put(`/${r.name}/${created.id}`, sample(), { token: siam }), 404);
      expectFailure(await ctx.api.delete(`/${r.name}/${created.id}`, { token: siam }), 404);
      expect(ok(await ctx.api.get(`/${r.name}/${created.id}`, { token: admin() }), oneReply).data.id).toBe(created.id);
    });

    shape.it('asks for a session (401); a view-only role reads but may not change (403)', async () => {
      expectFailure(await ctx.api.get(`/${r.name}`), 401);
      const viewer = ctx.demoViewer.access_token;
      ok(await list({}, viewer), listReply);
      expectMessage(await ctx.api.post(`/${r.name}`, sample(), { token: viewer }), 403, 'read_only');
    });

    shape.it('refuses bad input with 400 naming the field, and stores nothing', async () => {
      const t = tag();
      expectInvalidField(await ctx.api.post(`/${r.name}`, { ...sample(t), name: '' }, { token: admin() }), 'name');
      expectInvalidField(await ctx.api.post(`/${r.name}`, { ...sample(t), name: 'x'.repeat(201) }, { token: admin() }), 'name');
      expectInvalidField(await ctx.api.post(`/${r.name}`, { ...sample(t), name: 'a\u0007b' }, { token: admin() }), 'name');
      expectFailure(await ctx.api.post(`/${r.name}`, { ...sample(t), unknownField: 1 }, { token: admin() }), 400);
      expectFailure(await ctx.api.get(`/${r.name}?range=${encodeURIComponent('[0,500]')}`, { token: admin() }), 400);
      expectFailure(await ctx.api.get(`/${r.name}/not-a-uuid`, { token: admin() }), 400);
      expect(ok(await list({ filter: { search: t } }), listReply).total).toBe(0);
    });

    rule.it('refuses a name the company already has, letter case aside (409)', async () => {
      const body = { ...sample(), name: `Duplicate ${tag()}` };
      await create(body);
      expectMessage(await ctx.api.post(`/${r.name}`, { ...body, name: (body.name as string).toUpperCase() }, { token: admin() }), 409, 'conflict');
    });

    rule.it('leaves its changes in the audit trail under its table, by whom', async () => {
      const created = await create();
      const rows = await ctx.db!.query<{ action: string; user_id: string | null }>(
        'select action, user_id from audit_log where entity = $1 and record_id = $2',
        [registerTable(r), created.id],
      );
      expect(rows.map((x) => x.action)).toEqual(['create']);
      expect(rows[0].user_id).toBe(ctx.demoAdmin.user._id);
    });

    rule.it("names its records in the audit trail's CSV by its own text, in the reader's language", async () => {
      await create();
      for (const lang of ['th', 'en'] as const) {
        const reply = await ctx.api.get(`/audit/export?entity=${registerTable(r)}&action=create`, { token: admin(), lang });
        expect(reply.status).toBe(200);
        const entity = (lang === 'th' ? th : en).datamap[r.texts.prefix.split('.')[1] as 'categories' | 'processors'].entity;
        expect(reply.bytes.toString('utf8')).toContain(`,${entity},`);
        expect(reply.bytes.toString('utf8')).not.toContain(`,${registerTable(r)},`);
      }
    });
  });
}
