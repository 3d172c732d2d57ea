import { idParams, systemBody, systemChoicesReply, systemListQuery, systemListReply, systemRecord, type SystemBody } from '../../../contract/datamap';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { likePattern } from '../../db/search';
import { conflict, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { checkOwnIds, replaceLinks } from '../ropa/links';
import { refuseNewFreeTransfers } from '../transfers/rows';

const read = { menuId: MENU.dataManage.menuId } as const;
const write = { ...read, write: true } as const;

interface SystemRow {
  id: string;
  name: string;
  department_id: string | null;
  department: string | null;
  description: string;
  volume: string;
  storage_location: string;
  storage_country: string;
  retention: string;
  access: string;
  security: string;
  transfers: SystemBody['transfers'];
  categories: { id: string; name: string; sensitive: boolean }[];
  subjects: { id: string; name: string }[];
  processors: { id: string; name: string }[];
  activities: number;
  breaches: { id: string; code: string; title: string; status: string; aware_at: string }[];
  created_at: string | Date;
  updated_at: string | Date;
  total?: number;
}

const SELECT = `
  select s.id, s.name, s.department_id, d.name as department, s.description, s.volume, s.storage_location, s.storage_country,
         s.retention, s.access, s.security, s.transfers, s.created_at, s.updated_at,
         coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'sensitive', c.sensitive) order by c.name)
                     from datamap_system_categories sc join data_categories c on c.id = sc.category_id where sc.system_id = s.id), '[]') as categories,
         coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
                     from datamap_system_subjects sc join data_subject_categories c on c.id = sc.subject_id where sc.system_id = s.id), '[]') as subjects,
         coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
                     from datamap_system_processors sc join processors c on c.id = sc.processor_id where sc.system_id = s.id), '[]') as processors,
         (select count(*)::int from ropa_activity_systems a where a.system_id = s.id) as activities,
         coalesce((select json_agg(json_build_object('id', b.id, 'code', b.code, 'title', b.title, 'status', b.status, 'aware_at', b.aware_at)
                                   order by b.aware_at desc, b.id)
                     from breach_systems bs join breaches b on b.company_id = bs.company_id and b.id = bs.breach_id
                    where bs.company_id = s.company_id and bs.system_id = s.id), '[]') as breaches
    from datamap_systems s left join departments d on d.id = s.department_id`;

/** `showBreaches`: the session holds the breach log (menu 17); others see no breach of it. */
const toRecord = (r: SystemRow, showBreaches: boolean) => ({
  id: r.id,
  name: r.name,
  departmentId: r.department_id,
  department: r.department,
  description: r.description,
  categoryIds: r.categories.map((c) => c.id),
  subjectIds: r.subjects.map((c) => c.id),
  processorIds: r.processors.map((c) => c.id),
  categories: r.categories,
  subjects: r.subjects,
  processors: r.processors,
  volume: r.volume,
  storageLocation: r.storage_location,
  storageCountry: r.storage_country,
  retention: r.retention,
  access: r.access,
  security: r.security,
  transfers: r.transfers,
  activities: r.activities,
  breaches: showBreaches ? r.breaches.map((b) => ({ id: b.id, code: b.code, title: b.title, status: b.status, awareAt: iso(b.aware_at) })) : [],
  created_dt: iso(r.created_at),
  updated_dt: iso(r.updated_at),
});

async function loadSystem(q: Queryable, companyId: string, id: string, showBreaches: boolean) {
  const [row] = await q.query<SystemRow>(`${SELECT} where s.company_id = $1 and s.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return { record: toRecord(row, showBreaches), breachCount: row.breaches.length };
}
const seesBreaches = (session: { menus: ReadonlyMap<number, boolean> }) => session.menus.has(MENU.dataBreach.menuId);

/** Checks every link of a system belongs to the company, then writes its link rows. */
async function writeLinks(q: Queryable, companyId: string, systemId: string, body: SystemBody) {
  const categories = await checkOwnIds(q, companyId, 'data_categories', body.categoryIds, 'categoryIds');
  const subjects = await checkOwnIds(q, companyId, 'data_subject_categories', body.subjectIds, 'subjectIds');
  const processors = await checkOwnIds(q, companyId, 'processors', body.processorIds, 'processorIds');
  await replaceLinks(q, 'datamap_system_categories', ['system_id', systemId], 'category_id', categories);
  await replaceLinks(q, 'datamap_system_subjects', ['system_id', systemId], 'subject_id', subjects);
  await replaceLinks(q, 'datamap_system_processors', ['system_id', systemId], 'processor_id', processors);
}

const columnValues = (b: SystemBody) => [
  b.name,
  b.departmentId,
  b.description,
  b.volume,
  b.storageLocation,
  b.storageCountry,
  b.retention,
  b.access,
  b.security,
  JSON.stringify(b.transfers),
];

/** The data map's systems and data sets (menu 16), by the REST convention: `/datamap-systems`. */
export const systemRoutes = [
  route({
    method: 'GET',
    url: '/datamap-systems',
    access: read,
    query: systemListQuery,
    reply: systemListReply,
    handler: async ({ db, session, query, reply }) => {
      const params: unknown[] = [session.companyId];
      const where = ['s.company_id = $1'];
      const f = query.filter;
      if (f.search?.trim()) {
        params.push(likePattern(f.search.trim()));
        const n = params.length;
        where.push(`(s.name ilike $${n} or s.description ilike $${n} or s.storage_location ilike $${n} or s.storage_country ilike $${n})`);
      }
      if (f.departmentId) {
        params.push(f.departmentId);
        where.push(`s.department_id = $${params.length}`);
      }
      if (f.categoryId) {
        params.push(f.categoryId);
        where.push(`exists (select 1 from datamap_system_categories sc where sc.system_id = s.id and sc.category_id = $${params.length})`);
      }
      if (f.sensitive !== undefined)
        where.push(
          `${f.sensitive ? '' : 'not '}exists (select 1 from datamap_system_categories sc join data_categories c on c.id = sc.category_id where sc.system_id = s.id and c.sensitive)`,
        );
      if (f.abroad !== undefined)
        where.push(
          `${f.abroad ? '' : 'not '}(jsonb_array_length(s.transfers) > 0 or exists (select 1 from transfers t where t.company_id = s.company_id and t.system_id = s.id))`,
        );
      const [field, direction] = query.sort;
      const column = field === 'name' ? 's.name' : field === 'created_dt' ? 's.created_at' : 's.updated_at';
      const [from, to] = query.range;
      params.push(to - from + 1, from);
      const rows = await db.query<SystemRow>(
        `${SELECT.replace('s.updated_at,', 's.updated_at, count(*) over ()::int as total,')} where ${where.join(' and ')}
          order by ${column} ${direction === 'DESC' ? 'desc' : 'asc'}, s.id limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      let total = rows[0]?.total;
      if (total === undefined) {
        const [row] = await db.query<{ n: number }>(
          `select count(*)::int as n from datamap_systems s where ${where.join(' and ')}`,
          params.slice(0, -2),
        );
        total = row.n;
      }
      reply.header('Content-Range', rows.length ? `datamap-systems ${from}-${from + rows.length - 1}/${total}` : `datamap-systems */${total}`);
      return { data: rows.map((r) => toRecord(r, seesBreaches(session))), total };
    },
  }),
  route({
    method: 'GET',
    url: '/datamap-choices',
    access: read,
    reply: systemChoicesReply,
    handler: async ({ db, session }) => {
      const c = [session.companyId];
      return {
        departments: await db.query('select id, name from departments where company_id = $1 order by name', c),
        categories: await db.query('select id, name, sensitive from data_categories where company_id = $1 order by name', c),
        subjects: await db.query('select id, name from data_subject_categories where company_id = $1 order by name', c),
        processors: await db.query('select id, name from processors where company_id = $1 order by name', c),
      };
    },
  }),
  route({
    method: 'GET',
    url: '/datamap-systems/:id',
    access: read,
    params: idParams,
    reply: systemRecord,
    handler: async ({ db, session, params }) => ({ data: (await loadSystem(db, session.companyId, params.id, seesBreaches(session))).record }),
  }),
  route({
    method: 'POST',
    url: '/datamap-systems',
    access: write,
    body: systemBody,
    handler: async ({ db, session, body }) => {
      refuseNewFreeTransfers([], body.transfers, 'transfers');
      if (body.departmentId) await checkOwnIds(db, session.companyId, 'departments', [body.departmentId], 'departmentId');
      const [row] = await db.query<{ id: string }>(
        `insert into datamap_systems (company_id, name, department_id, description, volume, storage_location, storage_country, retention, access, security, transfers)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        [session.companyId, ...columnValues(body)],
      );
      await writeLinks(db, session.companyId, row.id, body);
      return { data: (await loadSystem(db, session.companyId, row.id, seesBreaches(session))).record };
    },
  }),
  route({
    method: 'PUT',
    url: '/datamap-systems/:id',
    access: write,
    params: idParams,
    body: systemBody,
    handler: async ({ db, session, params, body }) => {
      const [current] = await db.query<{ transfers: SystemBody['transfers'] }>(
        'select transfers from datamap_systems where company_id = $1 and id = $2 for update',
        [session.companyId, params.id],
      );
      if (!current) throw notFound();
      refuseNewFreeTransfers(current.transfers, body.transfers, 'transfers');
      if (body.departmentId) await checkOwnIds(db, session.companyId, 'departments', [body.departmentId], 'departmentId');
      const changed = await db.query(
        `update datamap_systems set name = $3, department_id = $4, description = $5, volume = $6, storage_location = $7, storage_country = $8,
                retention = $9, access = $10, security = $11, transfers = $12, updated_at = now()
          where company_id = $1 and id = $2 returning id`,
        [session.companyId, params.id, ...columnValues(body)],
      );
      if (!changed.length) throw notFound();
      await writeLinks(db, session.companyId, params.id, body);
      return { data: (await loadSystem(db, session.companyId, params.id, seesBreaches(session))).record };
    },
  }),
  route({
    method: 'DELETE',
    url: '/datamap-systems/:id',
    access: write,
    params: idParams,
    handler: async ({ db, session, params }) => {
      const { record, breachCount } = await loadSystem(db, session.companyId, params.id, seesBreaches(session));
      if (record.activities > 0) throw conflict('datamap_system_in_use');
      if (breachCount > 0) throw conflict('datamap_system_in_breach');
      await db.query('delete from datamap_systems where company_id = $1 and id = $2', [session.companyId, params.id]);
      return { data: record };
    },
  }),
];
