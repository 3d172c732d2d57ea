/**
 * The route table's verbs: each maps one /api/v1 call onto a collection of the fixtures — list
 * (filter, search, newest first, one page), one, create, update, remove — always within the
 * caller's company (another company's row is a 404, as on the server). A module of the fake is
 * its fixtures plus lines of these; `route()` (engine.ts) is for the few calls that are not CRUD.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { CSV_BOM, csvLine, type CsvValue } from '../contract/csv';
import type { CollectionName, Row } from './collections';
import { notFound, now, route, type Access, type Call, type FakeRoute } from './engine';

type Owned = Exclude<CollectionName, 'companies'>;
type Method = FakeRoute['method'];
type Fields = Record<string, unknown>;

/** The caller's company's rows of a collection. */
export const ownRows = <K extends Owned>(call: Call, collection: K): Row<K>[] =>
  (call.db[collection] as Row<K>[]).filter((r) => r.companyId === call.companyId);

/** One of the caller's company's rows, or a 404. */
export function ownRow<K extends Owned>(
  call: Call,
  collection: K,
  id: string | null | undefined,
  where?: (row: Row<K>) => boolean,
  failure: () => Error = notFound,
): Row<K> {
  const found = ownRows(call, collection).find((r) => r._id === id && (!where || where(r)));
  if (!found) throw failure();
  return found;
}

/** The server's ILIKE '%text%' with the text taken literally (no search: everything). */
export const matches = (search: string | undefined, ...texts: (string | null | undefined)[]) =>
  !search || texts.some((t) => (t ?? '').toLowerCase().includes(search.toLowerCase()));

/** Newest first by `at`, `_id` breaking ties; then one page. */
export function page<T extends { _id: string }>(rows: T[], q: { currentPage: number; limit: number }, at: (r: T) => string) {
  const start = (q.currentPage - 1) * q.limit;
  return rows.toSorted((a, b) => at(b).localeCompare(at(a)) || b._id.localeCompare(a._id)).slice(start, start + q.limit);
}

interface Common<K extends Owned, Q, B, P> {
  url: string;
  access: Access;
  collection: K;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  params?: z.ZodType<P>;
  /** the row as the reply shows it (default: as stored, without `companyId`) */
  view?: (row: Row<K>, call: Call<Q, B, P>) => unknown;
}

const stored = (row: Fields) => {
  const { companyId: _, ...rest } = row;
  return rest;
};
const viewOf =
  <K extends Owned, Q, B, P>(spec: Common<K, Q, B, P>, call: Call<Q, B, P>) =>
  (row: Row<K>) =>
    spec.view ? spec.view(row, call) : stored(row as Fields);

/** `GET url?currentPage&limit&search...`: the company's rows `where` says, searched in `search`'s texts, newest first, one page. */
export function list<K extends Owned, Q extends { currentPage: number; limit: number; search?: string }>(
  spec: Common<K, Q, unknown, unknown> & {
    /** refuses the call before listing (an unknown parent: 404) */
    check?: (call: Call<Q>) => unknown;
    where?: (row: Row<K>, call: Call<Q>) => boolean;
    search?: (row: Row<K>, call: Call<Q>) => (string | null | undefined)[];
    /** the time a row sorts by (default: created_dt) */
    at?: (row: Row<K>) => string;
    reply: (rows: unknown[], total: number) => Fields;
  },
): FakeRoute {
  return route({
    method: 'get',
    url: spec.url,
    access: spec.access,
    query: spec.query,
    handler: (call) => {
      spec.check?.(call);
      const rows = ownRows(call, spec.collection).filter(
        (r) => (!spec.where || spec.where(r, call)) && (!spec.search || matches(call.query.search, ...spec.search(r, call))),
      );
      const at = spec.at ?? ((r: Row<K>) => (r as unknown as { created_dt: string }).created_dt);
      return spec.reply(page(rows, call.query, at).map(viewOf(spec, call)), rows.length);
    },
  });
}

/** One row by the id `id` finds in the call. */
export function one<K extends Owned, Q, B, P>(
  spec: Common<K, Q, B, P> & { method?: Method; id: (call: Call<Q, B, P>) => string; reply: (row: unknown) => Fields },
): FakeRoute {
  return route({
    method: spec.method ?? 'get',
    url: spec.url,
    access: spec.access,
    query: spec.query,
    body: spec.body,
    params: spec.params,
    handler: (call) => spec.reply(viewOf(spec, call)(ownRow(call, spec.collection, spec.id(call)))),
  });
}

/** A new row of the caller's company: `make`'s fields, a new `_id`, `created_dt` now. */
export function create<K extends Owned, Q, B, P>(
  spec: Common<K, Q, B, P> & { method: Method; make: (call: Call<Q, B, P>, at: string) => Fields; reply: (row: unknown) => Fields },
): FakeRoute {
  return route({
    method: spec.method,
    url: spec.url,
    access: spec.access,
    query: spec.query,
    body: spec.body,
    params: spec.params,
    handler: (call) => {
      const at = now();
      const row = { _id: randomUUID(), companyId: call.companyId, created_dt: at, ...spec.make(call, at) } as unknown as Row<K>;
      (call.db[spec.collection] as Row<K>[]).push(row);
      return spec.reply(viewOf(spec, call)(row));
    },
  });
}

/** Changes one row: `patch`'s fields (undefined ones left alone). */
export function update<K extends Owned, Q, B, P>(
  spec: Common<K, Q, B, P> & {
    method: Method;
    id: (call: Call<Q, B, P>) => string;
    where?: (row: Row<K>, call: Call<Q, B, P>) => boolean;
    patch: (call: Call<Q, B, P>, row: Row<K>) => Fields;
    reply: (row: unknown) => Fields;
  },
): FakeRoute {
  return route({
    method: spec.method,
    url: spec.url,
    access: spec.access,
    query: spec.query,
    body: spec.body,
    params: spec.params,
    handler: (call) => {
      const row = ownRow(call, spec.collection, spec.id(call), spec.where && ((r) => spec.where!(r, call)));
      const patch = Object.fromEntries(Object.entries(spec.patch(call, row)).filter(([, v]) => v !== undefined));
      Object.assign(row as object, patch);
      return spec.reply(viewOf(spec, call)(row));
    },
  });
}

/** Deletes one row; the reply is `{}` unless `reply` shows the removed row. */
export function remove<K extends Owned, Q, B, P>(
  spec: Common<K, Q, B, P> & {
    method: Method;
    id: (call: Call<Q, B, P>) => string;
    where?: (row: Row<K>, call: Call<Q, B, P>) => boolean;
    reply?: (row: unknown) => Fields;
  },
): FakeRoute {
  return route({
    method: spec.method,
    url: spec.url,
    access: spec.access,
    query: spec.query,
    body: spec.body,
    params: spec.params,
    handler: (call) => {
      const row = ownRow(call, spec.collection, spec.id(call), spec.where && ((r) => spec.where!(r, call)));
      const shown = viewOf(spec, call)(row);
      const rows = call.db[spec.collection] as Row<K>[];
      rows.splice(rows.indexOf(row), 1);
      return spec.reply ? spec.reply(shown) : {};
    },
  });
}

/**
 * `GET url?sort&range&filter` — the REST convention of what the seed does not show
 * (ra-data-simple-rest): sorted by a field of the reply, rows `range` (inclusive), `Content-Range`,
 * and `data`, `total` in the body.
 */
export function restList<K extends Owned, Q extends { sort: readonly [string, 'ASC' | 'DESC']; range: readonly [number, number]; filter?: string }>(
  spec: Common<K, Q, unknown, unknown> & { name: string; search: (row: Row<K>) => (string | null | undefined)[] },
): FakeRoute {
  return route({
    method: 'get',
    url: spec.url,
    access: spec.access,
    query: spec.query,
    handler: (call) => {
      const [field, direction] = call.query.sort;
      const rows = ownRows(call, spec.collection)
        .filter((r) => matches(call.query.filter, ...spec.search(r)))
        .map((r) => viewOf(spec, call)(r) as Record<string, string | number>);
      const compare = (a: Record<string, string | number>, b: Record<string, string | number>) => {
        const [x, y] = [a[field], b[field]];
        return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      };
      const sorted = rows.toSorted((a, b) => (direction === 'DESC' ? -1 : 1) * compare(a, b));
      const [from, to] = call.query.range;
      const shown = sorted.slice(from, to + 1);
      call.res.setHeader(
        'Content-Range',
        shown.length ? `${spec.name} ${from}-${from + shown.length - 1}/${rows.length}` : `${spec.name} */${rows.length}`,
      );
      return { data: shown, total: rows.length };
    },
  });
}

/**
 * A CSV download of rows (UTF-8 with a BOM, formula-safe cells): one line per row, the columns
 * named by their keys. The server's exports (headings in the reader's language, audit entries)
 * are tested on the server; this is what a tester's download button gets from the fake.
 */
export function csv<Q>(spec: {
  url: string;
  access: Access;
  query?: z.ZodType<Q>;
  file: string;
  rows: (call: Call<Q>) => Record<string, CsvValue | boolean | object>[];
}): FakeRoute {
  return route({
    method: 'get',
    url: spec.url,
    access: spec.access,
    query: spec.query,
    handler: (call) => {
      const rows = spec.rows(call);
      const keys = Object.keys(rows[0] ?? {});
      const cell = (v: unknown): CsvValue =>
        v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : typeof v === 'boolean' ? String(v) : (v as CsvValue);
      let text = CSV_BOM + csvLine(keys);
      for (const r of rows) text += csvLine(keys.map((k) => cell(r[k])));
      call.res.status(200);
      call.res.setHeader('content-type', 'text/csv; charset=utf-8');
      call.res.setHeader('content-disposition', `attachment; filename="${spec.file}"`);
      call.res.end(text);
      return undefined;
    },
  });
}
