import { describe, expect } from 'vitest';
import { z } from 'zod';
import { auditEntry, auditListReply, auditOptionsReply, auditPerson, type AuditEntry } from '../../../contract/audit';
import { th, en } from '../../../i18n';
import { formatMoment } from '../../../i18n/dates';
import type { Reply } from '../client';
import { expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

// ---- the replies, strict: every target answers exactly these fields
const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString() === s, 'an ISO instant');
const listReply = auditListReply.extend({ auditList: z.array(auditEntry.extend({ at: iso }).strict()) }).strict();
const optionsReply = auditOptionsReply.extend({ people: z.array(auditPerson.strict()) }).strict();

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Today in Bangkok, as the filters send a day. */
const bangkokToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/** Parses a CSV body (RFC 4180: quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * The audit trail (menu 13): `GET /audit/list`, `/audit/options`, `/audit/export`. Record changes
 * are logged by the server's database triggers, so their cases run on the server targets only;
 * the fake logs sign-ins, failed sign-ins and exports like the server.
 */
export function auditCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const list = async (query: Record<string, string | number> = {}, token = admin(), lang?: 'th' | 'en') => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const reply = await ctx.api.get(`/audit/list${search ? `?${search}` : ''}`, { token, lang });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return listReply.parse(reply.body);
  };
  const exportCsv = async (query = '', token = admin(), lang?: 'th' | 'en'): Promise<{ reply: Reply; rows: string[][] }> => {
    const reply = await ctx.api.get(`/audit/export${query}`, { token, lang });
    return { reply, rows: reply.status === 200 ? parseCsv(reply.bytes.subarray(UTF8_BOM.length).toString('utf8')) : [] };
  };

  describe('GET /audit/list', () => {
    shape.it('answers the company’s trail, newest first, paged by 20 with a total', async () => {
      const reply = await list();
      expect(reply.auditList.length).toBeGreaterThan(0);
      expect(reply.auditList.length).toBeLessThanOrEqual(20);
      expect(reply.totalDoc).toBeGreaterThanOrEqual(reply.auditList.length);
      const times = reply.auditList.map((e) => Date.parse(e.at));
      expect(times).toEqual(times.toSorted((a, b) => b - a));
      const second = await list({ currentPage: 2, limit: 1 });
      expect(second.totalDoc).toBe(reply.totalDoc);
      expect(second.auditList).toHaveLength(1);
      expect(second.auditList[0]._id).toBe(reply.auditList[1]._id);
    });

    rule.it('logs a sign-in with the person, the account and the address', async () => {
      await ctx.api.signin({ companyCode: 'DEMO', username: 'viewer', password: 'viewer1234' });
      const [entry] = (await list({ action: 'signin', user: ctx.demoViewer.user._id })).auditList;
      expect(entry).toMatchObject({
        action: 'signin',
        entity: 'users',
        recordId: ctx.demoViewer.user._id,
        userId: ctx.demoViewer.user._id,
        username: 'viewer',
        fullName: `${ctx.demoViewer.user.firstname} ${ctx.demoViewer.user.lastname}`,
        before: null,
      });
      expect(entry.ip).toBeTruthy();
      expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
    });

    rule.it('logs a failed sign-in with the username tried, under the company the code names', async () => {
      const username = `audit-ghost-${Date.now()}`;
      expectMessage(await ctx.api.signinRaw({ companyCode: 'demo', username, password: 'wrong-password' }), 401, 'signin_failed');
      const { auditList, totalDoc } = await list({ action: 'signin_failed', user: username.toUpperCase() });
      expect(totalDoc).toBe(1);
      expect(auditList[0]).toMatchObject({ action: 'signin_failed', username, userId: null, recordId: null, fullName: null });
      expect(auditList[0].after).toMatchObject({ companyCode: 'demo', reason: 'password' });
      // never the password that was tried
      expect(JSON.stringify(auditList[0])).not.toContain('wrong-password');
      // SIAM does not see DEMO's failed sign-ins
      expect((await list({ action: 'signin_failed', user: username }, ctx.siamAdmin.access_token)).totalDoc).toBe(0);
    });

    rule.it('filters by person, record type, action and days (Bangkok), each alone and together', async () => {
      const today = bangkokToday();
      const all = await list({ limit: 100 });
      const mine = await list({ user: ctx.demoAdmin.user._id, limit: 100 });
      expect(mine.auditList.every((e) => e.userId === ctx.demoAdmin.user._id)).toBe(true);
      const signins = await list({ action: 'signin', entity: 'users', limit: 100 });
      expect(signins.totalDoc).toBeGreaterThan(0);
      expect(signins.auditList.every((e) => e.action === 'signin' && e.entity === 'users')).toBe(true);
      expect((await list({ from: today, to: today })).totalDoc).toBe(all.totalDoc);
      expect((await list({ from: '2000-01-01', to: '2000-01-31' })).totalDoc).toBe(0);
      expect((await list({ entity: 'no_such_table' })).totalDoc).toBe(0);
      // blank filters are no filters
      expect((await list({ user: ' ', entity: '', action: '', from: '', to: '' })).totalDoc).toBe(all.totalDoc);
    });

    shape.it('refuses a role without the settings menu (403), and anyone without a session (401)', async () => {
      for (const path of ['/audit/list', '/audit/options', '/audit/export']) {
        expectMessage(await ctx.api.get(path, { token: ctx.demoViewer.access_token }), 403, 'forbidden');
        expectMessage(await ctx.api.get(path, { token: ctx.demoContact.access_token }), 403, 'forbidden');
        expectMessage(await ctx.api.get(path), 401, 'not_signed_in');
      }
    });

    shape.it('refuses bad filters with 400 naming the field', async () => {
      const token = admin();
      expectInvalidField(await ctx.api.get('/audit/list?action=hack', { token }), 'action');
      expectInvalidField(await ctx.api.get('/audit/list?entity=users;drop%20table%20users', { token }), 'entity');
      expectInvalidField(await ctx.api.get('/audit/list?from=2026-02-30', { token }), 'from');
      expectInvalidField(await ctx.api.get('/audit/list?to=31/12/2569', { token, lang: 'en' }), 'to', 'en');
      expectInvalidField(await ctx.api.get('/audit/list?from=2026-02-02&to=2026-02-01', { token }), 'to');
      expectInvalidField(await ctx.api.get(`/audit/list?user=${'x'.repeat(101)}`, { token }), 'user');
      expectInvalidField(await ctx.api.get('/audit/list?limit=101', { token }), 'limit');
      expectInvalidField(await ctx.api.get('/audit/list?currentPage=0', { token }), 'currentPage');
      expectInvalidField(await ctx.api.get('/audit/export?action=hack', { token }), 'action');
    });
  });

  describe('GET /audit/options', () => {
    shape.it("lists the company's people and every record type, never another company's", async () => {
      const reply = await ctx.api.get('/audit/options', { token: admin() });
      expect(reply.status).toBe(200);
      const options = optionsReply.parse(reply.body);
      const ids = options.people.map((p) => p._id);
      expect(ids).toContain(ctx.demoAdmin.user._id);
      expect(ids).toContain(ctx.demoViewer.user._id);
      expect(ids).not.toContain(ctx.siamAdmin.user._id);
      expect(options.entities).toEqual(expect.arrayContaining(['users', 'audit_log', 'risk_master', 'roles', 'role_menus']));
      // SIAM's options are exactly SIAM's people, whatever other cases added
      const siam = optionsReply.parse((await ctx.api.get('/audit/options', { token: ctx.siamAdmin.access_token })).body);
      const siamPeople = await ctx.api.get('/user/contact/list?limit=100', { token: ctx.siamAdmin.access_token });
      expect(siam.people.map((p) => p._id).sort()).toEqual((siamPeople.body.contactList as { _id: string }[]).map((p) => p._id).sort());
      expect(siam.people.map((p) => p._id)).toContain(ctx.siamAdmin.user._id);
      expect(siam.people.map((p) => p._id)).not.toContain(ctx.demoAdmin.user._id);
    });
  });

  describe('GET /audit/export', () => {
    rule.it('exports the filtered trail as CSV (UTF-8 with BOM) in the reader’s language, and logs the export', async () => {
      const { reply, rows } = await exportCsv(`?action=signin&user=${ctx.demoViewer.user._id}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      expect(reply.headers.get('content-disposition')).toMatch(/attachment; filename="audit-trail\.csv"/);
      expect(reply.bytes.subarray(0, 3).equals(UTF8_BOM)).toBe(true);
      const c = th.audit.csv;
      expect(rows[0]).toEqual([c.at, c.username, c.name, c.action, c.entity, c.record, c.label, c.before, c.after, c.ip, c.at_iso]);
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows.slice(1)) {
        expect(row).toHaveLength(11);
        // the record (the account signed in to) by its name, beside its id
        expect(row[6]).toBe(row[2]);
        // as the screen writes it (Buddhist era, Bangkok), and the same moment in ISO 8601 for machines
        expect(row[0]).toBe(formatMoment(row[10], 'th'));
        expect(row[0]).toMatch(/ 25\d\d /);
        expect(row[10]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(row[1]).toBe('viewer');
        expect(row[3]).toBe(th.audit.actions.signin);
        expect(row[4]).toBe(th.audit.entities.users);
      }
      const [logged] = (await list({ action: 'export', entity: 'audit_log' })).auditList;
      expect(logged).toMatchObject({ userId: ctx.demoAdmin.user._id, username: 'admin', recordId: null });
      expect(logged.after).toMatchObject({ format: 'csv', filters: { action: 'signin', user: ctx.demoViewer.user._id } });

      const english = await exportCsv('?action=export', admin(), 'en');
      expect(english.rows[0][0]).toBe(en.audit.csv.at);
      // the export lists what came before it: earlier exports, not itself
      expect(english.rows.slice(1).every((row) => row[3] === en.audit.actions.export)).toBe(true);
    });

    rule.it("gives SIAM none of DEMO's rows", async () => {
      const demo = optionsReply.parse((await ctx.api.get('/audit/options', { token: admin() })).body);
      const demoIds = new Set(demo.people.map((p) => p._id));
      const siam = ctx.siamAdmin.access_token;
      const entries = (await list({ limit: 100 }, siam)).auditList;
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries) {
        expect([null, ctx.siamAdmin.user._id]).toContain(e.userId);
        expect(demoIds.has(e.recordId ?? '')).toBe(false);
      }
      const { rows } = await exportCsv('', siam);
      expect(rows.length).toBe(entries.length + 1);
      for (const row of rows.slice(1)) {
        expect(demoIds.has(row[5])).toBe(false);
        // a DEMO username here can only be a failed sign-in someone tried at SIAM
        if (['viewer', 'contact1'].includes(row[1])) expect(row[3]).toBe(th.audit.actions.signin_failed);
      }
    });
  });

  rule.describe('record changes, logged by the database', () => {
    const byRecord = async (recordId: string, token = admin()) =>
      (await list({ entity: 'risk_master', limit: 100 }, token)).auditList.filter((e) => e.recordId === recordId);

    rule.it('logs a risk event created, changed and deleted, with who, the address and the fields before and after', async () => {
      const token = admin();
      const name = `เหตุการณ์ตรวจสอบ ${Date.now()}`;
      const created = await ctx.api.post(
        '/datarisk/create',
        { riskMasterData: name, type: 1, riskCia: { confidentiality: true, integrity: false, availability: false } },
        { token },
      );
      expect(created.status).toBe(200);
      const id: string = created.body.data._id;
      const cia = { confidentiality: true, integrity: true, availability: false };
      expect((await ctx.api.put('/datarisk/create', { dataId: id, riskMasterData: `${name} (แก้ไข)`, type: 1, riskCia: cia }, { token })).status).toBe(
        200,
      );
      expect((await ctx.api.post('/datarisk/delete/', { dataId: id, type: 1 }, { token })).status).toBe(200);

      const [deleted, updated, inserted] = await byRecord(id);
      const who = { userId: ctx.demoAdmin.user._id, username: 'admin', fullName: `${ctx.demoAdmin.user.firstname} ${ctx.demoAdmin.user.lastname}` };
      expect(inserted).toMatchObject({ ...who, action: 'create', entity: 'risk_master', before: null });
      expect(inserted.after).toMatchObject({ id, name, type: 1, confidentiality: true, integrity: false });
      expect(inserted.after).not.toHaveProperty('company_id');
      expect(updated).toMatchObject({
        ...who,
        action: 'update',
        before: { name, integrity: false },
        after: { name: `${name} (แก้ไข)`, integrity: true },
      });
      // only what changed (updated_at is the entry's own time)
      expect(Object.keys(updated.after ?? {}).sort()).toEqual(['integrity', 'name']);
      expect(deleted).toMatchObject({ ...who, action: 'delete', after: null });
      expect(deleted.before).toMatchObject({ id, name: `${name} (แก้ไข)`, integrity: true });
      expect(deleted.ip).toBeTruthy();
      // SIAM sees none of it
      expect(await byRecord(id, ctx.siamAdmin.access_token)).toEqual([]);
      const siam = await list({ user: ctx.demoAdmin.user._id }, ctx.siamAdmin.access_token);
      expect(siam.totalDoc).toBe(0);
    });

    rule.it('logs nothing of a write that failed half-way: the whole call is undone', async () => {
      // SIAM's levels: DEMO's stay unsaved for the risk cases
      const token = ctx.siamAdmin.access_token;
      const levels = async () => (await ctx.api.get('/datarisk/level/list?type=risk-finance', { token })).body.levelDetail;
      const namesBefore = await levels();
      const before = (await list({ entity: 'risk_levels' }, token)).totalDoc;
      // levels 1 to 4 are written, then the database refuses level 5's NUL: 400
      const stamp = Date.now();
      const broken = [1, 2, 3, 4, 5].map((level) => ({ level, name: level === 5 ? 'ก\u0000ข' : `ระดับ ${level} ${stamp}` }));
      expect((await ctx.api.post('/datarisk/level/update', { type: 'risk-finance', detail: broken }, { token })).status).toBe(400);
      expect(await levels()).toEqual(namesBefore);
      expect((await list({ entity: 'risk_levels' }, token)).totalDoc).toBe(before);

      const good = broken.map((d) => ({ ...d, name: `ระดับ ${d.level} ${stamp}` }));
      expect((await ctx.api.post('/datarisk/level/update', { type: 'risk-finance', detail: good }, { token })).status).toBe(200);
      const after = await list({ entity: 'risk_levels', limit: 100 }, token);
      expect(after.totalDoc).toBe(before + 5);
      expect(after.auditList.map((e) => e.recordId)).toEqual(expect.arrayContaining(['risk-finance/1', 'risk-finance/5']));
      expect(after.auditList.find((e) => e.recordId === 'risk-finance/5')?.after).toMatchObject({ name: `ระดับ 5 ${stamp}` });
    });

    rule.it('logs the export of risk evaluations, one entry per evaluation', async () => {
      const token = admin();
      const evaluation = await ctx.api.post('/risk-evaluations', { name: `ประเมินเพื่อส่งออก ${Date.now()}` }, { token });
      expect(evaluation.status).toBe(200);
      const id: string = evaluation.body.data.id;
      expect((await ctx.api.post('/datarisk/evaluation/export', { riskIds: [id], format: 'xlsx' }, { token })).status).toBe(200);
      // the file arrives after the transaction committed: the entry is there at once
      const [logged] = (await list({ action: 'export', entity: 'risk_evaluations' })).auditList;
      expect(logged).toMatchObject({ recordId: id, userId: ctx.demoAdmin.user._id, after: { format: 'xlsx' } });
    });

    rule.it('shows each entry the same in the list and the export', async () => {
      const [entry] = (await list({ entity: 'risk_master', action: 'update' })).auditList as AuditEntry[];
      const { rows } = await exportCsv('?entity=risk_master&action=update');
      const row = rows.find((r) => r[5] === entry.recordId)!;
      expect(row[2]).toBe(entry.fullName);
      expect(row[6]).toBe(entry.recordLabel ?? '');
      expect(JSON.parse(row[7])).toEqual(entry.before);
      expect(JSON.parse(row[8])).toEqual(entry.after);
    });
  });
}
