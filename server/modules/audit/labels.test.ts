import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ENTITY } from '../../../contract/audit';
import auditTexts from '../../../i18n/audit';
import type { Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedDemo } from '../../db/seed';
import { testDatabases } from '../../db/testDatabases';
import { withActor, type Actor } from '../../http/actorDb';
import { LABELLED_ENTITIES, labelColumns } from './labels';

const databases = testDatabases('pdpa_audit_labels');

interface Labelled {
  action: string;
  entity: string;
  record_id: string | null;
  record_label: string | null;
  names: Record<string, string>;
}

/** Record types the API writes itself besides the tables (exports of a derived list). */
const EXPORT_ENTITIES = [...Object.values(AUDIT_ENTITY), 'quiz_results'];

/** The trail names records and people, resolved in its own SQL. */
describe.each(databases)('audit trail labels on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let companyId: string;
  let actor: Actor;
  const lastId = async () => Number((await db.query<{ id: string }>('select coalesce(max(id), 0) as id from audit_log'))[0].id);
  const labelledSince = (id: number, lang: 'th' | 'en' = 'th') =>
    db.query<Labelled>(`select a.action, a.entity, a.record_id, ${labelColumns(lang)} from audit_log a where a.id > $1 order by a.id`, [id]);

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

  it('has a label and a Thai and English record-type name for every table the triggers watch', async () => {
    const tables = await db.query<{ name: string }>(
      `select distinct c.relname::text as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where g.tgname = 'audit_row' and c.relnamespace = current_schema()::regnamespace order by 1`,
    );
    const entities = [...tables.map((t) => t.name), ...EXPORT_ENTITIES];
    expect(entities.length).toBeGreaterThan(40);
    const th: Record<string, string> = auditTexts.th.audit.entities;
    const en: Record<string, string> = auditTexts.en.audit.entities;
    expect(entities.filter((e) => !LABELLED_ENTITIES.includes(e))).toEqual([]);
    expect(entities.filter((e) => !th[e] || !en[e])).toEqual([]);
    expect(entities.filter((e) => th[e] === en[e])).toEqual([]);
  });

  it('names the record changed, a record deleted since, and the people and records its fields point at', async () => {
    const start = await lastId();
    const ids = await withActor(db, actor, async (tx) => {
      const [viewer] = await tx.query<{ id: string; role_id: string; department_id: string | null }>(
        `select id, role_id, department_id from users where company_id = $1 and username = 'viewer'`,
        [companyId],
      );
      const [dpoRole] = await tx.query<{ id: string; name: string }>(`select id, name from roles where company_id = $1 and builtin = 'dpo'`, [
        companyId,
      ]);
      const [oldRole] = await tx.query<{ name: string }>('select name from roles where id = $1', [viewer.role_id]);
      const [department] = await tx.query<{ id: string }>(`insert into departments (company_id, name) values ($1, 'ฝ่ายตรวจสอบภายใน') returning id`, [
        companyId,
      ]);
      await tx.query(`update departments set name = 'ฝ่ายตรวจสอบและกำกับ' where id = $1`, [department.id]);
      const [position] = await tx.query<{ id: string }>(
        `insert into positions (company_id, department_id, name) values ($1, $2, 'ผู้ตรวจสอบชั่วคราว') returning id`,
        [companyId, department.id],
      );
      await tx.query('delete from positions where id = $1', [position.id]);
      await tx.query('update users set role_id = $2, department_id = $3 where id = $1', [viewer.id, dpoRole.id, department.id]);
      await tx.query('update role_menus set can_edit = not can_edit where role_id = $1 and menu_id = 2', [dpoRole.id]);
      return { viewer, dpoRole, oldRole, department };
    });
    const [viewerName] = await db.query<{ name: string }>(`select trim(concat_ws(' ', firstname, lastname)) as name from users where id = $1`, [
      ids.viewer.id,
    ]);

    const [created, renamed, positionCreated, positionDeleted, userChanged, rights] = await labelledSince(start);
    // a record as it is now: the department's current name, on its creation too
    expect(created).toMatchObject({ entity: 'departments', action: 'create', record_label: 'ฝ่ายตรวจสอบและกำกับ' });
    expect(renamed).toMatchObject({ entity: 'departments', action: 'update', record_label: 'ฝ่ายตรวจสอบและกำกับ' });
    // deleted since: named as the entry saw it
    expect(positionCreated.record_label).toBe('ผู้ตรวจสอบชั่วคราว');
    expect(positionDeleted).toMatchObject({ entity: 'positions', action: 'delete', record_label: 'ผู้ตรวจสอบชั่วคราว' });
    expect(userChanged).toMatchObject({ entity: 'users', action: 'update', record_id: ids.viewer.id, record_label: viewerName.name });
    expect(userChanged.names).toMatchObject({
      [ids.dpoRole.id]: ids.dpoRole.name,
      [ids.viewer.role_id]: ids.oldRole.name,
      [ids.department.id]: 'ฝ่ายตรวจสอบและกำกับ',
    });
    expect(rights).toMatchObject({ entity: 'role_menus', record_label: ids.dpoRole.name });
  });

  it('names a version in the reader’s language, and answers every record type even for ids that are not its own', async () => {
    const start = await lastId();
    // one entry per record type, with an id of the wrong kind: no error, no name
    await db.query(
      `insert into audit_log (company_id, action, entity, record_id)
       select $1, 'export', e, 'not-an-id/also-not' from unnest($2::text[]) e`,
      [companyId, LABELLED_ENTITIES],
    );
    const odd = await labelledSince(start, 'en');
    expect(odd).toHaveLength(LABELLED_ENTITIES.length);
    expect(odd.filter((e) => e.record_label !== null)).toEqual([]);

    const [form] = await db.query<{ id: string; name: string }>(
      `select id, draft #>> '{header,projectName}' as name from consent_forms where company_id = $1 and exists
        (select 1 from consent_form_versions v where v.form_id = consent_forms.id) limit 1`,
      [companyId],
    );
    const [version] = await db.query<{ id: string; version: number }>('select id, version from consent_form_versions where form_id = $1 limit 1', [
      form.id,
    ]);
    const next = await lastId();
    await db.query(`insert into audit_log (company_id, action, entity, record_id) values ($1, 'export', 'consent_form_versions', $2)`, [
      companyId,
      version.id,
    ]);
    const [th] = await labelledSince(next, 'th');
    const [en] = await labelledSince(next, 'en');
    expect(th.record_label).toBe(`${form.name} · ฉบับที่ ${version.version}`);
    expect(en.record_label).toBe(`${form.name} · version ${version.version}`);
  });
});
