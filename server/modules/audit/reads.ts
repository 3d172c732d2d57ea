import { READ_LOG_ENTITIES, readLogListQuery, readLogListReply, type ReadLogEntry, type ReadLogListQuery } from '../../../contract/audit';
import { addDays, bangkokDayStart } from '../../../contract/clock';
import { MENU } from '../../../contract/menus';
import { listExportRoute } from '../../bulk/export';
import { textAt } from '../../../i18n';
import { route } from '../../http/route';

interface ReadRow {
  id: string;
  read_at: Date | string;
  user_id: string | null;
  username: string;
  full_name: string | null;
  entity: (typeof READ_LOG_ENTITIES)[number];
  record_ids: string[];
  route: string;
  ip: string;
}

const toEntry = (r: ReadRow): ReadLogEntry => ({
  id: String(r.id),
  at: new Date(r.read_at).toISOString(),
  userId: r.user_id,
  username: r.username,
  fullName: r.full_name,
  entity: r.entity,
  recordIds: r.record_ids,
  route: r.route,
  ip: r.ip,
});

/** The WHERE of a company's reads matching the filters; `$1` is the company. */
function matching(companyId: string, f: ReadLogListQuery['filter']) {
  const params: unknown[] = [companyId];
  const where = ['r.company_id = $1'];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.user) add('r.user_id = ?::uuid', f.user);
  if (f.entity) add('r.entity = ?', f.entity);
  // the GIN index on record_ids answers `@>`
  if (f.recordId) add('r.record_ids @> array[?::text]', f.recordId);
  if (f.from) add('r.read_at >= ?', bangkokDayStart(f.from));
  if (f.to) add('r.read_at < ?', addDays(bangkokDayStart(f.to), 1));
  return { where: where.join(' and '), params };
}

/** `GET /audit/reads` (menu 13, read): who read which data subject's records, when and from where. */
const list = route({
  method: 'GET',
  url: '/audit/reads',
  access: { menuId: MENU.settings.menuId },
  query: readLogListQuery,
  reply: readLogListReply,
  handler: async ({ db, session, query, reply }) => {
    const { where, params } = matching(session.companyId, query.filter);
    const [from, to] = query.range;
    const dir = query.sort[1] === 'ASC' ? 'asc' : 'desc';
    const [rows, [{ total }]] = await Promise.all([
      db.query<ReadRow>(
        `select r.id, r.read_at, r.user_id, r.username, nullif(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), '') as full_name,
                r.entity, r.record_ids, r.route, r.ip
           from personal_data_reads r left join users u on u.id = r.user_id and u.company_id = r.company_id
          where ${where} order by r.read_at ${dir}, r.id ${dir} limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, to - from + 1, from],
      ),
      db.query<{ total: number }>(`select count(*)::int as total from personal_data_reads r where ${where}`, params),
    ]);
    reply.header('Content-Range', rows.length ? `audit-reads ${from}-${from + rows.length - 1}/${total}` : `audit-reads */${total}`);
    return { data: rows.map(toEntry), total };
  },
});

export const readLogRoutes = [
  list,
  listExportRoute<ReadLogEntry>({
    list,
    url: '/audit/reads/export',
    title: 'audit.reads.tab',
    entity: 'personal_data_reads',
    paging: 'range',
    rows: (reply) => reply.data as ReadLogEntry[],
    columns: [
      { label: 'audit.reads.at', value: (r) => r.at, kind: 'datetime', width: 22 },
      { label: 'audit.reads.who', value: (r) => (r.fullName ? `${r.fullName} (${r.username})` : r.username), width: 30 },
      { label: 'audit.reads.entity', value: (r, lang) => textAt(lang, `audit.reads.entities.${r.entity}`) },
      { label: 'audit.reads.records', value: (r) => r.recordIds.join(', '), width: 40 },
      { label: 'audit.reads.route', value: (r) => r.route, width: 36 },
      { label: 'audit.reads.ip', value: (r) => r.ip },
    ],
  }),
];
