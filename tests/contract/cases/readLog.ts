import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { readLogEntry, readLogListReply, type ReadLogEntry } from '../../../contract/audit';
import { expectFailure, expectInvalidField, type Ctx } from '../expectations';
import { kinds } from '../kinds';

const listReply = readLogListReply.extend({ status: z.literal(200), data: z.array(readLogEntry.strict()) }).strict();

/**
 * Who read personal data (issue 31 §3): the routes that show a data subject's records keep each call
 * in `personal_data_reads`, written in batches a moment later; `GET /audit/reads` (menu 13) lists them.
 */
export function readLogCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const reads = async (filter: Record<string, string>, token = admin()) => {
    const reply = await ctx.api.get(`/audit/reads?${new URLSearchParams({ filter: JSON.stringify(filter), range: '[0,99]' })}`, { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return listReply.parse(reply.body);
  };
  /**
   * The reads matching `filter` (and `which`, when given: other cases read the same records) once the
   * batch is written, within a second or two.
   */
  const readsSoon = async (filter: Record<string, string>, which: (r: ReadLogEntry) => boolean = () => true): Promise<ReadLogEntry[]> => {
    for (let i = 0; i < 40; i++) {
      const found = (await reads(filter)).data.filter(which);
      if (found.length) return found;
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`no read of ${JSON.stringify(filter)} was logged`);
  };
  const demoRequest = async () =>
    (
      await ctx.db!.query<{ id: string }>(
        `select r.id from dsr_requests r join companies c on c.id = r.company_id where c.code = 'DEMO' order by r.received_at desc limit 1`,
      )
    )[0].id;

  describe('the log of who read personal data', () => {
    rule.it("keeps a request's reading: who, when, which request, from where, through which call; SIAM sees none of it", async () => {
      const id = await demoRequest();
      const started = Date.now();
      expect((await ctx.api.get(`/consents/datasubject/state?requestId=${id}`, { token: admin() })).status).toBe(200);
      const [entry] = await readsSoon({ recordId: id }, (r) => r.route === 'GET /consents/datasubject/state' && Date.parse(r.at) >= started - 1000);
      expect(entry).toMatchObject({
        username: 'admin',
        fullName: 'สมชาย ใจดี',
        entity: 'dsr_requests',
        recordIds: [id],
        route: 'GET /consents/datasubject/state',
      });
      expect(entry.ip).not.toBe('');
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1000);
      expect((await reads({ recordId: id }, ctx.siamAdmin.access_token)).data).toEqual([]);
    });

    rule.it('keeps a list page as one read of the rows it showed; a list of no personal data is not logged', async () => {
      const page = await ctx.api.get('/consents/datasubject/list?currentPage=1&limit=5', { token: admin() });
      const ids = (page.body.requestList as { _id: string }[]).map((r) => r._id);
      expect(ids.length).toBeGreaterThan(1);
      const [entry] = await readsSoon(
        { recordId: ids.at(-1)! },
        (r) => r.route === 'GET /consents/datasubject/list' && r.recordIds.length === ids.length,
      );
      expect(entry.recordIds).toEqual(ids);
      await ctx.api.get('/ropa/activity', { token: admin() });
      await ctx.api.get('/consents/datasubject/state', { token: admin() });
      await new Promise((r) => setTimeout(r, 1500));
      const { data } = await reads({});
      expect(data.map((r) => r.route)).not.toContain('GET /ropa/activity');
      // the state list without a request shows nobody's data
      expect(data.filter((r) => r.route === 'GET /consents/datasubject/state').every((r) => r.recordIds.length === 1)).toBe(true);
    });

    rule.it("keeps the consent records' pages and an app's reading of a subject's consents (the key's name as who)", async () => {
      const page = await ctx.api.get('/consents/manage/list?currentPage=1&limit=3', { token: admin() });
      const ids = (page.body.consentlist as { _id: string }[]).map((r) => r._id);
      expect(ids.length).toBeGreaterThan(0);
      await readsSoon({ recordId: ids[0], entity: 'consent_records' }, (r) => r.route === 'GET /consents/manage/list');

      const key = await ctx.api.post(
        '/api-keys',
        { name: `อ่านความยินยอม ${Date.now()}`, scopes: ['consent:read'], rateLimit: 600 },
        { token: admin() },
      );
      expect(key.status, JSON.stringify(key.body)).toBe(200);
      const subjectId = `read-log-${Date.now()}`;
      expect((await ctx.api.get(`/consent-api/consents?subjectId=${subjectId}`, { token: key.body.data.secret })).status).toBe(200);
      const [entry] = await readsSoon({ recordId: subjectId });
      expect(entry).toMatchObject({
        entity: 'consent_subjects',
        userId: null,
        username: `API · ${key.body.data.name}`,
        route: 'GET /consent-api/consents',
      });
    });

    rule.it("keeps the exports' rows as reads: the requests' CSV and XLSX, the consent records' streamed CSV", async () => {
      const id = await demoRequest();
      expect((await ctx.api.get('/consents/datasubject/export', { token: admin() })).status).toBe(200);
      await readsSoon({ recordId: id }, (r) => r.route === 'GET /consents/datasubject/export');
      expect((await ctx.api.get('/consents/datasubject/list/export', { token: admin() })).status).toBe(200);
      await readsSoon({ recordId: id }, (r) => r.route === 'GET /consents/datasubject/list/export');
      const consent = await ctx.api.get('/consents/manage/list?currentPage=1&limit=1', { token: admin() });
      const [record] = consent.body.consentlist as { _id: string }[];
      const csv = await ctx.api.get('/consents/manage/export', { token: admin() });
      expect(csv.status).toBe(200);
      // the CSV streams out: its rows are kept once the last line has gone
      await readsSoon({ recordId: record._id }, (r) => r.route === 'GET /consents/manage/export');
    });

    rule.it('filters by person, kind and days, exports what it lists, refuses a bad filter, and is menu 13 only', async () => {
      const id = await demoRequest();
      await ctx.api.get(`/consents/datasubject/pack?requestId=${id}`, { token: admin() });
      const [pack] = await readsSoon({ recordId: id, entity: 'dsr_requests' }, (r) => r.route === 'GET /consents/datasubject/pack');
      const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
      const mine = await reads({ user: pack.userId!, from: today, to: today, entity: 'dsr_requests' });
      expect(mine.data.length).toBeGreaterThan(0);
      expect(mine.data.every((r) => r.userId === pack.userId && r.entity === 'dsr_requests')).toBe(true);
      expect((await reads({ from: '2020-01-01', to: '2020-01-02' })).total).toBe(0);

      const file = await ctx.api.get(`/audit/reads/export?${new URLSearchParams({ filter: JSON.stringify({ recordId: id }) })}`, { token: admin() });
      expect(file.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect(sheet.getCell(1, 1).value).toBe('วันและเวลา');
      expect(sheet.rowCount - 1).toBe((await reads({ recordId: id })).total);
      expect(String(sheet.getCell(2, 4).value)).toContain(id);

      expectInvalidField(
        await ctx.api.get(`/audit/reads?${new URLSearchParams({ filter: JSON.stringify({ entity: 'users' }) })}`, { token: admin() }),
        'filter.entity',
      );
      expectFailure(await ctx.api.get('/audit/reads', { token: ctx.demoViewer.access_token }), 403);
    });
  });
}
