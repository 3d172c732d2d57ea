import { Readable } from 'node:stream';
import {
  AUDIT_ENTITY,
  auditFilters,
  auditListQuery,
  type AuditEntry,
  type AuditFilters,
  auditListReply,
  auditOptionsReply,
} from '../../../contract/audit';
import { addDays, bangkokDayStart } from '../../../contract/clock';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { pageOffset } from '../../db/paging';
import { route } from '../../http/route';
import { auditCsv } from './csv';
import { auditExport } from './record';
import { labelColumns } from './labels';
import type { Lang } from '../../http/messages';

const access = { menuId: MENU.settings.menuId } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// a day of the filters is a Bangkok calendar day, from its midnight to the next

/** The WHERE of a company's rows matching the filters; `$1` is the company. */
function matching(companyId: string, f: AuditFilters) {
  const params: unknown[] = [companyId];
  const where = ['a.company_id = $1'];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.user) add(UUID.test(f.user) ? 'a.user_id = ?::uuid' : 'lower(a.username) = lower(?)', f.user);
  if (f.entity) add('a.entity = ?', f.entity);
  if (f.action) add('a.action = ?', f.action);
  if (f.from) add('a.at >= ?', bangkokDayStart(f.from));
  if (f.to) add('a.at < ?', addDays(bangkokDayStart(f.to), 1));
  return { where: where.join(' and '), params };
}

export interface AuditRow {
  id: string;
  at: Date | string;
  /** `at` as the database prints it: exact to the microsecond, for paging by it */
  at_key: string;
  action: string;
  entity: string;
  record_id: string | null;
  user_id: string | null;
  username: string | null;
  full_name: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  /** the record's name (audit/labels.ts) */
  record_label: string | null;
  /** uuid -> name of the records and people the changed fields point at */
  names: Record<string, string>;
}

/** The entries with the person's name, the record's name and the names of what the fields point at, in one statement. */
const SELECT = {
  th: select('th'),
  en: select('en'),
};
function select(lang: Lang) {
  return `select a.id, a.at, a.at::text as at_key, a.action, a.entity, a.record_id, a.user_id, a.username,
       nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '') as full_name, a.before, a.after, a.ip,
       ${labelColumns(lang)}
  from audit_log a left join users u on u.id = a.user_id and u.company_id = a.company_id`;
}

export const toAuditEntry = (r: AuditRow): AuditEntry => ({
  _id: String(r.id),
  at: new Date(r.at).toISOString(),
  action: r.action,
  entity: r.entity,
  recordId: r.record_id,
  recordLabel: r.record_label,
  names: r.names ?? {},
  userId: r.user_id,
  username: r.username,
  fullName: r.full_name,
  before: r.before,
  after: r.after,
  ip: r.ip,
});

/** Every row matching the filters, newest first, read in batches (an export may be long). */
async function* allMatching(db: Queryable, companyId: string, filters: AuditFilters, belowId: string, lang: Lang) {
  const { where, params } = matching(companyId, filters);
  params.push(belowId);
  const base = `${where} and a.id < $${params.length}::bigint`;
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const page = [...params];
    let keyset = '';
    if (after) {
      page.push(after.at, after.id);
      keyset = ` and (a.at, a.id) < ($${page.length - 1}::timestamptz, $${page.length}::bigint)`;
    }
    const rows = await db.query<AuditRow>(`${SELECT[lang]} where ${base}${keyset} order by a.at desc, a.id desc limit 500`, page);
    yield* rows;
    if (rows.length < 500) return;
    const last = rows[rows.length - 1];
    after = { at: last.at_key, id: String(last.id) };
  }
}

/** The audit trail under settings (menu 13): the company's rows, newest first, and its CSV export. */
export const auditRoutes = [
  route({
    method: 'GET',
    url: '/audit/list',
    access,
    reply: auditListReply,
    query: auditListQuery,
    handler: async ({ db, session, query, lang }) => {
      const { where, params } = matching(session.companyId, query);
      const [rows, [count]] = await Promise.all([
        db.query<AuditRow>(`${SELECT[lang]} where ${where} order by a.at desc, a.id desc limit $${params.length + 1} offset $${params.length + 2}`, [
          ...params,
          query.limit,
          pageOffset(query),
        ]),
        db.query<{ total: number }>(`select count(*)::int as total from audit_log a where ${where}`, params),
      ]);
      return { auditList: rows.map(toAuditEntry), totalDoc: count.total };
    },
  }),

  route({
    method: 'GET',
    url: '/audit/options',
    access,
    reply: auditOptionsReply,
    handler: async ({ db, session }) => {
      const [people, tables] = await Promise.all([
        db.query<{ id: string; username: string; full_name: string }>(
          `select id, username, trim(concat_ws(' ', firstname, lastname)) as full_name
             from users where company_id = $1 order by lower(username)`,
          [session.companyId],
        ),
        // every table the triggers watch: a module's new tables show up by themselves
        db.query<{ name: string }>(
          `select distinct c.relname::text as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
            where g.tgname = 'audit_row' and c.relnamespace = current_schema()::regnamespace`,
        ),
      ]);
      const entities = new Set([...tables.map((t) => t.name), ...Object.values(AUDIT_ENTITY)]);
      return {
        people: people.map((p) => ({ _id: p.id, username: p.username, fullName: p.full_name })),
        entities: [...entities].sort(),
      };
    },
  }),

  route({
    method: 'GET',
    url: '/audit/export',
    access,
    query: auditFilters,
    handler: async ({ db, session, req, reply, query, lang }) => {
      // the export is itself in the trail; it lists what came before it
      const exportId = await auditExport({ db, session, req }, AUDIT_ENTITY.auditLog, [], { format: 'csv', filters: query });
      const csv = auditCsv(allMatching(db, session.companyId, query, exportId, lang), lang);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-trail.csv"')
        .send(Readable.from(csv));
      return undefined;
    },
  }),
];
