import { MENU } from '../../../contract/menus';
import {
  registerBody,
  registerColumn,
  registerListQuery,
  registerListReply,
  registerParams,
  registerRecord,
  registerTable,
  type RegisterDeclaration,
} from '../../../contract/register';
import { REGISTERS } from '../../../contract/registers';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { iso } from '../../db/rows';
import { likePattern } from '../../db/search';
import { notFound } from '../../http/errors';
import { route, type RouteSpec } from '../../http/route';

type Row = Record<string, unknown> & { id: string; created_at: Date | string; updated_at: Date | string };

/**
 * The REST routes of one simple register (`contract/register.ts`), by ra-data-simple-rest's
 * convention: `GET /<name>?sort&range&filter` (with `Content-Range`), `GET /<name>/:id`, `POST`,
 * `PUT /<name>/:id`, `DELETE /<name>/:id`. Every statement is scoped by the session's company; the
 * table and column names come from the declaration, never from the request. Writes run in route()'s
 * audited transaction; a duplicate name is a 409 (the table's unique index), a record in use too.
 */
export function registerRoutes(r: RegisterDeclaration): RouteSpec[] {
  const read = { menuId: MENU[r.menu].menuId } as const;
  const write = { ...read, write: true } as const;
  const table = registerTable(r);
  const fields = Object.keys(r.fields);
  const columns = fields.map(registerColumn);
  // a date column as its `YYYY-MM-DD` text: no time zone can shift it
  const selectField = (f: string, c: string) =>
    r.fields[f].kind === 'date' ? `to_char(${c}, 'YYYY-MM-DD') as "${f}"` : c === f ? c : `${c} as "${f}"`;
  const select = ['id', ...fields.map((f, i) => selectField(f, columns[i])), 'created_at', 'updated_at'].join(', ');
  const searched = fields.filter((f) => r.fields[f].search).map(registerColumn);
  const sortColumn = (field: string) =>
    field === 'created_dt' ? 'created_at' : field === 'updated_dt' ? 'updated_at' : field === 'id' ? 'id' : registerColumn(field);

  const toRecord = (row: Row) => {
    const record: Record<string, unknown> = { ...row, created_dt: iso(row.created_at), updated_dt: iso(row.updated_at) };
    delete record.created_at;
    delete record.updated_at;
    return record;
  };
  const load = async (q: Queryable, companyId: string, id: string) => {
    const [row] = await q.query<Row>(`select ${select} from ${table} where company_id = $1 and id = $2`, [companyId, id]);
    if (!row) throw notFound();
    return toRecord(row);
  };
  const values = (body: Record<string, unknown>) => fields.map((f) => body[f] ?? null);
  const listQuery = registerListQuery(r);
  const body = registerBody(r);

  return [
    route({
      method: 'GET',
      url: `/${r.name}`,
      access: read,
      query: listQuery,
      reply: registerListReply(r),
      handler: async ({ db, session, query, reply }) => {
        const [field, direction] = query.sort;
        const [from, to] = query.range;
        const params: unknown[] = [session.companyId];
        let where = 'company_id = $1';
        if (query.filter && searched.length) {
          params.push(likePattern(query.filter));
          where += ` and (${searched.map((c) => `${c} ilike $2`).join(' or ')})`;
        }
        const order = `${sortColumn(field)} ${direction === 'DESC' ? 'desc' : 'asc'} nulls last, id`;
        const { rows, total } = await pageOf<Row>(db, { select, from: table, where, order, params, paging: { limit: to - from + 1, offset: from } });
        reply.header('Content-Range', rows.length ? `${r.name} ${from}-${from + rows.length - 1}/${total}` : `${r.name} */${total}`);
        return { data: rows.map(toRecord), total };
      },
    }),
    route({
      method: 'GET',
      url: `/${r.name}/:id`,
      access: read,
      params: registerParams,
      reply: registerRecord(r),
      handler: async ({ db, session, params }) => ({ data: await load(db, session.companyId, params.id) }),
    }),
    route({
      method: 'POST',
      url: `/${r.name}`,
      access: write,
      body,
      handler: async ({ db, session, body }) => {
        const [row] = await db.query<{ id: string }>(
          `insert into ${table} (company_id, ${columns.join(', ')}) values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
          [session.companyId, ...values(body)],
        );
        return { data: await load(db, session.companyId, row.id) };
      },
    }),
    route({
      method: 'PUT',
      url: `/${r.name}/:id`,
      access: write,
      params: registerParams,
      body,
      handler: async ({ db, session, params, body }) => {
        const set = columns.map((c, i) => `${c} = $${i + 3}`).join(', ');
        const changed = await db.query(`update ${table} set ${set}, updated_at = now() where company_id = $1 and id = $2 returning id`, [
          session.companyId,
          params.id,
          ...values(body),
        ]);
        if (!changed.length) throw notFound();
        return { data: await load(db, session.companyId, params.id) };
      },
    }),
    route({
      method: 'DELETE',
      url: `/${r.name}/:id`,
      access: write,
      params: registerParams,
      handler: async ({ db, session, params }) => {
        const record = await load(db, session.companyId, params.id);
        await db.query(`delete from ${table} where company_id = $1 and id = $2`, [session.companyId, params.id]);
        return { data: record };
      },
    }),
  ];
}

/** Every register's routes. */
export const registersRoutes = REGISTERS.flatMap(registerRoutes);
