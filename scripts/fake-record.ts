/**
 * `npm run fake:record`: boots the real server on an in-memory PGlite with the demo seed, signs in as
 * each demo company's first account, reads every list, record and read-only call the resource
 * definitions name, and writes the replies under fake-api/recorded/ — what the fake answers with.
 * It also writes the server's route catalog: each route's access and the names of the contract's
 * schemas it checks its query, body and path with (fake-api/recorded/routes.json).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_BASE } from '../contract/http';
import { DEMO_COMPANIES } from '../demo';
import type { Endpoint } from '../fake-api/definitions';
import { endpointsOf } from '../fake-api/routes';
import { listKey, readKey, rowsOf, type Recording, type RouteEntry } from '../fake-api/recorded';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { routeModules } from '../server/modules';
import { isKeyAccess } from '../server/http/route';

type Fields = Record<string, unknown>;

/** The server on a fresh in-memory database with the demo seed, not listening (calls are injected). */
export async function bootServer(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemo(db);
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-record-'));
  const app = await buildApp(db, { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), distDir: undefined });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const idOf = (row: Fields) => (row.id ?? row._id) as string | undefined;

/** The values a parameter of a route's path or query may take, when its schema names them (`feed`: the feeds). */
function choicesOf(e: Endpoint, mark: string): string[] {
  const route = serverRoutes().find((r) => r.method === e.method && r.url === e.pattern);
  let field = [route?.params, route?.query].map((s) => (s as { shape?: Fields } | undefined)?.shape?.[mark]).find(Boolean) as
    { _zod: { def: { type: string; innerType?: unknown; entries?: Fields } } } | undefined;
  while (field?._zod.def.innerType) field = field._zod.def.innerType as typeof field;
  const def = field?._zod.def as { type?: string; entries?: Fields; values?: unknown[] } | undefined;
  return def?.type === 'enum' ? Object.values(def.entries ?? {}).map(String) : def?.type === 'literal' ? (def.values ?? []).map(String) : [];
}
const SERVER_ROUTES = (await routeModules(configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmpdir() }))).flatMap((m) => m.routes);
const serverRoutes = () => SERVER_ROUTES;

/** The calls of a read for one row (`:formId` from the row's `formId`, or its id) and each named value of the others. */
function fills(e: Endpoint, row: Fields | undefined): { path: string; query: Fields }[] {
  const inPath = [...e.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const inQuery = Object.entries(e.queryMarks).filter(([key]) => !(key in e.firstPage));
  const valuesOf = (mark: string, key = mark) => {
    const v = row?.[mark] ?? (mark === 'id' || mark.endsWith('Id') ? row && idOf(row) : undefined);
    return typeof v === 'string' || typeof v === 'number' ? [String(v)] : choicesOf(e, key);
  };
  let combos: Record<string, string>[] = [{}];
  for (const [mark, key] of [...inPath.map((m) => [m, m]), ...inQuery.map(([k, m]) => [m, k])]) {
    const values = valuesOf(mark, key);
    // a query's parameter nothing names is left out; a path's cannot be
    if (values.length || inPath.includes(mark)) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [mark]: v })));
  }
  return combos.map((c) => ({
    path: e.pattern.replace(/:(\w+)/g, (_m, mark: string) => encodeURIComponent(c[mark])),
    query: { ...e.firstPage, ...Object.fromEntries(inQuery.filter(([, mark]) => c[mark] !== undefined).map(([key, mark]) => [key, c[mark]])) },
  }));
}

/** Signs in as each demo company's first account and records what the fake answers with. */
export async function recordReplies(app: FastifyInstance, catalog: RouteEntry[]): Promise<Recording[]> {
  const call = async (method: string, url: string, headers: Record<string, string>, payload?: unknown) => {
    const res = await app.inject({
      method: method as 'GET',
      url: API_BASE + url,
      headers: { 'x-requested-with': 'XMLHttpRequest', ...headers },
      payload: payload as string,
    });
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body: body as Fields, range: res.headers['content-range'] as string | undefined };
  };
  const signin = (code: string, username: string, password: string) => {
    const t = String(Date.now());
    return call(
      'POST',
      `/user/signin/${t}`,
      { authorization: `Token ${createHash('sha256').update(t).digest('hex')}` },
      { companyCode: code, username, password },
    );
  };
  const recordings: Recording[] = [];
  for (const company of DEMO_COMPANIES) {
    const { username, password } = company.users[0];
    const token = String((await signin(company.code, username, password)).body.access_token);
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'th' };
    const recording: Recording = { company: company.code, recordedAt: new Date().toISOString(), users: {}, replies: {} };
    // every account of the company as the sign-in answers it (the fake's sessions)
    for (const user of company.users) {
      const reply = await signin(company.code, user.username, user.password);
      if (reply.status === 200) recording.users[user.username] = reply.body.user as Fields;
    }
    const reads = endpointsOf(catalog).filter((e) => e.method === 'GET' && !e.file && !e.pattern.startsWith('/openapi'));
    const rowsByResource = new Map<string, Fields[]>();
    const keep = async (key: string, path: string, query: Fields) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const reply = await call('GET', qs ? `${path}?${qs}` : path, headers);
      if (reply.status !== 200 && process.env.RECORD_DEBUG)
        console.log(reply.status, key, path, JSON.stringify(query), JSON.stringify(reply.body).slice(0, 200));
      if (reply.status === 200 && !recording.replies[key]) {
        recording.replies[key] = { body: reply.body, ...(reply.range ? { range: reply.range } : {}) };
        // the reply in English, when it reads otherwise (default names): under `<key> @en`
        const english = await call('GET', qs ? `${path}?${qs}` : path, { ...headers, 'accept-language': 'en' });
        if (english.status === 200 && JSON.stringify(english.body) !== JSON.stringify(reply.body))
          recording.replies[`${key} @en`] = { body: english.body, ...(english.range ? { range: english.range } : {}) };
      }
      return reply.status === 200 ? reply.body : undefined;
    };
    const lists = reads.filter((r) => r.verb === 'list' || (r.verb === 'call' && !r.pattern.includes(':') && !r.idIn));
    // a list unfiltered when it can be (its first page of a hundred), else by the first values its parameters take
    const firstOf = (e: Endpoint) => [
      ...(e.pattern.includes(':') ? [] : [{ path: e.pattern, query: e.firstPage }]),
      ...fills(e, undefined).slice(0, 1),
    ];
    const listCalls = new Map<Endpoint, { path: string; query: Fields }>();
    for (const e of lists) {
      for (const { path, query } of firstOf(e)) {
        const body = await keep(listKey(e), path, query);
        if (!body) continue;
        rowsByResource.set(e.resource, [...(rowsByResource.get(e.resource) ?? []), ...rowsOf(body)]);
        listCalls.set(e, { path, query });
        break;
      }
    }
    // a list under a parent (a request's connector runs): by the first rows of the other lists that it answers for
    for (const e of lists.filter((l) => !listCalls.has(l) && l.pattern.includes(':'))) {
      const tries = [...rowsByResource.values()].flatMap((rows) => rows.slice(0, 3)).flatMap((row) => fills(e, row));
      for (const { path, query } of tries) {
        const body = await keep(listKey(e), path, query);
        if (!body) continue;
        rowsByResource.set(e.resource, [...(rowsByResource.get(e.resource) ?? []), ...rowsOf(body)]);
        listCalls.set(e, { path, query });
        break;
      }
    }
    // the reads of one record, or of one record's part, for each row the lists showed
    for (const e of reads.filter((r) => !lists.includes(r))) {
      for (const row of [...(rowsByResource.get(e.resource) ?? []).slice(0, 40), undefined]) {
        for (const filled of fills(e, row))
          if (!filled.path.includes('undefined')) await keep(readKey(e, filled.path, filled.query), filled.path, filled.query);
      }
    }
    await call('POST', '/user/logout', headers);
    // what another account sees otherwise (its own notifications, the figures of its menus), under its name
    for (const user of company.users.slice(1)) {
      const own = {
        authorization: `Bearer ${String((await signin(company.code, user.username, user.password)).body.access_token)}`,
        'accept-language': 'th',
      };
      for (const e of lists) {
        for (const { path, query } of [listCalls.get(e)].filter((c) => !!c)) {
          const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
          const reply = await call('GET', qs ? `${path}?${qs}` : path, own);
          const theirs = recording.replies[listKey(e)];
          if (reply.status === 200 && theirs && JSON.stringify(reply.body) !== JSON.stringify(theirs.body))
            recording.replies[`${listKey(e)} @${user.username}`] = { body: reply.body, ...(reply.range ? { range: reply.range } : {}) };
        }
      }
      await call('POST', '/user/logout', own);
    }
    recordings.push(recording);
  }
  return recordings;
}

const shapeOf = (schema: unknown) => (schema as { shape?: Fields } | undefined)?.shape;

type ZodDef = { type: string; innerType?: unknown; shape?: Fields; in?: unknown };
/** The fields of a schema's object that may be null, as `null` (an object's own, within): a new record's blanks. */
function nullsOf(schema: unknown): Fields | null | undefined {
  let def = (schema as { _zod?: { def: ZodDef } } | undefined)?._zod?.def;
  let nullable = false;
  while (def && ['optional', 'nullable', 'default', 'pipe', 'readonly'].includes(def.type)) {
    nullable ||= def.type === 'nullable';
    def = ((def.innerType ?? def.in) as { _zod: { def: ZodDef } })._zod.def;
  }
  if (nullable) return null;
  if (def?.type !== 'object' || !def.shape) return undefined;
  const nulls = Object.entries(def.shape)
    .map(([key, field]) => [key, nullsOf(field)] as const)
    .filter(([, v]) => v !== undefined && (v === null || Object.keys(v).length > 0));
  return Object.fromEntries(nulls);
}
type ZodLike = { _zod: { def: ZodDef & { element?: unknown; entries?: Fields; values?: unknown[] } } };
/** A blank value of a schema: '' , 0, false, null where it may be, [] and {} of blanks; an enum's first; none when optional. */
function blankOf(schema: unknown): unknown {
  const def = (schema as ZodLike | undefined)?._zod.def;
  if (!def || def.type === 'optional') return undefined;
  if (def.type === 'nullable') return null;
  if (['default', 'pipe', 'readonly'].includes(def.type)) return blankOf(def.innerType ?? def.in);
  if (def.type === 'object')
    return Object.fromEntries(
      Object.entries(def.shape ?? {})
        .map(([k, v]) => [k, blankOf(v)])
        .filter(([, v]) => v !== undefined),
    );
  const blanks: Fields = { string: '', number: 0, int: 0, boolean: false, array: [], record: {} };
  if (def.type in blanks) return blanks[def.type];
  if (def.type === 'enum') return Object.values(def.entries ?? {})[0];
  if (def.type === 'literal') return def.values?.[0];
  return undefined;
}
/** A list's row made blank from its reply's schema (its first list of objects): the shape of a new row when none was recorded. */
function blankRow(reply: unknown): Fields {
  const fields = [...Object.values(shapeOf(reply) ?? {}), ...Object.values(shapeOf(reply) ?? {}).flatMap((v) => Object.values(shapeOf(v) ?? {}))];
  const list = fields.map((f) => (f as ZodLike)._zod.def).find((d) => d.type === 'array' && (d.element as ZodLike)._zod.def.type === 'object');
  return list ? { blankRow: blankOf(list.element) } : {};
}
/** A write's record (under `data`, or the reply itself): the fields a new one holds null. */
const recordNulls = (reply: unknown) => {
  const nulls = nullsOf(shapeOf(reply)?.data ?? reply);
  return nulls && Object.keys(nulls).length ? { nulls } : {};
};

/** Each server route's access and the contract's schemas it checks, by their exported names. */
export async function routeCatalog(): Promise<RouteEntry[]> {
  const names = new Map<unknown, string>();
  for (const file of readdirSync(new URL('../contract/', import.meta.url)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(`../contract/${file}`)) as Fields;
    for (const [name, value] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b)))
      if (value && typeof value === 'object' && !names.has(value)) names.set(value, `${file.slice(0, -3)}.${name}`);
  }
  // the fake serves the staff UI's calls: the key-authenticated API of the company's own apps is the server's alone
  return serverRoutes()
    .filter((r) => !isKeyAccess(r.access))
    .map((r) => ({
      method: String(r.method),
      url: r.url,
      access: r.access as RouteEntry['access'],
      ...(names.get(r.query) ? { query: names.get(r.query) } : {}),
      ...(names.get(r.body) ? { body: names.get(r.body) } : {}),
      ...(names.get(r.describedBody) ? { input: names.get(r.describedBody) } : {}),
      ...(names.get(r.params)
        ? { params: names.get(r.params) }
        : r.params
          ? { paramsJson: z.toJSONSchema(r.params as z.ZodType, { io: 'input' }) }
          : {}),
      ...(shapeOf(r.reply) ? { replyKeys: Object.keys(shapeOf(r.reply)!) } : {}),
      ...(r.method === 'POST' ? recordNulls(r.reply) : {}),
      ...(r.method === 'GET' && r.reply ? blankRow(r.reply) : {}),
      ...(r.multipart ? { multipart: true } : {}),
    }));
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const DAY = /^\d{4}-\d\d-\d\d$/;
const THAI_MONTHS = 'มกราคม|กุมภาพันธ์|มีนาคม|เมษายน|พฤษภาคม|มิถุนายน|กรกฎาคม|สิงหาคม|กันยายน|ตุลาคม|พฤศจิกายน|ธันวาคม';
const EN_MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
/** A date written out in a rendered text (a document's "as of" line): Thai, Thai numerals or English. */
const WRITTEN_DAY = new RegExp(`[0-9๐-๙]{1,2} (?:${THAI_MONTHS}|${EN_MONTHS}) [0-9๐-๙]{4}|(?:${EN_MONTHS}) \\d{1,2}, \\d{4}`, 'g');
const ID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A recording as it can be compared with another made on another day: ids, tokens, instants and days
 * as placeholders, rows in a fixed order, one line per reply.
 */
export function comparable(recording: Recording): string[] {
  const walk = (v: unknown, key = ''): unknown => {
    if (typeof v === 'string') {
      if (/token|formRef|secret|hash|^prefix$/i.test(key)) return '<volatile>';
      // an instant or a day stands for its kind alone: the demo holds times relative to the seeding and fixed
      // dates, and no rounding keeps both comparable from one run (or day) to the next
      if (INSTANT.test(v)) return '<instant>';
      if (DAY.test(v)) return '<day>';
      return v.replace(UUID, '<id>').replace(WRITTEN_DAY, '<written day>');
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, key)).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    // an object keyed by ids (a notice's items) as the list of its values
    if (v && typeof v === 'object' && Object.keys(v).some((k) => ID_KEY.test(k))) return walk(Object.values(v), key);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  const lines = Object.entries(recording.replies).map(([key, reply]) => `${key.split(' ').slice(0, 2).join(' ')} ${JSON.stringify(walk(reply))}`);
  return [...Object.entries(recording.users).map(([name, user]) => `user ${name} ${JSON.stringify(walk(user))}`), ...lines].sort();
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const server = await bootServer();
  try {
    const dir = new URL('../fake-api/recorded/', import.meta.url);
    const catalog = await routeCatalog();
    for (const r of await recordReplies(server.app, catalog)) writeFileSync(new URL(`${r.company}.json`, dir), `${JSON.stringify(r, null, 1)}\n`);
    writeFileSync(new URL('routes.json', dir), `${JSON.stringify(catalog, null, 1)}\n`);
    console.log('fake-api/recorded/: written');
  } finally {
    await server.close();
  }
}
