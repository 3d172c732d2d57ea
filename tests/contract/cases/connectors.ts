import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import {
  catalogueReply,
  connectionReply,
  connectionTestReply,
  requestConnectorsReply,
  runReply,
  runRowsReply,
  runsReply,
  type ConnectorKind,
} from '../../../contract/connectors';
import { connectorRowsForRequest } from '../../../server/modules/connectors/runs';
import { answers, serverTarget, testDatabase } from '../../../server/modules/connectors/testDatabases';
import type { Reply } from '../client';
import { expectFailure, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

const flat = (s: string) => s.replace(/\s+/g, '').replace(/\u0E33\u0E32/g, '\u0E33');
const pdfText = (bytes: Buffer) => flat(execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8'));

const customers = (kind: ConnectorKind) => {
  const id = kind === 'postgres' ? 'id serial primary key' : 'id int auto_increment primary key';
  return [
    `create table customers (${id}, email varchar(200) not null, phone varchar(30), full_name varchar(200), note text)`,
    'create index customers_email_idx on customers (email)',
    `insert into customers (email, phone, full_name, note) values
       ('somying@example.com', '0812345678', 'สมหญิง ใจงาม', 'ลูกค้าประจำ'),
       ('other@example.com', '0899999999', 'คนอื่น', 'ไม่เกี่ยว'),
       ('somying@example.com', null, 'สมหญิง (บัญชีที่สอง)', null)`,
  ];
};

/** Connectors (menu 16 for settings, menu 5 for runs): against the real PostgreSQL and MariaDB, on the server only. */
export function connectorsCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const viewer = () => ctx.demoViewer.access_token;
  const siam = () => ctx.siamAdmin.access_token;
  let dpoToken: string | undefined;
  const dpo = async () => (dpoToken ??= (await ctx.api.signin({ companyCode: 'DEMO', username: 'dpo', password: 'dpo1234567' })).access_token);
  const ok = <T>(reply: Reply, schema: z.ZodType<T>) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return schema.parse(reply.body);
  };

  const newSystem = async (name: string) =>
    ok(await ctx.api.post('/datamap-systems', { name }, { token: admin() }), z.object({ data: z.object({ id: z.string() }) })).data.id;
  const newRequest = async (email: string, phone?: string) => {
    const [row] = await ctx.db!.query<{ id: string }>(
      `insert into dsr_requests (company_id, form_id, reference_code, rights, requester_type, subject, email, due_at)
       select c.id, (select f.id from dsr_forms f where f.company_id = c.id order by f.created_at limit 1), $1, '{erasure}', 'subject', $2, $3, now() + interval '30 days'
         from companies c where c.code = 'DEMO' returning id`,
      [
        `DEMO-CONN-${randomBytes(4).toString('hex')}`,
        JSON.stringify({ firstname: 'สมหญิง', lastname: 'ใจงาม', email, ...(phone ? { phone } : {}) }),
        email,
      ],
    );
    return row.id;
  };
  const connect = async (systemId: string, kind: ConnectorKind, database: string, token = admin()) => {
    const t = serverTarget(kind, database);
    return ctx.api.put(
      `/datamap-systems/${systemId}/connection`,
      {
        kind,
        host: t.host,
        port: t.port,
        database,
        user: t.user,
        password: t.password || (kind === 'postgres' ? 'unused-by-trust' : ''),
        timeoutSeconds: 5,
      },
      { token },
    );
  };
  const table = (kind: ConnectorKind, erasure: 'delete_row' | 'hash') => ({
    schema: kind === 'postgres' ? 'public' : '',
    table: 'customers',
    identity: [
      { column: 'email', kind: 'email' },
      { column: 'phone', kind: 'phone' },
    ],
    columns: [
      { column: 'email', returned: true, erasure: erasure === 'hash' ? 'hash' : 'delete_row' },
      { column: 'full_name', returned: true, erasure: erasure === 'hash' ? 'hash' : 'keep' },
      { column: 'note', returned: false, erasure: erasure === 'hash' ? 'set_null' : 'keep' },
    ],
  });

  rule.describe('connectors', async () => {
    const up = { postgres: await answers('postgres'), mysql: await answers('mysql') };
    const both = up.postgres && up.mysql;
    const dbs: Awaited<ReturnType<typeof testDatabase>>[] = [];
    const systems: Record<ConnectorKind, string> = { postgres: '', mysql: '' };

    beforeAll(async () => {
      if (!both) return;
      for (const kind of ['postgres', 'mysql'] as const) {
        const db = await testDatabase(kind, 'pdpa_contract', customers(kind));
        dbs.push(db);
        systems[kind] = await newSystem(`ระบบลูกค้า ${kind} ${db.name}`);
        ok(await connect(systems[kind], kind, db.name), connectionReply);
        ok(
          await ctx.api.put(
            `/datamap-systems/${systems[kind]}/connection/tables`,
            { tables: [table(kind, kind === 'postgres' ? 'delete_row' : 'hash')] },
            { token: admin() },
          ),
          connectionReply,
        );
      }
    });
    afterAll(async () => {
      // other cases must not run on these systems: their connections go with the test databases
      for (const id of Object.values(systems)) if (id) await ctx.db!.query('delete from connector_settings where system_id = $1', [id]);
      for (const db of dbs) await db.drop();
    });

    (both ? rule.it : rule.it.skip)('keeps the password encrypted and never sends it back; tests the connection; lists the catalogue', async () => {
      const record = ok(await ctx.api.get(`/datamap-systems/${systems.postgres}/connection`, { token: viewer() }), connectionReply).data!;
      expect(record).toMatchObject({ kind: 'postgres', hasPassword: true, timeoutSeconds: 5 });
      expect(JSON.stringify(record)).not.toContain('unused-by-trust');
      const [stored] = await ctx.db!.query<{ password_secret: string }>('select password_secret from connector_settings where system_id = $1', [
        systems.postgres,
      ]);
      expect(stored.password_secret).not.toContain('unused-by-trust');
      expect(Buffer.from(stored.password_secret, 'base64').length).toBeGreaterThan(28);
      const tested = ok(await ctx.api.post(`/datamap-systems/${systems.mysql}/connection/test`, {}, { token: admin() }), connectionTestReply).data;
      expect(tested).toMatchObject({ ok: true, error: null });
      expect(tested.version).toMatch(/MariaDB|\d+\.\d+/);
      const catalogue = ok(await ctx.api.get(`/datamap-systems/${systems.postgres}/connection/catalogue`, { token: admin() }), catalogueReply).data;
      expect(catalogue.find((t) => t.table === 'customers')?.columns.map((c) => c.column)).toEqual(['id', 'email', 'phone', 'full_name', 'note']);
    });

    (both ? rule.it : rule.it.skip)('refuses a table or column the database does not list (400, nothing saved), and bad settings', async () => {
      const before = ok(await ctx.api.get(`/datamap-systems/${systems.postgres}/connection`, { token: admin() }), connectionReply).data!;
      const hostile = { ...table('postgres', 'delete_row'), table: 'customers"; drop table customers; --' };
      const refused = expectFailure(
        await ctx.api.put(`/datamap-systems/${systems.postgres}/connection/tables`, { tables: [hostile] }, { token: admin() }),
        400,
      );
      expect(refused.msg).toContain('customers"; drop table customers; --');
      const after = ok(await ctx.api.get(`/datamap-systems/${systems.postgres}/connection`, { token: admin() }), connectionReply).data!;
      expect(after.tables).toEqual(before.tables);
      expectFailure(
        await ctx.api.put(
          `/datamap-systems/${systems.postgres}/connection`,
          { kind: 'oracle', host: 'x', port: 1, database: 'x', user: 'x' },
          { token: admin() },
        ),
        400,
      );
      expectFailure(
        await ctx.api.put(
          `/datamap-systems/${systems.postgres}/connection/tables`,
          { tables: [{ ...table('postgres', 'hash'), identity: [] }] },
          { token: admin() },
        ),
        400,
      );
    });

    (both ? rule.it : rule.it.skip)('keeps every company to its own systems, requests and runs (404), a viewer to reading (403)', async () => {
      const requestId = await newRequest('somying@example.com');
      expectFailure(await ctx.api.get(`/datamap-systems/${systems.postgres}/connection`, { token: siam() }), 404);
      expectFailure(await ctx.api.post(`/datamap-systems/${systems.postgres}/connection/test`, {}, { token: siam() }), 404);
      expectFailure(await ctx.api.get(`/datamap-systems/${systems.postgres}/connection/catalogue`, { token: siam() }), 404);
      expectFailure(await connect(systems.postgres, 'postgres', 'x', siam()), 404);
      expectFailure(await ctx.api.get(`/consents/datasubject/${requestId}/connectors`, { token: siam() }), 404);
      expectFailure(await ctx.api.post(`/consents/datasubject/${requestId}/connectors/access`, {}, { token: siam() }), 404);
      expectMessage(await ctx.api.post(`/consents/datasubject/${requestId}/connectors/access`, {}, { token: viewer() }), 403, 'read_only');
      expectMessage(await ctx.api.post(`/consents/datasubject/${requestId}/connectors/erasure`, {}, { token: viewer() }), 403, 'read_only');
      expectMessage(await connect(systems.postgres, 'postgres', 'x', viewer()), 403, 'read_only');
      const [run] = ok(await ctx.api.post(`/consents/datasubject/${requestId}/connectors/erasure`, {}, { token: admin() }), runsReply).data;
      expectFailure(await ctx.api.post(`/connector-runs/${run.id}/approve`, {}, { token: siam() }), 404);
      expectFailure(await ctx.api.get(`/connector-runs/${run.id}/certificate`, { token: siam() }), 404);
      expectMessage(await ctx.api.post(`/connector-runs/${run.id}/approve`, {}, { token: viewer() }), 403, 'read_only');
      for (const r of ok(await ctx.api.get(`/consents/datasubject/${requestId}/connectors`, { token: admin() }), requestConnectorsReply).data)
        ok(await ctx.api.post(`/connector-runs/${r.id}/cancel`, {}, { token: admin() }), runReply);
    });

    (both ? rule.it : rule.it.skip)('finds the requester in both systems and keeps the rows with the request for its access pack', async () => {
      const requestId = await newRequest('somying@example.com', '+66 81 234 5678');
      const runs = ok(await ctx.api.post(`/consents/datasubject/${requestId}/connectors/access`, {}, { token: admin() }), runsReply).data;
      const mine = runs.filter((r) => r.systemId === systems.postgres || r.systemId === systems.mysql);
      expect(mine.map((r) => [r.status, r.error])).toEqual([
        ['done', null],
        ['done', null],
      ]);
      const pgRun = mine.find((r) => r.systemId === systems.postgres)!;
      expect(pgRun.counts).toEqual({ 'public.customers': 2 });
      const rows = ok(await ctx.api.get(`/connector-runs/${pgRun.id}/rows`, { token: viewer() }), runRowsReply).data;
      expect(rows.tables[0].columns).toEqual(['email', 'full_name']);
      expect(rows.tables[0].rows.map((r) => r.full_name).sort()).toEqual(['สมหญิง (บัญชีที่สอง)', 'สมหญิง ใจงาม']);
      expect(JSON.stringify(rows)).not.toContain('คนอื่น');
      const pack = await connectorRowsForRequest(ctx.db!, (await companyOf('DEMO')).id, requestId);
      const systemsFound = pack.filter((p) => p.systemId === systems.postgres || p.systemId === systems.mysql);
      expect(systemsFound.map((p) => p.tables[0].rows.length)).toEqual([2, 2]);
    });

    (both ? rule.it : rule.it.skip)(
      'erases after a dry run and a second person’s approval, one transaction per system, with a certificate',
      async () => {
        const requestId = await newRequest('somying@example.com');
        const dry = ok(await ctx.api.post(`/consents/datasubject/${requestId}/connectors/erasure`, {}, { token: admin() }), runsReply).data.filter(
          (r) => r.systemId === systems.postgres || r.systemId === systems.mysql,
        );
        expect(dry.map((r) => r.status)).toEqual(['awaiting_approval', 'awaiting_approval']);
        expect(dry.map((r) => Object.values(r.counts)[0])).toEqual([2, 2]);
        // the one who ran the dry run may not approve it; nothing is erased before the approval
        for (const run of dry)
          expectMessage(await ctx.api.post(`/connector-runs/${run.id}/approve`, {}, { token: admin() }), 409, 'approval_self_author');
        expectMessage(await ctx.api.get(`/connector-runs/${dry[0].id}/certificate`, { token: admin() }), 409, 'connector_certificate_not_done');
        const token = await dpo();
        const done = [];
        for (const run of dry) done.push(ok(await ctx.api.post(`/connector-runs/${run.id}/approve`, {}, { token }), runReply).data);
        expect(done.map((r) => r.status)).toEqual(['erased', 'erased']);
        for (const r of done) {
          expect(r.keysDigest).toMatch(/^[0-9a-f]{64}$/);
          expect(r.certificateNumber).toMatch(/^DEMO-ER-25\d\d\/\d{4}$/);
          expect(r.approvedBy).not.toBeNull();
        }
        expectMessage(await ctx.api.post(`/connector-runs/${dry[0].id}/approve`, {}, { token }), 409, 'connector_run_state');
        // the other customer stays; the requester is gone (PostgreSQL) or hashed (MariaDB)
        const after = ok(await ctx.api.post(`/consents/datasubject/${requestId}/connectors/access`, {}, { token: admin() }), runsReply).data;
        for (const r of after.filter((x) => x.systemId === systems.postgres || x.systemId === systems.mysql))
          expect(Object.values(r.counts)).toEqual([0]);
        const other = await newRequest('other@example.com');
        const still = ok(await ctx.api.post(`/consents/datasubject/${other}/connectors/access`, {}, { token: admin() }), runsReply).data;
        for (const r of still.filter((x) => x.systemId === systems.postgres || x.systemId === systems.mysql))
          expect(Object.values(r.counts)).toEqual([1]);
        const pdf = await ctx.api.get(`/connector-runs/${done[0].id}/certificate`, { token: viewer() });
        expect(pdf.status).toBe(200);
        expect(pdf.headers.get('content-type')).toBe('application/pdf');
        const text = pdfText(pdf.bytes);
        expect(text).toContain(flat('หนังสือรับรองการลบข้อมูลส่วนบุคคล'));
        expect(text).toContain(done[0].certificateNumber!);
        expect(text).toContain(done[0].keysDigest!);
        expect(text).toMatch(/25\d\d/);
      },
    );
  });

  const companyOf = async (code: string) => (await ctx.db!.query<{ id: string }>('select id from companies where code = $1', [code]))[0];
}
