import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedDemo } from '../../db/seed';
import { withActor, type Actor } from '../../http/actorDb';
import { testDatabases } from '../../db/testDatabases';

const databases = testDatabases('pdpa_audit');

interface LogRow {
  action: string;
  entity: string;
  record_id: string | null;
  company_id: string | null;
  user_id: string | null;
  username: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

/** The audit trail in the database itself: triggers, the actor, the append-only rule. */
describe.each(databases)('audit_log on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let companyId: string;
  let actor: Actor;

  const logSince = async (id: number) =>
    db.query<LogRow>('select action, entity, record_id, company_id, user_id, username, before, after, ip from audit_log where id > $1 order by id', [
      id,
    ]);
  const lastId = async () => Number((await db.query<{ id: string }>('select coalesce(max(id), 0) as id from audit_log'))[0].id);

  beforeAll(async () => {
    ({ db, drop } = await database.open());
    await migrate(db);
    await seedDemo(db);
    const [admin] = await db.query<{ id: string; company_id: string }>(
      `select u.id, u.company_id from users u join companies c on c.id = u.company_id where c.code = 'DEMO' and u.username = 'admin'`,
    );
    companyId = admin.company_id;
    actor = { companyId, userId: admin.id, username: 'admin', ip: '203.0.113.7' };
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('logs nothing of the seed, nor of a write without an actor (bulk loads, maintenance)', async () => {
    const start = await lastId();
    expect(start).toBe(0);
    await db.query(`insert into risk_master (company_id, type, name) values ($1, 1, 'no actor')`, [companyId]);
    expect(await logSince(start)).toEqual([]);
  });

  it('logs a change of role rights and of a user’s role, never a password', async () => {
    const start = await lastId();
    await withActor(db, actor, async (tx) => {
      const [viewer] = await tx.query<{ id: string; role_id: string }>(
        `select id, role_id from users where company_id = $1 and username = 'viewer'`,
        [companyId],
      );
      const [dpo] = await tx.query<{ id: string }>(`select id from roles where company_id = $1 and builtin = 'dpo'`, [companyId]);
      await tx.query('update role_menus set can_edit = true where role_id = $1 and menu_id = 2', [viewer.role_id]);
      await tx.query(`update users set role_id = $2, password_hash = 'new-hash' where id = $1`, [viewer.id, dpo.id]);
      await tx.query(`insert into users (company_id, username, password_hash, role_id) values ($1, 'newcomer', 'secret-hash', $2)`, [
        companyId,
        dpo.id,
      ]);
    });
    const [rights, role, created] = await logSince(start);
    expect(rights).toMatchObject({
      action: 'update',
      entity: 'role_menus',
      company_id: companyId,
      user_id: actor.userId,
      username: 'admin',
      ip: '203.0.113.7',
      before: { can_edit: false },
      after: { can_edit: true },
    });
    expect(rights.record_id).toMatch(/^[0-9a-f-]{36}\/2$/);
    expect(role).toMatchObject({ action: 'update', entity: 'users', before: { password_hash: '***' }, after: { password_hash: '***' } });
    expect(Object.keys(role.after ?? {}).sort()).toEqual(['password_hash', 'role_id']);
    expect(created).toMatchObject({ action: 'create', entity: 'users', after: { username: 'newcomer' } });
    expect(JSON.stringify(await logSince(start))).not.toMatch(/secret-hash|new-hash/);
  });

  it('keeps a nested transaction’s failure to itself: the caller may catch it and go on', async () => {
    const start = await lastId();
    await withActor(db, actor, async (tx) => {
      await tx.query(`insert into risk_master (company_id, type, name) values ($1, 1, 'kept')`, [companyId]);
      await expect(
        tx.tx(async (q) => {
          await q.query(`insert into risk_master (company_id, type, name) values ($1, 1, 'undone')`, [companyId]);
          await q.query('select 1 / 0');
        }),
      ).rejects.toThrow();
      await tx.tx((q) => q.query(`insert into risk_master (company_id, type, name) values ($1, 2, 'nested')`, [companyId]));
    });
    const names = (await logSince(start)).map((r) => r.after?.name);
    expect(names).toEqual(['kept', 'nested']);
  });

  it('undoes the log with the write when the transaction fails', async () => {
    const start = await lastId();
    await expect(
      withActor(db, actor, async (tx) => {
        await tx.query(`insert into risk_master (company_id, type, name) values ($1, 1, 'rolled back')`, [companyId]);
        throw new Error('the handler failed');
      }),
    ).rejects.toThrow('the handler failed');
    expect(await logSince(start)).toEqual([]);
    // the actor was the transaction's alone
    const [setting] = await db.query<{ actor: string | null }>(`select current_setting('pdpa.actor', true) as actor`);
    expect(setting.actor || null).toBeNull();
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the log, with or without an actor', async () => {
    expect(await lastId()).toBeGreaterThan(0);
    for (const sql of ['update audit_log set ip = null', 'delete from audit_log', 'truncate audit_log']) {
      await expect(db.query(sql), sql).rejects.toMatchObject({ code: '42501' });
      await expect(
        withActor(db, actor, (tx) => tx.query(sql)),
        sql,
      ).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('audits the tables of a later migration by itself, but not the ones it skips', async () => {
    await db.exec(`
      create table audit_probe (id uuid primary key default gen_random_uuid(), company_id uuid not null, title text not null);
      create table audit_probe_cache (company_id uuid primary key, hits int not null);
      insert into audit_skip (table_name) values ('audit_probe_cache');
    `);
    const [attached] = await db.query<{ n: number }>('select audit_attach_all() as n');
    expect(attached.n).toBe(1);
    const start = await lastId();
    await withActor(db, actor, async (tx) => {
      await tx.query(`insert into audit_probe (company_id, title) values ($1, 'hello')`, [companyId]);
      await tx.query(`insert into audit_probe_cache (company_id, hits) values ($1, 1)`, [companyId]);
    });
    expect(await logSince(start)).toMatchObject([{ action: 'create', entity: 'audit_probe', company_id: companyId, after: { title: 'hello' } }]);
  });
});
