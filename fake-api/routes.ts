/**
 * The route table, derived: one route per method and path the resource definitions name
 * (definitions.ts), in the server's spelling of its parameters, with its access and schemas from the
 * server's route catalog (recorded/routes.json; a register's from its declaration); the catalog's
 * other routes (the public pages, accounts, the menu's figures) answer as recorded too. The answer
 * comes from the company's recorded replies:
 * - a list: the recorded rows, searched, filtered, sorted and paged, in the recorded reply's shape;
 * - a record, or a read-only call: its recorded reply (a row added since: in the shape of another's);
 * - create / update / delete, and a call on a list's own path (`POST <list>`, `PUT|DELETE <list>/:id`):
 *   the body laid over a recorded row of that list (the definition's body says which field is which),
 *   kept in memory;
 * - anything else that writes (publish, a state change, an upload) and every file: 501, the server's alone.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { API_BASE } from '../contract/http';
import { registerBody, registerListQuery, registerParams } from '../contract/register';
import { ENDPOINTS, REGISTERS, type Endpoint, type Method } from './definitions';
import { notFound, serverOnly, type Access, type Call, type FakeRoute } from './engine';
import { listKey, readKey, rowsOf, type Recording, type RouteEntry } from './recorded';

type Fields = Record<string, unknown>;
type Reply = Recording['replies'][string];
/** A company's replies, changed in memory by the calls that write. */
export type Store = Map<string, Reply>;

/** The calls the fake answers by hand (shell.ts). */
const HAND_WRITTEN = ['/health', '/user/signin/:timestamp', '/user/logout', '/user/validate', '/user/menu'];

const idOf = (row: Fields) => String(row.id ?? row._id);
const clone = <T>(value: T): T => structuredClone(value);
const shape = (pattern: string) => pattern.replace(/:\w+/g, ':');
const fits = (fixed: Fields, sent: Fields) => Object.entries(fixed).every(([k, v]) => sent[k] === undefined || String(sent[k]) === String(v));
/** A recorded body without its `status` (the route adds it). */
const strip = (body: Fields) => {
  const { status: _, ...fields } = clone(body);
  return fields;
};
/** The record a reply of one record holds (`data`, or the reply itself). */
const recordIn = (body: Fields) => (body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as Fields) : body);

/** The body's fields laid over the row (under the record's names), where the row has them; `updated_dt` now. */
function overlay(row: Fields, body: Fields, names: Record<string, string>, model: Fields = row) {
  for (const [key, value] of Object.entries(body)) {
    const field = names[key] ?? key;
    const like = Array.isArray(model[field]) ? (model[field] as unknown[])[0] : undefined;
    // a list of parts keeps the shape of a recorded part (`items`: the event's name beside its id)
    const isPart = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v);
    if (Array.isArray(value) && isPart(like)) row[field] = value.map((v) => (isPart(v) ? { ...(like as Fields), ...(v as Fields) } : v));
    else if (field in row && field !== 'id' && field !== '_id') row[field] = value;
    // a group the row keeps flat (`riskCia: { confidentiality }`)
    else if (!(field in row) && value && typeof value === 'object' && !Array.isArray(value)) overlay(row, value as Fields, {});
  }
  if ('updated_dt' in row) row.updated_dt = new Date().toISOString();
  return row;
}

/**
 * A recorded row made new: what its reply's schema lets be null null (`nulls`), its counts 0, its flags
 * false, its lists empty; its texts stay, for their shape.
 */
function blank(row: Fields, nulls: Fields = {}): Fields {
  for (const [key, value] of Object.entries(row)) {
    if (nulls[key] === null) row[key] = null;
    else if (typeof value === 'number') row[key] = 0;
    else if (typeof value === 'boolean') row[key] = false;
    else if (Array.isArray(value)) row[key] = [];
    else if (value && typeof value === 'object') blank(value as Fields, (nulls[key] ?? {}) as Fields);
  }
  return row;
}

/**
 * Every endpoint the fake answers: the definitions' in the server's spelling (`/consents/object/:itemId`),
 * then the catalog's routes no definition names.
 */
export function endpointsOf(catalog: RouteEntry[]): (Endpoint & { entry?: RouteEntry })[] {
  const entryOf = (method: string, pattern: string) => catalog.find((c) => c.method === method && shape(c.url) === shape(pattern));
  const defined = ENDPOINTS.map((e) => {
    const entry = entryOf(e.method, e.pattern);
    return { ...e, pattern: entry?.url ?? e.pattern, entry };
  });
  const others = catalog
    .filter((c) => !HAND_WRITTEN.includes(c.url) && !defined.some((e) => e.entry === c) && ['GET', 'POST', 'PUT', 'DELETE'].includes(c.method))
    .map((c) => ({
      resource: 'server',
      name: `${c.method} ${c.url}`,
      verb: 'call' as const,
      method: c.method as Method,
      pattern: c.url,
      menuId: typeof c.access === 'object' ? c.access.menuId : 0,
      file: false,
      fixedQuery: {},
      fixedBody: {},
      firstPage: {},
      queryMarks: {},
      bodyMarks: {},
      entry: c,
    }));
  return [...defined, ...others];
}

/** The query keys of searching, sorting and paging (not a field of the rows). */
const PAGING = ['search', 'q', 'filter', 'sort', 'range', 'limit', 'currentPage', 'page', 'perPage', 'pageSize'];

/** Every text a row holds, at any depth (what a search looks in). */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(textsOf) : [];

function answerList(reply: Reply | undefined, call: Call): Fields {
  if (!reply) throw serverOnly(call.lang);
  const rows = rowsOf(reply.body);
  const q = call.query;
  const filter = (q.filter && typeof q.filter === 'object' ? q.filter : {}) as Fields;
  const text = String(q.search ?? q.q ?? filter.search ?? filter.q ?? (typeof q.filter === 'string' ? q.filter : '')).toLowerCase();
  // a filter's fields, and those the caller's query names that are fields of the rows (`?topic=breach`; not a default)
  const sentKeys = new URLSearchParams(call.req.originalUrl.split('?')[1] ?? '');
  const named = Object.entries(q).filter(([k]) => sentKeys.has(k) && !PAGING.includes(k) && rows.some((r) => k in r));
  const equal = [...Object.entries(filter), ...named].filter(([k, v]) => k !== 'search' && k !== 'q' && v !== undefined && typeof v !== 'object');
  let found = rows.filter(
    (r) => (!text || textsOf(r).some((t) => t.toLowerCase().includes(text))) && equal.every(([k, v]) => !(k in r) || String(r[k]) === String(v)),
  );
  const sort = Array.isArray(q.sort) ? (q.sort as string[]) : undefined;
  if (sort) found = found.toSorted((a, b) => (sort[1] === 'DESC' ? -1 : 1) * String(a[sort[0]] ?? '').localeCompare(String(b[sort[0]] ?? '')));
  const range = Array.isArray(q.range) ? (q.range as number[]) : undefined;
  const limit = Number(q.limit ?? q.perPage ?? 0) || undefined;
  const from = range ? range[0] : limit ? (Number(q.currentPage ?? q.page ?? 1) - 1) * limit : 0;
  const page = found.slice(from, range ? range[1] + 1 : limit ? from + limit : found.length);
  const body = strip(reply.body);
  const holder = (Object.values(body).some(Array.isArray) ? body : Object.values(body).find((v) => v && typeof v === 'object')) as Fields;
  holder[Object.keys(holder).find((k) => Array.isArray(holder[k]))!] = page;
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) continue;
    else if (/^total/i.test(key)) body[key] = typeof value === 'number' ? found.length : { ...(value as Fields), count: found.length };
  }
  if (reply.range) {
    const name = reply.range.split(' ')[0];
    call.res.setHeader('Content-Range', page.length ? `${name} ${from}-${from + page.length - 1}/${found.length}` : `${name} */${found.length}`);
  }
  return body;
}

/**
 * The list whose record a path under it names, and where the record's id starts: a list's path
 * (`/databreach/:id/state` under `/databreach`) or a record read's (`/people/:id/status` under
 * `GET /people/:id`, of the people's list), the longest such.
 */
function ownerList(pattern: string): { list: Endpoint; base: string } | undefined {
  const under = (base: string) => shape(pattern).startsWith(`${base}/:`);
  const owners = ENDPOINTS.filter((l) => l.method === 'GET' && !l.idIn).flatMap((l) => {
    if ((l.verb === 'list' || l.verb === 'call') && !l.pattern.includes(':') && under(l.pattern)) return [{ list: l, base: l.pattern }];
    const base = l.pattern.replace(/\/:\w+$/, '');
    const list = ENDPOINTS.find((x) => x.resource === l.resource && x.verb === 'list');
    return l.verb === 'one' && list && !base.includes(':') && under(base) ? [{ list, base }] : [];
  });
  return owners.toSorted((a, b) => b.base.length - a.base.length)[0];
}

/** Whether the record a path names under its list is among the list's rows (the caller's company's). */
function ownRow(store: Store, { list, base }: { list: Endpoint; base: string }, path: string): boolean {
  const id = decodeURIComponent(path.slice(base.length + 1).split('/')[0]);
  const reply = store.get(listKey(list));
  return !reply || rowsOf(reply.body).some((r) => idOf(r) === id);
}

/** One route for every endpoint sharing a method and path, answering from the caller's company's store. */
function routeOf(
  group: (Endpoint & { entry?: RouteEntry })[],
  schemas: Map<string, z.ZodType>,
  stores: Map<string, Store>,
  catalog: RouteEntry[],
): FakeRoute {
  const [first] = group;
  const entry = first.entry;
  const named = (name?: string) => (name ? schemas.get(name) : undefined);
  const register = REGISTERS.find((r) => r.name === first.resource);
  // a body the handler checks itself: checked here too, but where something comes first (a throttle, a closed door, the parts)
  const described = !!entry?.input && entry.access !== 'public' && !entry.multipart;
  const access: Access =
    entry?.access === 'public' || entry?.access === 'session'
      ? entry.access
      : { menuId: first.menuId, write: entry && typeof entry.access === 'object' ? !!entry.access.write : first.method !== 'GET' };
  /** the reply a write gives: the record under `data`, nothing, or the record itself, as the reply's schema says */
  // what a write answers: as the reply's schema says; unknown, the record under `data` (REST), or nothing (the seed's deletes)
  const keys = entry?.replyKeys ?? first.replyReads ?? (first.verb === 'delete' && first.method !== 'DELETE' ? [] : ['data']);
  const written = (record: Fields) => (keys.includes('data') ? { data: record } : keys.length <= 1 ? {} : record);
  const listOf = (e: Endpoint) =>
    e.verb === 'list' || (e.verb === 'call' && e.method === 'GET' && !(e.resource === 'server' && e.pattern.includes(':')))
      ? e
      : ENDPOINTS.find(
          (l) =>
            // the server's routes no definition names (`GET /knowledge/questions/:id`) belong to the list on their path
            (l.resource === e.resource || e.resource === 'server') &&
            l.method === 'GET' &&
            (e.verb === 'call'
              ? [shape(l.pattern), `${shape(l.pattern)}/:`].includes(shape(e.pattern)) && !l.pattern.includes(':')
              : l.verb === 'list'),
        );
  const owner = ownerList(first.pattern);
  return {
    method: first.method.toLowerCase() as FakeRoute['method'],
    url: first.pattern,
    access,
    query: register && first.verb === 'list' ? registerListQuery(register) : named(entry?.query),
    body:
      register && first.method !== 'GET' && first.method !== 'DELETE'
        ? registerBody(register)
        : (named(entry?.body) ?? (described ? named(entry?.input) : undefined)),
    bodyWithQuery: described,
    params:
      register && first.pattern.includes(':') ? registerParams : (named(entry?.params) ?? (entry?.paramsJson && z.fromJSONSchema(entry.paramsJson))),
    multipart: entry?.multipart,
    handler: (call) => {
      const store = stores.get(call.session?.company ?? '') ?? [...stores.values()][0];
      const sent = { ...call.query, ...call.body };
      const candidates = group.filter((e) => fits(e.fixedQuery, call.query) && fits(e.fixedBody, call.body));
      const path = call.req.originalUrl.split('?')[0].slice(API_BASE.length);
      // what the server alone answers, once the record the path names is known to be the caller's (404 else)
      const serverAlone = () => (owner && !ownRow(store, owner, path) ? notFound() : serverOnly(call.lang));
      let failure: Error = serverAlone();
      // a reply recorded in English too when it reads otherwise (default names), until a write changes it
      const read = (key: string) => (call.lang === 'en' && store.get(`${key} @en`)) || store.get(key);
      const changed = <T>(reply: T, ...keys: string[]) => (keys.forEach((k) => store.delete(`${k} @en`)), reply);
      for (const e of candidates.length ? candidates : group) {
        if (e.file || entry?.multipart) throw serverAlone();
        const list = listOf(e);
        const listReply = list && (store.get(`${listKey(list)} @${String(call.session?.user.username)}`) ?? store.get(listKey(list)));
        if (e.method === 'GET' && (e.verb === 'list' || (e.verb === 'call' && !e.pattern.includes(':') && !e.idIn))) {
          const shown = (list && store.get(`${listKey(list)} @${String(call.session?.user.username)}`)) || read(listKey(e));
          if (e.verb === 'list' || Object.values(shown?.body ?? {}).some(Array.isArray)) return answerList(shown, call);
          if (!shown) throw serverOnly(call.lang);
          return strip(shown.body);
        }
        const id = String(e.idIn ? sent[e.idIn.key] : (call.params.id ?? Object.values(call.params).at(-1) ?? ''));
        const rows = listReply ? rowsOf(listReply.body) : [];
        const row = rows.find((r) => idOf(r) === id);
        if (e.method === 'GET') {
          const recorded = read(readKey(e, path, call.query));
          if (recorded) return strip(recorded.body);
          failure = notFound();
          if (!row) continue;
          const template = [...store.entries()].find(([k]) => k.startsWith(`${e.resource} ${e.name} `))?.[1].body;
          return template ? { ...strip(template), data: { ...recordIn(clone(template)), ...clone(row) } } : { data: clone(row) };
        }
        const one = ENDPOINTS.find((o) => o.resource === e.resource && o.verb === 'one');
        const oneKey = (rowId: string) =>
          one ? readKey(one, one.pattern.replace(/:\w+/, encodeURIComponent(rowId)), { [one.idIn?.key ?? 'id']: rowId }) : '';
        // a record of no list (the company's risk matrix): its recorded read, changed by the body
        const single = !listReply && e.verb === 'update' && store.get(oneKey(id));
        if (single) return changed(written(overlay(recordIn(single.body), call.body, e.bodyMarks)), oneKey(id));
        if (!list || !listReply) continue;
        if (e.verb === 'create' || (e.method === 'POST' && shape(e.pattern) === shape(list.pattern))) {
          // shaped like a recorded row, or like the list's schema when it recorded none
          const model = rows[0] ?? catalog.find((c) => c.method === 'GET' && shape(c.url) === shape(list.pattern))?.blankRow ?? {};
          const made = overlay(blank(clone(model), entry?.nulls), call.body, e.bodyMarks, model);
          const newId = randomUUID();
          made['_id' in model ? '_id' : 'id'] = newId;
          for (const at of ['created_dt', 'createdAt']) if (at in made) made[at] = new Date().toISOString();
          rows.unshift(made);
          const template = one && [...store.entries()].find(([k]) => k.startsWith(`${one.resource} ${one.name} `))?.[1];
          if (!template) return changed(written(made), listKey(list));
          const body = clone(template.body);
          const record = overlay(blank(recordIn(body), entry?.nulls), call.body, e.bodyMarks, recordIn(template.body));
          record['_id' in record ? '_id' : 'id'] = newId;
          for (const at of ['created_dt', 'createdAt']) if (at in record) record[at] = made[at];
          store.set(oneKey(newId), { body });
          return changed(written(recordIn(body)), listKey(list));
        }
        failure = notFound();
        if (!row) continue;
        const recorded = store.get(oneKey(id));
        if (e.verb === 'delete' || e.method === 'DELETE' || (e.verb === 'call' && shape(e.pattern) === shape(list.pattern))) {
          rows.splice(rows.indexOf(row), 1);
          store.delete(oneKey(id));
          return changed(written(row), listKey(list), oneKey(id));
        }
        overlay(row, call.body, e.bodyMarks);
        return changed(written(recorded ? overlay(recordIn(recorded.body), call.body, e.bodyMarks) : row), listKey(list), oneKey(id));
      }
      throw failure;
    },
  };
}

/** Every derived route, over the companies' stores; fixed paths before those with parameters. */
export function derivedRoutes(catalog: RouteEntry[], schemas: Map<string, z.ZodType>, stores: Map<string, Store>): FakeRoute[] {
  const groups = new Map<string, (Endpoint & { entry?: RouteEntry })[]>();
  for (const e of endpointsOf(catalog)) groups.set(`${e.method} ${shape(e.pattern)}`, [...(groups.get(`${e.method} ${shape(e.pattern)}`) ?? []), e]);
  return [...groups.values()]
    .toSorted((a, b) => Number(a[0].pattern.includes(':')) - Number(b[0].pattern.includes(':')))
    .map((group) => routeOf(group, schemas, stores, catalog));
}
