import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorKind, ConnectorTable } from '../../../contract/connectors';
import { readCatalogue } from './catalogue';
import { ConnectorTimeout, reasonOf, withConnection } from './drivers';
import { accessRows, erase, erasureCounts } from './engine';
import { answers, testDatabase } from './testDatabases';

// a table and columns named to break naive SQL: quotes of both dialects, a statement end, a comment, Thai
const TABLE = `cust"omers\`; drop table x; -- ลูกค้า`;
const EMAIL = `e"mail\` /* x */`;
const NOTE = `note'; --`;
const HOSTILE = [
  `o'brien@example.com`,
  `x"; drop table customers; --@example.com`,
  `a\`b@example.com' or '1'='1`,
  'สมชาย@ตัวอย่าง.ไทย',
  `/* c */ -- @example.com`,
];
const NUL = 'nul\u0000@example.com';

const quote = (kind: ConnectorKind, name: string) => (kind === 'postgres' ? `"${name.replace(/"/g, '""')}"` : `\`${name.replace(/`/g, '``')}\``);
const literal = (kind: ConnectorKind, value: string) =>
  kind === 'postgres' ? `'${value.replace(/'/g, "''")}'` : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''").split('\u0000').join('\\0')}'`;

const setting = (kind: ConnectorKind, erasure: ConnectorTable['columns'][number]['erasure'] = 'delete_row'): ConnectorTable => ({
  schema: kind === 'postgres' ? 'public' : '',
  table: TABLE,
  identity: [
    { column: EMAIL, kind: 'email' },
    { column: 'customer_no', kind: 'customer_no' },
  ],
  columns: [
    { column: EMAIL, returned: true, erasure },
    { column: NOTE, returned: true, erasure: erasure === 'delete_row' ? 'keep' : 'set_null' },
    { column: 'customer_no', returned: true, erasure: 'keep' },
  ],
});

for (const kind of ['postgres', 'mysql'] as const) {
  const up = await answers(kind);
  const values = kind === 'postgres' ? HOSTILE : [...HOSTILE, NUL];
  describe.skipIf(!up)(`connectors on ${kind === 'postgres' ? 'PostgreSQL' : 'MariaDB'}`, () => {
    let db: Awaited<ReturnType<typeof testDatabase>>;
    const count = async () =>
      withConnection(db.target(), async (c) => Number((await c.query(`select count(*) as n from ${quote(kind, TABLE)}`)).rows[0].n));

    beforeAll(async () => {
      const id = kind === 'postgres' ? 'id serial primary key' : 'id int auto_increment primary key';
      db = await testDatabase(kind, 'pdpa_connector', [
        `create table ${quote(kind, TABLE)} (${id}, ${quote(kind, EMAIL)} varchar(200), ${quote(kind, NOTE)} text, customer_no bigint)`,
        `create index email_idx on ${quote(kind, TABLE)} (${quote(kind, EMAIL)})`,
        ...[...values, 'plain@example.com'].map(
          (v, i) =>
            `insert into ${quote(kind, TABLE)} (${quote(kind, EMAIL)}, ${quote(kind, NOTE)}, customer_no) values (${literal(kind, v)}, 'หมายเหตุ ${i}', ${1000 + i})`,
        ),
      ]);
    });
    afterAll(async () => {
      await db?.drop();
    });

    it("lists the database's own tables and columns, the hostile names as they are, the key marked", async () => {
      const catalogue = await withConnection(db.target(), (c) => readCatalogue(c));
      const table = catalogue.find((t) => t.table === TABLE);
      expect(table?.columns.map((c) => c.column)).toEqual(['id', EMAIL, NOTE, 'customer_no']);
      expect(table?.columns.find((c) => c.key)?.column).toBe('id');
    });

    it('finds each hostile value in its own row only, and a value that matches nobody finds nothing', async () => {
      for (const [i, value] of values.entries()) {
        const [found] = await withConnection(db.target(), (c) => accessRows(c, [setting(kind)], { email: [value] }));
        expect(found.rows, JSON.stringify(value)).toHaveLength(1);
        expect(found.rows[0]).toMatchObject({ [EMAIL]: value, [NOTE]: `หมายเหตุ ${i}` });
      }
      const [none] = await withConnection(db.target(), (c) => accessRows(c, [setting(kind)], { email: [`' or 1=1 --`, `"; delete from x; --`] }));
      expect(none.rows).toEqual([]);
      // a customer number that is not a number cannot match a bigint column: nothing read, no error
      const [byNumber] = await withConnection(db.target(), (c) => accessRows(c, [setting(kind)], { customer_no: ['1 or 1=1', '1000'] }));
      expect(byNumber.rows.map((r) => r[EMAIL])).toEqual([values[0]]);
    });

    it('counts on a dry run, then erases the hostile row alone in one transaction, with a digest of its key', async () => {
      const before = await count();
      const target = values[1];
      expect(await withConnection(db.target(), (c) => erasureCounts(c, [setting(kind)], { email: [target] }))).toEqual({
        [kind === 'postgres' ? `public.${TABLE}` : TABLE]: 1,
      });
      expect(await count()).toBe(before);
      const outcome = await withConnection(db.target(), (c) => erase(c, [setting(kind)], { email: [target, `' or '1'='1`] }));
      expect(Object.values(outcome.counts)).toEqual([1]);
      expect(outcome.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(await count()).toBe(before - 1);
      const [gone] = await withConnection(db.target(), (c) => accessRows(c, [setting(kind)], { email: [target] }));
      expect(gone.rows).toEqual([]);
      const [others] = await withConnection(db.target(), (c) => accessRows(c, [setting(kind)], { email: values.filter((v) => v !== target) }));
      expect(others.rows).toHaveLength(values.length - 1);
    });

    it('replaces by a one-way hash and empties instead of deleting, touching no other row', async () => {
      const target = values[3];
      const outcome = await withConnection(db.target(), (c) => erase(c, [setting(kind, 'hash')], { email: [target] }));
      expect(Object.values(outcome.counts)).toEqual([1]);
      const rows = await withConnection(
        db.target(),
        async (c) =>
          (await c.query(`select ${quote(kind, EMAIL)} as e, ${quote(kind, NOTE)} as n from ${quote(kind, TABLE)} where customer_no = 1003`)).rows,
      );
      expect(rows[0].e).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].n).toBeNull();
      const [rest] = await withConnection(db.target(), (c) => accessRows(c, [setting(kind)], { email: ['plain@example.com'] }));
      expect(rest.rows[0][NOTE]).toMatch(/^หมายเหตุ/);
    });

    it('refuses to run on a table or column the database no longer lists, and undoes a failed erasure', async () => {
      const missing = { ...setting(kind), columns: [...setting(kind).columns, { column: 'gone', returned: true, erasure: 'keep' as const }] };
      await expect(withConnection(db.target(), (c) => accessRows(c, [missing], { email: [values[0]] }))).rejects.toThrow(
        /^schema: .*gone: not in the database/,
      );
      const before = await count();
      // the second table fails as it runs (a hash is longer than its column): the first table's deletion is undone
      await db.run([
        `create table other (id int primary key, mail varchar(200) not null, code varchar(10))`,
        `insert into other values (1, ${literal(kind, values[0])}, 'abc')`,
      ]);
      const other: ConnectorTable = {
        schema: kind === 'postgres' ? 'public' : '',
        table: 'other',
        identity: [{ column: 'mail', kind: 'email' }],
        columns: [{ column: 'code', returned: true, erasure: 'hash' }],
      };
      const err = await withConnection(db.target(), (c) => erase(c, [setting(kind), other], { email: [values[0]] })).catch((e: unknown) => e);
      expect(reasonOf(err)).toMatch(/^error: /);
      expect(await count()).toBe(before);
    });

    it('fails a slow statement after its timeout with a clear reason, the event loop free meanwhile', async () => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 50);
      const started = performance.now();
      const sleep = kind === 'postgres' ? 'select pg_sleep(5)' : 'select sleep(5)';
      const err = await withConnection(db.target(1000), (c) => c.query(sleep)).catch((e: unknown) => e);
      clearInterval(timer);
      expect(performance.now() - started).toBeLessThan(3000);
      expect(reasonOf(err)).toMatch(/^timeout/);
      expect(ticks).toBeGreaterThan(10);
    });
  });
}

describe('an unreachable or silent system', () => {
  it('fails after its timeout with a clear reason when the host never answers, at once when it refuses', async () => {
    // a host that accepts the connection and never says a word
    const held: Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      for (const kind of ['postgres', 'mysql'] as const) {
        const started = performance.now();
        const err = await withConnection(
          { kind, host: '127.0.0.1', port, database: 'x', user: 'x', password: '', timeoutMs: 1000 },
          async () => 1,
        ).catch((e: unknown) => e);
        expect(performance.now() - started).toBeGreaterThanOrEqual(900);
        expect(performance.now() - started).toBeLessThan(2500);
        expect(reasonOf(err)).toMatch(/^timeout/);
      }
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
    const refused = await withConnection(
      { kind: 'mysql', host: '127.0.0.1', port: 1, database: 'x', user: 'x', password: '', timeoutMs: 1000 },
      async () => 1,
    ).catch((e: unknown) => e);
    expect(reasonOf(refused)).toMatch(/^unreachable/);
    expect(reasonOf(new ConnectorTimeout(10))).toBe('timeout: 10');
  });
});
