/**
 * Every simple register (contract/registers/), the REST convention, over the one `registerRows`
 * collection: the same five calls for each declaration, as the server's generic routes answer them.
 * A new register needs nothing here: its declaration and its demo records are enough.
 */
import { randomUUID } from 'node:crypto';
import { MENU } from '../../contract/menus';
import { registerBody, registerListQuery, registerParams, registerSortFields, type RegisterDeclaration } from '../../contract/register';
import { REGISTERS } from '../../contract/registers';
import type { Row } from '../collections';
import { matches, ownRow, ownRows } from '../crud';
import { now, route, type Call, type FakeRoute } from '../engine';

type Stored = Row<'registerRows'>;

function routesOf(r: RegisterDeclaration): FakeRoute[] {
  const read = { menuId: MENU[r.menu].menuId } as const;
  const write = { ...read, write: true } as const;
  const fields = Object.keys(r.fields);
  const searched = fields.filter((f) => r.fields[f].search);
  const rows = (call: Call) => ownRows(call, 'registerRows').filter((row) => row.register === r.name);
  const own = (call: Call<unknown, unknown, { id: string }>) => ownRow(call, 'registerRows', call.params.id, (row) => row.register === r.name);
  const view = (row: Stored) => ({
    id: row._id,
    ...Object.fromEntries(fields.map((f) => [f, row[f] ?? null])),
    created_dt: row.created_dt,
    updated_dt: row.updated_dt,
  });
  const sortable = new Set(registerSortFields(r));

  return [
    route({
      method: 'get',
      url: `/${r.name}`,
      access: read,
      query: registerListQuery(r),
      handler: (call) => {
        const [field, direction] = call.query.sort;
        const key = sortable.has(field) ? field : 'created_dt';
        const found = rows(call)
          .filter((row) => matches(call.query.filter, ...searched.map((f) => String(row[f] ?? ''))))
          .map(view) as Record<string, unknown>[];
        const sorted = found.toSorted((a, b) => (direction === 'DESC' ? -1 : 1) * String(a[key] ?? '').localeCompare(String(b[key] ?? '')));
        const [from, to] = call.query.range;
        const shown = sorted.slice(from, to + 1);
        call.res.setHeader(
          'Content-Range',
          shown.length ? `${r.name} ${from}-${from + shown.length - 1}/${found.length}` : `${r.name} */${found.length}`,
        );
        return { data: shown, total: found.length };
      },
    }),
    route({
      method: 'get',
      url: `/${r.name}/:id`,
      access: read,
      params: registerParams,
      handler: (call) => ({ data: view(own(call)) }),
    }),
    route({
      method: 'post',
      url: `/${r.name}`,
      access: write,
      body: registerBody(r),
      handler: (call) => {
        const at = now();
        const row = { _id: randomUUID(), companyId: call.companyId, register: r.name, created_dt: at, updated_dt: at, ...call.body } as Stored;
        call.db.registerRows.push(row);
        return { data: view(row) };
      },
    }),
    route({
      method: 'put',
      url: `/${r.name}/:id`,
      access: write,
      params: registerParams,
      body: registerBody(r),
      handler: (call) => {
        const row = own(call);
        Object.assign(row, call.body, { updated_dt: now() });
        return { data: view(row) };
      },
    }),
    route({
      method: 'delete',
      url: `/${r.name}/:id`,
      access: write,
      params: registerParams,
      handler: (call) => {
        const row = own(call);
        call.db.registerRows.splice(call.db.registerRows.indexOf(row), 1);
        return { data: view(row) };
      },
    }),
  ];
}

export const registerRoutes = REGISTERS.flatMap(routesOf);
