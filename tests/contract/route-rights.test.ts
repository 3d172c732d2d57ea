import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES, type ApiScope } from '../../contract/apikeys';
import { ALWAYS_GRANTED } from '../../contract/menus';
import { GRANTABLE_MENU_IDS } from '../../contract/roles';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { isKeyAccess, isMenuAccess, type RouteSpec } from '../../server/http/route';
import { serverMessage } from '../../server/http/messages';
import { newSecret } from '../../server/modules/apikeys/secret';
import { openSession } from '../../server/modules/auth/sessions';
import { allRoutes } from '../../server/modules';
import { FIGURE_MENU_IDS } from '../../server/modules/dashboard/menuFigures';

/**
 * The rights proof: EVERY route of the server that a menu guards, called by a person whose role
 * has (1) no right on that menu, (2) only the right to view it, (3) the right to edit it. (1) is
 * always 403 forbidden; (2) is 403 read_only for writes and never 403 for reads; (3) is never
 * 403. The calls carry no useful input (an empty JSON body, a well-formed id that is nobody's):
 * the access check comes before any input is looked at, so the answer is 403 or it is not.
 *
 * The routes are read from `allRoutes()` when the suite starts, so every route a module adds is
 * covered without touching this file. Server only: the fake-api declares its routes separately.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-rights-'));
const config = { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), distDir: undefined };
// menus every signed-in person has (15, 999) guard nothing: no role can lack them
const routes = await allRoutes(config);
const guarded = routes.filter(
  (r): r is RouteSpec & { access: { menuId: number; write?: boolean } } => isMenuAccess(r.access) && !ALWAYS_GRANTED.includes(r.access.menuId),
);
// the routes the company's own apps call with an API key (`{ apiScope }`)
const keyed = routes.filter((r): r is RouteSpec & { access: { apiScope: ApiScope } } => isKeyAccess(r.access));
// and the menus with a main-menu figure (GET /user/menu-figures, menu 15: its figures follow the menus)
const menuIds = [...new Set([...guarded.map((r) => r.access.menuId), ...FIGURE_MENU_IDS])];

/** A well-formed id that no row has. */
const NOBODY = '00000000-0000-4000-8000-000000000000';
/** The route's path with every parameter filled (`:id`, `:id?`, `:id(regex)`, `*`). */
const pathOf = (url: string) => url.replace(/:\w+(\([^)]*\))?\??/g, NOBODY).replace(/\*/g, 'x');
const isWrite = (r: (typeof guarded)[number]) => Boolean(r.access.write);
const label = (r: (typeof guarded)[number]) => `${r.method} ${r.url} (menu ${r.access.menuId}${isWrite(r) ? ', write' : ''})`;

/**
 * POSTs that only read (a report's selection travels in the body; the cookie log's verification recomputes its seals): a view-only role may call
 * them. Any other POST, and every PUT, PATCH and DELETE, must ask for the edit right.
 */
const READING_POSTS = ['POST /datarisk/evaluation/export', 'POST /databreach/risk-suggestion', 'POST /cookie/log/verify', 'POST /cookie/log/receipt'];

type Level = 'none' | 'view' | 'edit';

let db: Db;
let app: FastifyInstance;
/** menu id -> level -> bearer token of a person whose role has that level on that menu */
const tokens = new Map<number, Record<Level, string>>();

/**
 * The role of each level, as sharp as it can be: `none` has every other menu with edit rights,
 * `view` views this menu and edits every other, `edit` has this menu alone.
 */
function rightsFor(menuId: number, level: Level): [number, boolean][] {
  const others = GRANTABLE_MENU_IDS.filter((m) => m !== menuId).map((m): [number, boolean] => [m, true]);
  if (level === 'none') return others;
  if (level === 'view') return [[menuId, false], ...others];
  return [[menuId, true]];
}

beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemo(db);
  app = await buildApp(db, config);
  const [{ id: companyId }] = await db.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
  for (const menuId of menuIds) {
    const levels = {} as Record<Level, string>;
    for (const level of ['none', 'view', 'edit'] as const) {
      const [role] = await db.query<{ id: string }>('insert into roles (company_id, name) values ($1, $2) returning id', [
        companyId,
        `rights ${menuId} ${level}`,
      ]);
      const rights = rightsFor(menuId, level);
      await db.query('insert into role_menus (role_id, menu_id, can_edit) select $1, unnest($2::int[]), unnest($3::boolean[])', [
        role.id,
        rights.map(([m]) => m),
        rights.map(([, edit]) => edit),
      ]);
      // nobody signs in as these people: their sessions are opened directly
      const [user] = await db.query<{ id: string }>(
        `insert into users (company_id, username, password_hash, role_id) values ($1, $2, 'not a hash', $3) returning id`,
        [companyId, `rights-${menuId}-${level}`, role.id],
      );
      levels[level] = await openSession(db, { userId: user.id, companyId }, { ip: '127.0.0.1' });
    }
    tokens.set(menuId, levels);
  }
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(r: (typeof guarded)[number], level: Level) {
  const token = tokens.get(r.access.menuId)![level];
  const hasBody = r.method !== 'GET' && r.method !== 'HEAD' && r.method !== 'DELETE';
  const reply = await app.inject({
    method: r.method as 'GET',
    url: `/api/v1${pathOf(r.url)}`,
    headers: { authorization: `Bearer ${token}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    payload: hasBody ? '{}' : undefined,
  });
  let body: { status?: number; msg?: string } = {};
  try {
    body = reply.json();
  } catch {
    // a file: not a refusal
  }
  return { status: reply.statusCode, msg: body.msg, text: `${level}: ${reply.statusCode} ${reply.body.slice(0, 200)}` };
}

describe('every menu-guarded route × {no rights, view, edit}', () => {
  it('finds the routes of every module, each guarded by a menu a role can grant', () => {
    expect(guarded.length).toBeGreaterThan(20);
    expect(guarded.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['GET /roles', 'POST /roles', 'GET /datarisk/list']));
    for (const r of guarded) expect(GRANTABLE_MENU_IDS, label(r)).toContain(r.access.menuId);
  });

  it('asks for the edit right on every call that changes data', () => {
    const readingChanges = guarded.filter((r) => r.method !== 'GET' && !isWrite(r) && !READING_POSTS.includes(`${r.method} ${r.url}`));
    expect(readingChanges.map(label)).toEqual([]);
  });

  it.each(guarded.map((r) => [label(r), r] as const))('%s', async (_label, r) => {
    const none = await call(r, 'none');
    expect(none.status, none.text).toBe(403);
    expect(none.msg, none.text).toBe(serverMessage('th', 'forbidden'));

    const view = await call(r, 'view');
    if (isWrite(r)) {
      expect(view.status, view.text).toBe(403);
      expect(view.msg, view.text).toBe(serverMessage('th', 'read_only'));
    } else {
      expect(view.status, view.text).not.toBe(403);
      expect(view.status, `${view.text}: bad input is a 4xx, never a server fault`).toBeLessThan(500);
    }

    const edit = await call(r, 'edit');
    expect(edit.status, edit.text).not.toBe(403);
    expect(edit.status, `${edit.text}: bad input is a 4xx, never a server fault`).toBeLessThan(500);
  });
});

describe('GET /user/menu-figures × {no rights, view, edit}', () => {
  const figures = async (menuId: number, level: Level) => {
    const reply = await app.inject({ url: '/api/v1/user/menu-figures', headers: { authorization: `Bearer ${tokens.get(menuId)![level]}` } });
    expect(reply.statusCode, reply.body).toBe(200);
    return (reply.json() as { data: { menuId: number }[] }).data.map((f) => f.menuId);
  };
  it.each(FIGURE_MENU_IDS)('menu %i: its figure only for a person who may open it', async (menuId) => {
    expect(await figures(menuId, 'none')).not.toContain(menuId);
    expect(await figures(menuId, 'view')).toContain(menuId);
    // `edit` has this menu alone: its figure and no other
    expect(await figures(menuId, 'edit')).toEqual([menuId]);
  });
});

/**
 * The same proof for the routes called with an API key: without a key 401, with a revoked key 401,
 * with a key of the company lacking the route's scope 403, and with another company's key naming
 * this company's published notice 404. Each key route has a call below that its input check lets
 * through (a new key route must add one), so the 404 is the company check's, not the input's.
 */
const KEY_ROUTE_CALLS: Record<string, (notice: { formId: string; purposeId: string; version: number }) => { query?: string; body?: unknown }> = {
  'POST /consent-api/consents': (n) => ({
    body: { formId: n.formId, version: n.version, subjectId: 'S-1', age: 30, purposes: [{ _id: n.purposeId, consent: true }] },
  }),
  'POST /consent-api/withdrawals': (n) => ({ body: { formId: n.formId, subjectId: 'S-1', purposes: [n.purposeId] } }),
  'GET /consent-api/consents': (n) => ({ query: `subjectId=S-1&formId=${n.formId}` }),
  'GET /consent-api/check': (n) => ({ query: `subjectId=S-1&formId=${n.formId}&purposeId=${encodeURIComponent(n.purposeId)}` }),
};

describe('every key-authenticated route × {no key, revoked, wrong scope, another company}', () => {
  const keys = { revoked: '', others: new Map<ApiScope, string>(), stranger: '' };
  let notice: { formId: string; purposeId: string; version: number };
  const addKey = async (companyCode: string, scopes: readonly ApiScope[], revoked = false) => {
    const { keyId, secret, hash } = newSecret();
    await db.query(
      `insert into api_keys (company_id, name, key_id, secret_hash, scopes, rate_limit, revoked_at)
       select id, $2, $3, $4, $5, 100000, case when $6 then now() end from companies where code = $1`,
      [companyCode, `rights ${keyId}`, keyId, hash, scopes, revoked],
    );
    return secret;
  };

  beforeAll(async () => {
    const [v] = await db.query<{ form_id: string; version: number; content: { purposes: { _id: string }[] } }>(
      `select v.form_id, v.version, v.content from consent_form_versions v join companies c on c.id = v.company_id
        where c.code = 'DEMO' order by v.published_at desc, v.version desc limit 1`,
    );
    notice = { formId: v.form_id, version: v.version, purposeId: v.content.purposes[0]._id };
    keys.revoked = await addKey('DEMO', API_SCOPES, true);
    for (const scope of API_SCOPES)
      keys.others.set(
        scope,
        await addKey(
          'DEMO',
          API_SCOPES.filter((s) => s !== scope),
        ),
      );
    keys.stranger = await addKey('SIAM', API_SCOPES);
  });

  const call = async (r: (typeof keyed)[number], secret?: string) => {
    const made = KEY_ROUTE_CALLS[`${r.method} ${r.url}`](notice);
    const reply = await app.inject({
      method: r.method as 'GET',
      url: `/api/v1${r.url}${made.query ? `?${made.query}` : ''}`,
      headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...(made.body ? { 'content-type': 'application/json' } : {}) },
      payload: made.body ? JSON.stringify(made.body) : undefined,
    });
    return { status: reply.statusCode, msg: (reply.json() as { msg?: string }).msg, text: reply.body.slice(0, 200) };
  };

  it('finds the key routes, each with a call of its own', () => {
    expect(keyed.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['GET /consent-api/check', 'POST /consent-api/consents']));
    expect(keyed.map((r) => `${r.method} ${r.url}`).filter((k) => !KEY_ROUTE_CALLS[k])).toEqual([]);
  });

  it.each(keyed.map((r) => [`${r.method} ${r.url} (${r.access.apiScope})`, r] as const))('%s', async (_label, r) => {
    const none = await call(r);
    expect(none.status, none.text).toBe(401);
    expect(none.msg).toBe(serverMessage('th', 'api_key_missing'));

    const revoked = await call(r, keys.revoked);
    expect(revoked.status, revoked.text).toBe(401);
    expect(revoked.msg).toBe(serverMessage('th', 'api_key_invalid'));

    const session = await call(r, tokens.values().next().value!.edit);
    expect(session.status, `a session is not a key: ${session.text}`).toBe(401);

    const lacking = await call(r, keys.others.get(r.access.apiScope));
    expect(lacking.status, lacking.text).toBe(403);
    expect(lacking.msg).toBe(serverMessage('th', 'api_key_scope', { scope: r.access.apiScope }));

    const stranger = await call(r, keys.stranger);
    expect(stranger.status, stranger.text).toBe(404);
  });
});
