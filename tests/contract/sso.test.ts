import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoSettings } from '../../contract/sso';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import type { Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { testDatabases } from '../../server/db/testDatabases';
import { serverMessage } from '../../server/http/messages';
import { signinTokenFor } from '../../server/modules/auth/routes';
import { hashToken } from '../../server/modules/auth/sessions';
import { signInAtProvider, startOidcProvider, type TestProvider } from '../oidc/provider';

/**
 * Single sign-on against a REAL OpenID Connect provider (oidc-provider, started here): the settings
 * (menu 13), the login page's lookup, the whole sign-in through HTTP, and each refusal (a wrong or
 * replayed state, a replayed code, a code or a token for another client, an e-mail outside the allowed
 * domains, an unknown or disabled person) with its message, and nothing created.
 */
const APP_URL = 'http://app.localhost:4999';
const REDIRECT = `${APP_URL}/login`;
const DEMO_CLIENT = { client_id: 'pdpa-demo', client_secret: 'demo-secret-0123456789', redirect_uris: [REDIRECT] };
const SIAM_CLIENT = { client_id: 'pdpa-siam', client_secret: 'siam-secret-0123456789', redirect_uris: [REDIRECT] };

const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-sso-'));
const config = {
  ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SSO_ALLOW_HTTP: '1', APP_URL }),
  distDir: undefined,
};

// the PostgreSQL server when DATABASE_URL is set (its concurrency is real), else PGlite
const target = testDatabases('sso_test').at(-1)!;
let db: Db;
let dropDb: (() => Promise<void>) | undefined;
let app: FastifyInstance;
let idp: TestProvider;
const tokens: Record<'demo' | 'siam', string> = { demo: '', siam: '' };
const ids: Record<string, string> = {};

type Json = Record<string, unknown> & { msg?: string; status?: number };
async function call(method: 'GET' | 'PUT' | 'POST', url: string, opts: { token?: string; body?: unknown; lang?: 'en' } = {}) {
  const reply = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lang ? { 'accept-language': 'en' } : {}),
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  return { status: reply.statusCode, body: (reply.body ? reply.json() : {}) as Json, headers: reply.headers };
}

async function signin(companyCode: string, username: string, password: string) {
  const timestamp = String(Date.now());
  const reply = await app.inject({
    method: 'POST',
    url: `/api/v1/user/signin/${timestamp}`,
    headers: { authorization: `Token ${signinTokenFor(timestamp)}` },
    payload: { companyCode, username, password },
  });
  return { status: reply.statusCode, body: reply.json() as Json };
}

const settingsOf = (company: 'demo' | 'siam', over: Record<string, unknown> = {}) => ({
  enabled: true,
  providerName: company === 'demo' ? 'Demo Entra ID' : 'Siam Google',
  issuer: idp.issuer,
  clientId: company === 'demo' ? DEMO_CLIENT.client_id : SIAM_CLIENT.client_id,
  clientSecret: company === 'demo' ? DEMO_CLIENT.client_secret : SIAM_CLIENT.client_secret,
  userClaim: 'email',
  allowedDomains: company === 'demo' ? ['demo.co.th'] : ['siam.co.th'],
  createRoleId: null,
  passwordSigninOff: false,
  breakGlassUserId: null,
  ...over,
});

/** Starts a sign-in at the company's provider: its address (with the attempt's state), and the cookie the browser got. */
async function start(companyCode: string) {
  const reply = await app.inject({ method: 'GET', url: `/api/v1/sso/start?companyCode=${companyCode}&redirectFrom=/dashboard` });
  expect(reply.statusCode, reply.body).toBe(302);
  const location = new URL(String(reply.headers.location));
  expect(location.origin).toBe(idp.issuer);
  const setCookie = String(reply.headers['set-cookie']);
  return { location, state: location.searchParams.get('state')!, cookie: setCookie.split(';')[0], setCookie };
}

/** The provider's answer, as the login page hands it to the API. */
const answerOf = (back: URL) => Object.fromEntries(back.searchParams);

/** A sign-in at the company's provider as `login`: the answer it sends back, and the cookie of the browser that started it. */
async function signInAs(companyCode: string, login: string) {
  const { location, cookie } = await start(companyCode);
  return { answer: answerOf(await signInAtProvider(location.href, login)), cookie };
}

/** The login page handing an answer to the API, from a browser carrying `cookie` (none: another browser). */
async function callback(answer: Record<string, string>, cookie: string | undefined, lang?: 'en') {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/v1/sso/callback',
    headers: { ...(cookie ? { cookie } : {}), ...(lang ? { 'accept-language': lang } : {}) },
    payload: answer,
  });
  return { status: reply.statusCode, body: (reply.body ? reply.json() : {}) as Json, headers: reply.headers };
}

async function counts() {
  const [row] = await db.query<{ users: number; sessions: number; identities: number }>(
    `select (select count(*)::int from users) as users, (select count(*)::int from sessions) as sessions,
            (select count(*)::int from sso_identities) as identities`,
  );
  return row;
}

/** The provider's identity the person is bound to, if any. */
async function bindingOf(userId: string) {
  const [row] = await db.query<{ issuer: string; subject: string }>('select issuer, subject from sso_identities where user_id = $1', [userId]);
  return row;
}

const th = (key: Parameters<typeof serverMessage>[1], params?: Record<string, string | number>) => serverMessage('th', key, params);

beforeAll(async () => {
  idp = await startOidcProvider([DEMO_CLIENT, SIAM_CLIENT]);
  ({ db, drop: dropDb } = await target.open());
  await migrate(db);
  await seedDemo(db);
  app = await buildApp(db, config);
  tokens.demo = (await signin('DEMO', 'admin', 'admin1234')).body.access_token as string;
  tokens.siam = (await signin('SIAM', 'admin', 'admin1234')).body.access_token as string;
  const [demo] = await db.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
  ids.demo = demo.id;
  // the demo's staff member the provider knows by e-mail
  const [user] = await db.query<{ id: string }>(
    `insert into users (company_id, username, password_hash, firstname, lastname, email, role_id)
     select $1, 'somchai', 'not a hash', 'สมชาย', 'ใจดี', 'Somchai@demo.co.th', role_id from users where company_id = $1 and username = 'admin'
     returning id`,
    [demo.id],
  );
  ids.somchai = user.id;
  const [admin] = await db.query<{ id: string; role_id: string }>(`select id, role_id from users where company_id = $1 and username = 'admin'`, [
    demo.id,
  ]);
  ids.admin = admin.id;
  ids.adminRole = admin.role_id;
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  await dropDb?.();
  await idp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SSO settings (menu 13)', () => {
  it('starts off; saving keeps the secret encrypted and never sends it back, only that it is set', async () => {
    const before = await call('GET', '/sso-settings/current', { token: tokens.demo });
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ enabled: false, clientSecretSet: false, userClaim: 'email', redirectUri: REDIRECT });

    const saved = await call('PUT', '/sso-settings/current', { token: tokens.demo, body: settingsOf('demo') });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const data = ssoSettings.strict().parse(saved.body.data);
    expect(data).toMatchObject({ enabled: true, clientSecretSet: true, allowedDomains: ['demo.co.th'] });
    expect(JSON.stringify(saved.body)).not.toContain(DEMO_CLIENT.client_secret);
    const [row] = await db.query<{ client_secret_sealed: string }>('select client_secret_sealed from sso_settings where company_id = $1', [ids.demo]);
    expect(row.client_secret_sealed).not.toContain(DEMO_CLIENT.client_secret);

    // a blank secret keeps the one stored
    const again = await call('PUT', '/sso-settings/current', { token: tokens.demo, body: settingsOf('demo', { clientSecret: '' }) });
    expect(again.body.data).toMatchObject({ clientSecretSet: true });
    expect((await call('PUT', '/sso-settings/current', { token: tokens.siam, body: settingsOf('siam') })).status).toBe(200);
  });

  it('refuses bad settings with a clear 400 and stores nothing', async () => {
    const bad = [
      [{ passwordSigninOff: true }, 'sso_break_glass_required'],
      [{ issuer: 'ftp://idp.example.com' }, 'sso_issuer_invalid'],
      [{ clientSecret: '', clientId: '', enabled: true }, 'sso_incomplete'],
      [{ createRoleId: '00000000-0000-4000-8000-000000000000' }, 'sso_role_unknown'],
      [{ issuer: 'http://127.0.0.1:9' }, 'sso_discovery_failed'],
    ] as const;
    for (const [over, code] of bad) {
      const reply = await call('PUT', '/sso-settings/current', { token: tokens.demo, body: settingsOf('demo', over) });
      expect(reply.status, code).toBe(400);
      expect(reply.body.msg, code).toBe(th(code, { issuer: String((over as { issuer?: string }).issuer ?? '') }));
    }
    const domain = await call('PUT', '/sso-settings/current', { token: tokens.demo, body: settingsOf('demo', { allowedDomains: ['not a domain'] }) });
    expect(domain.status).toBe(400);
    const english = await call('PUT', '/sso-settings/current', {
      token: tokens.demo,
      body: settingsOf('demo', { passwordSigninOff: true }),
      lang: 'en',
    });
    expect(english.body.msg).toBe(serverMessage('en', 'sso_break_glass_required'));
    const current = await call('GET', '/sso-settings/current', { token: tokens.demo });
    expect(current.body.data).toMatchObject({ enabled: true, issuer: idp.issuer, clientId: DEMO_CLIENT.client_id, passwordSigninOff: false });
  });

  it('a plain-http issuer, or one inside the network (the server fetches it), is refused unless SSO_ALLOW_HTTP is on', async () => {
    const strict = await buildApp(db, { ...config, ssoAllowHttp: false });
    try {
      const save = (issuer: string) =>
        strict.inject({
          method: 'PUT',
          url: '/api/v1/sso-settings/current',
          headers: { authorization: `Bearer ${tokens.demo}` },
          payload: settingsOf('demo', { issuer }),
        });
      const reply = await save(idp.issuer);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().msg).toBe(th('sso_issuer_https'));
      for (const issuer of [
        idp.issuer.replace('http:', 'https:'),
        'https://localhost/realms/demo',
        'https://10.0.0.5',
        'https://169.254.169.254/latest/meta-data',
        'https://[::ffff:127.0.0.1]',
      ]) {
        const inside = await save(issuer);
        expect(inside.statusCode, issuer).toBe(400);
        expect(inside.json().msg, issuer).toBe(th('sso_issuer_private'));
      }
    } finally {
      await strict.close();
    }
    expect((await call('GET', '/sso-settings/current', { token: tokens.demo })).body.data).toMatchObject({ issuer: idp.issuer });
  });

  it('asks for the client secret again when the issuer or the client id changes, and forgets the bindings of another issuer', async () => {
    const [before] = await db.query<{ client_secret_sealed: string }>('select client_secret_sealed from sso_settings where company_id = $1', [
      ids.demo,
    ]);
    for (const over of [{ clientId: 'pdpa-other' }, { issuer: `${idp.issuer}/` }]) {
      const reply = await call('PUT', '/sso-settings/current', { token: tokens.demo, body: settingsOf('demo', { ...over, clientSecret: '' }) });
      expect(reply.status, JSON.stringify(over)).toBe(400);
      expect(reply.body).toMatchObject({ field: 'clientSecret', reason: th('sso_secret_required') });
      const english = await call('PUT', '/sso-settings/current', {
        token: tokens.demo,
        body: settingsOf('demo', { ...over, clientSecret: '' }),
        lang: 'en',
      });
      expect(english.body.reason).toBe(serverMessage('en', 'sso_secret_required'));
    }
    const [after] = await db.query<{ client_secret_sealed: string; client_id: string }>(
      'select client_secret_sealed, client_id from sso_settings where company_id = $1',
      [ids.demo],
    );
    expect(after).toEqual({ client_secret_sealed: before.client_secret_sealed, client_id: DEMO_CLIENT.client_id });

    // a binding to the provider the company leaves is dropped with it (the people are matched by e-mail at the new one)
    await db.query(
      `insert into sso_identities (user_id, company_id, issuer, subject) values ($1, $2, 'https://old-idp.example.com', 'admin-at-old')`,
      [ids.admin, ids.demo],
    );
    await db.query(`update sso_settings set issuer = 'https://old-idp.example.com' where company_id = $1`, [ids.demo]);
    const moved = await call('PUT', '/sso-settings/current', { token: tokens.demo, body: settingsOf('demo') });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await bindingOf(ids.admin)).toBeUndefined();
  });
});

describe('the login page lookup', () => {
  it('offers the provider of a company that has one, and nothing for others or unknown codes', async () => {
    expect((await call('GET', '/sso/options?companyCode=demo')).body).toEqual({
      status: 200,
      sso: true,
      providerName: 'Demo Entra ID',
      password: true,
    });
    expect((await call('GET', '/sso/options?companyCode=NOSUCH')).body).toEqual({ status: 200, sso: false, password: true });
    expect((await call('GET', '/sso/options')).status).toBe(400);
  });
});

describe('signing in through the provider', () => {
  let used: { answer: Record<string, string>; cookie: string };

  it('signs the person in, matched by e-mail within the company, with a session as the password gives, and binds the identity', async () => {
    const before = await counts();
    const started = await start('DEMO');
    // the browser that started is told apart by a cookie only the callback gets, only over the callback
    expect(started.setCookie).toMatch(/^pdpa_sso=[\w-]{43}; Max-Age=600; Path=\/api\/v1\/sso\/callback; HttpOnly; SameSite=Lax$/);
    const back = await signInAtProvider(started.location.href, 'somchai@demo.co.th');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    used = { answer: answerOf(back), cookie: started.cookie };
    const reply = await callback(used.answer, used.cookie);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      status: 200,
      redirectFrom: '/dashboard',
      user: { _id: ids.somchai, username: 'somchai', companyCode: 'DEMO' },
    });
    const cookies = reply.headers['set-cookie'] as string[];
    const session = cookies.find((c) => c.startsWith('pdpa_session='))!;
    expect(session).toMatch(/^pdpa_session=[0-9a-f]{64}; .*HttpOnly/);
    // the browser's value served its one attempt
    expect(cookies).toContain('pdpa_sso=; Max-Age=0; Path=/api/v1/sso/callback; HttpOnly; SameSite=Lax');
    const after = await counts();
    expect(after).toEqual({ users: before.users, sessions: before.sessions + 1, identities: before.identities + 1 });
    // the cookie is a session like any other
    const validate = await app.inject({ method: 'GET', url: '/api/v1/user/validate', headers: { cookie: session.split(';')[0] } });
    expect(validate.json()).toMatchObject({ status: true, user: { _id: ids.somchai } });
    const [audit] = await db.query<{ action: string }>(`select action from audit_log where user_id = $1 order by id desc limit 1`, [ids.somchai]);
    expect(audit?.action).toBe('signin');
    // the provider's identity is the person's from now on, and the company's trail says so
    expect(await bindingOf(ids.somchai)).toEqual({ issuer: idp.issuer, subject: 'somchai@demo.co.th' });
    const [bound] = await db.query<{ action: string; username: string }>(
      `select action, username from audit_log where entity = 'sso_identities' and record_id = $1 order by id desc limit 1`,
      [ids.somchai],
    );
    expect(bound).toEqual({ action: 'create', username: 'somchai@demo.co.th' });
  });

  it('refuses the same answer again (replayed state), and a state it never gave', async () => {
    const before = await counts();
    for (const answer of [used.answer, { ...used.answer, state: 'forged-state-0123456789' }]) {
      const reply = await callback(answer, used.cookie);
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toBe(th('sso_state'));
    }
    expect((await callback({ ...used.answer, state: 'x' }, used.cookie, 'en')).body.msg).toBe(serverMessage('en', 'sso_state'));
    expect(await counts()).toEqual(before);
  });

  it('refuses an answer handed in by another browser (no cookie, or the cookie of another attempt), and leaves the attempt to its own', async () => {
    const before = await counts();
    const mine = await signInAs('DEMO', 'somchai@demo.co.th');
    const other = await start('DEMO');
    for (const cookie of [undefined, other.cookie, 'pdpa_sso=forged-value']) {
      const reply = await callback(mine.answer, cookie);
      expect(reply.status, String(cookie)).toBe(400);
      expect(reply.body.msg).toBe(th('sso_browser'));
      // the cookie of the other attempt is not spent on it
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
    expect((await callback(mine.answer, undefined, 'en')).body.msg).toBe(serverMessage('en', 'sso_browser'));
    expect(await counts()).toEqual(before);
    const attempts = await db.query('select 1 from sso_attempts where state_hash = $1', [hashToken(mine.answer.state)]);
    expect(attempts).toHaveLength(1);
    // the browser that started it still signs in
    expect((await callback(mine.answer, mine.cookie)).status).toBe(200);
    expect(await counts()).toEqual({ ...before, sessions: before.sessions + 1 });
  });

  it('lets one of two simultaneous answers with the same state through, and refuses the other', async () => {
    const before = await counts();
    const { answer, cookie } = await signInAs('DEMO', 'somchai@demo.co.th');
    const replies = await Promise.all([0, 1].map(() => callback(answer, cookie)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await counts()).toEqual({ ...before, sessions: before.sessions + 1 });
  });

  it("shows the provider's own refusal (the person cancelled at the provider)", async () => {
    const { state, cookie } = await start('DEMO');
    const reply = await callback({ state, error: 'access_denied', iss: idp.issuer }, cookie);
    expect(reply.status).toBe(401);
    expect(reply.body.msg).toBe(th('sso_provider_error', { reason: 'access_denied' }));
  });

  it('refuses a replayed code under a fresh state', async () => {
    const before = await counts();
    const fresh = await start('DEMO');
    const reply = await callback({ ...used.answer, state: fresh.state }, fresh.cookie);
    expect(reply.status).toBe(401);
    expect(reply.body.msg).toBe(th('sso_code_refused'));
    expect(await counts()).toEqual(before);
  });

  it("refuses a code the provider issued to another company's client", async () => {
    const before = await counts();
    const siam = await signInAs('SIAM', 'somchai@demo.co.th');
    const demo = await start('DEMO');
    const reply = await callback({ ...siam.answer, state: demo.state }, demo.cookie);
    expect(reply.status).toBe(401);
    expect(reply.body.msg).toBe(th('sso_code_refused'));
    expect(await counts()).toEqual(before);
  });

  it('refuses an ID token issued for another client', async () => {
    const before = await counts();
    const { answer, cookie } = await signInAs('DEMO', 'somchai@demo.co.th');
    idp.tamper.idTokenAudience = SIAM_CLIENT.client_id;
    try {
      const reply = await callback(answer, cookie);
      expect(reply.status).toBe(401);
      expect(reply.body.msg).toBe(th('sso_token_refused'));
    } finally {
      idp.tamper.idTokenAudience = undefined;
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an e-mail the provider does not say is verified (false, or nothing said)', async () => {
    const before = await counts();
    for (const emailVerified of [false, undefined, 'true']) {
      const { answer, cookie } = await signInAs('DEMO', 'somchai@demo.co.th');
      idp.tamper.claims = { email_verified: emailVerified };
      try {
        const reply = await callback(answer, cookie);
        expect(reply.status, String(emailVerified)).toBe(403);
        expect(reply.body.msg).toBe(th('sso_no_email', { claim: 'email' }));
      } finally {
        idp.tamper.claims = undefined;
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an e-mail outside the allowed domains', async () => {
    const before = await counts();
    const { answer, cookie } = await signInAs('DEMO', 'somchai@gmail.com');
    const reply = await callback(answer, cookie);
    expect(reply.status).toBe(403);
    expect(reply.body.msg).toBe(th('sso_domain', { domain: 'gmail.com' }));
    expect(await counts()).toEqual(before);
    // the attempt was spent: so is the browser's value
    expect(reply.headers['set-cookie']).toBe('pdpa_sso=; Max-Age=0; Path=/api/v1/sso/callback; HttpOnly; SameSite=Lax');
    // the company's trail keeps the refusal, with its reason and the address the provider named
    const [logged] = await db.query<{ username: string; after: Record<string, unknown> }>(
      `select username, after from audit_log where action = 'signin_failed' and after->>'reason' = 'sso' order by id desc limit 1`,
    );
    expect(logged).toMatchObject({ username: 'somchai@gmail.com', after: { companyCode: 'DEMO', reason: 'sso', refusal: 'sso_domain' } });
  });

  it('refuses another account of the provider naming the e-mail of a person bound to someone else: no takeover by address', async () => {
    const before = await counts();
    expect(await bindingOf(ids.somchai)).toMatchObject({ subject: 'somchai@demo.co.th' });
    // "mallory" at the provider, whose e-mail there is (now) Somchai's
    const { answer, cookie } = await signInAs('DEMO', 'mallory');
    idp.tamper.claims = { email: 'somchai@demo.co.th', email_verified: true };
    try {
      const reply = await callback(answer, cookie);
      expect(reply.status).toBe(403);
      expect(reply.body.msg).toBe(th('sso_identity_mismatch'));
    } finally {
      idp.tamper.claims = undefined;
    }
    expect(await counts()).toEqual(before);
    expect(await bindingOf(ids.somchai)).toMatchObject({ subject: 'somchai@demo.co.th' });
    const [logged] = await db.query<{ after: Record<string, unknown> }>(
      `select after from audit_log where action = 'signin_failed' and after->>'reason' = 'sso' order by id desc limit 1`,
    );
    expect(logged.after).toMatchObject({ refusal: 'sso_identity_mismatch' });
  });

  it('finds a bound person by the identity first: an address changed at the provider still signs them in', async () => {
    const { answer, cookie } = await signInAs('DEMO', 'somchai@demo.co.th');
    idp.tamper.claims = { email: 'somchai.jaidee@demo.co.th' };
    try {
      const reply = await callback(answer, cookie);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toMatchObject({ user: { _id: ids.somchai } });
    } finally {
      idp.tamper.claims = undefined;
    }
  });

  it("an administrator changing the person's e-mail drops the binding: the next sign-in binds the new address's account", async () => {
    const { body: person } = await call('GET', `/people/${ids.somchai}`, { token: tokens.demo });
    const data = person.data as Record<string, unknown>;
    const body = {
      kind: data.kind,
      subId: null,
      username: data.username,
      firstname: data.firstname,
      lastname: data.lastname,
      email: 'somchai.new@demo.co.th',
      roleId: data.roleId,
      departmentId: data.departmentId ?? null,
      positionId: data.positionId ?? null,
    };
    // the same address in other letters is the same address: the binding stays
    const same = await call('PUT', `/people/${ids.somchai}`, { token: tokens.demo, body: { ...body, email: 'SOMCHAI@demo.co.th' } });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await bindingOf(ids.somchai)).toBeDefined();
    const changed = await call('PUT', `/people/${ids.somchai}`, { token: tokens.demo, body });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await bindingOf(ids.somchai)).toBeUndefined();
    const [dropped] = await db.query<{ action: string; user_id: string }>(
      `select action, user_id from audit_log where entity = 'sso_identities' and record_id = $1 order by id desc limit 1`,
      [ids.somchai],
    );
    expect(dropped).toEqual({ action: 'delete', user_id: ids.admin });

    const { answer, cookie } = await signInAs('DEMO', 'somchai.new@demo.co.th');
    const reply = await callback(answer, cookie);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ user: { _id: ids.somchai } });
    expect(await bindingOf(ids.somchai)).toEqual({ issuer: idp.issuer, subject: 'somchai.new@demo.co.th' });
    // back as it was, for the cases after
    expect((await call('PUT', `/people/${ids.somchai}`, { token: tokens.demo, body: { ...body, email: 'Somchai@demo.co.th' } })).status).toBe(200);
    const restored = await signInAs('DEMO', 'somchai@demo.co.th');
    expect((await callback(restored.answer, restored.cookie)).status).toBe(200);
  });

  it('refuses an unknown person while creating is off, and creates (and binds) them with the chosen role when it is on', async () => {
    const before = await counts();
    const first = await signInAs('DEMO', 'new.person@demo.co.th');
    const refused = await callback(first.answer, first.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(th('sso_unknown_user', { email: 'new.person@demo.co.th' }));
    expect(await counts()).toEqual(before);

    expect(
      (await call('PUT', '/sso-settings/current', { token: tokens.demo, body: settingsOf('demo', { createRoleId: ids.adminRole }) })).status,
    ).toBe(200);
    const again = await signInAs('DEMO', 'new.person@demo.co.th');
    const created = await callback(again.answer, again.cookie);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [row] = await db.query<{ id: string; email: string; role_id: string; company_id: string }>(
      `select id, email, role_id, company_id from users where lower(username) = 'new.person@demo.co.th'`,
    );
    expect(row).toMatchObject({ email: 'new.person@demo.co.th', role_id: ids.adminRole, company_id: ids.demo });
    expect(await bindingOf(row.id)).toEqual({ issuer: idp.issuer, subject: 'new.person@demo.co.th' });
    expect(await counts()).toEqual({ users: before.users + 1, sessions: before.sessions + 1, identities: before.identities + 1 });
  });

  it('refuses a disabled person', async () => {
    await db.query('update users set disabled = true where id = $1', [ids.somchai]);
    try {
      const before = await counts();
      const { answer, cookie } = await signInAs('DEMO', 'somchai@demo.co.th');
      const reply = await callback(answer, cookie);
      expect(reply.status).toBe(403);
      expect(reply.body.msg).toBe(th('sso_disabled_user'));
      expect(await counts()).toEqual(before);
    } finally {
      await db.query('update users set disabled = false where id = $1', [ids.somchai]);
    }
  });

  it("matches within the company only: DEMO's person is unknown to SIAM's provider", async () => {
    const { answer, cookie } = await signInAs('SIAM', 'somchai@siam.co.th');
    const reply = await callback(answer, cookie);
    expect(reply.status).toBe(403);
    expect(reply.body.msg).toBe(th('sso_unknown_user', { email: 'somchai@siam.co.th' }));
  });
});

describe('a start that cannot go to the provider', () => {
  it('sends the browser back to the login page naming why, instead of a JSON reply', async () => {
    const startAt = async (companyCode: string) => {
      const reply = await app.inject({ method: 'GET', url: `/api/v1/sso/start?companyCode=${companyCode}` });
      expect(reply.statusCode).toBe(302);
      expect(reply.headers['set-cookie']).toBeUndefined();
      return String(reply.headers.location);
    };
    expect(await startAt('NOSUCH')).toBe('/login?ssoError=sso_not_offered');
    const attempts = async () => (await db.query<{ n: number }>('select count(*)::int as n from sso_attempts'))[0].n;
    const before = await attempts();
    // the provider is down
    await db.query(`update sso_settings set issuer = 'http://127.0.0.1:9' where company_id = (select id from companies where code = 'SIAM')`);
    try {
      expect(await startAt('SIAM')).toBe('/login?ssoError=sso_unreachable');
    } finally {
      await db.query(`update sso_settings set issuer = $1 where company_id = (select id from companies where code = 'SIAM')`, [idp.issuer]);
    }
    expect(await attempts()).toBe(before);
  });
});

describe('the public calls are throttled per address', () => {
  it('refuses the 61st start from one address within 10 minutes, and keeps no attempt for it', async () => {
    const startFrom = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/api/v1/sso/start?companyCode=NOSUCH', remoteAddress }).then((r) => String(r.headers.location));
    const locations = await Promise.all(Array.from({ length: 61 }, () => startFrom('10.9.9.9')));
    expect(locations.filter((l) => l === '/login?ssoError=throttled')).toHaveLength(1);
    const attempts = async () => (await db.query<{ n: number }>('select count(*)::int as n from sso_attempts'))[0].n;
    const before = await attempts();
    const refused = await app.inject({ method: 'GET', url: '/api/v1/sso/start?companyCode=DEMO', remoteAddress: '10.9.9.9' });
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/login?ssoError=throttled');
    expect(await attempts()).toBe(before);
    // another address is not held back
    expect(await startFrom('10.9.9.10')).toBe('/login?ssoError=sso_not_offered');
    // the answers too
    const answers = await Promise.all(
      Array.from({ length: 61 }, () =>
        app.inject({ method: 'POST', url: '/api/v1/sso/callback', payload: { state: 'nope' }, remoteAddress: '10.9.9.11' }).then((r) => r.statusCode),
      ),
    );
    expect(answers.filter((s) => s === 429)).toHaveLength(1);
  });
});

describe('password sign-in switched off', () => {
  it('refuses the password to everyone but the break-glass administrator', async () => {
    await db.query(`update users set password_hash = (select password_hash from users where id = $1) where id = $2`, [ids.admin, ids.somchai]);
    const off = await call('PUT', '/sso-settings/current', {
      token: tokens.demo,
      body: settingsOf('demo', { passwordSigninOff: true, breakGlassUserId: ids.admin }),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await call('GET', '/sso/options?companyCode=DEMO')).body).toMatchObject({ sso: true, password: false });
    const refused = await signin('DEMO', 'somchai', 'admin1234');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(th('signin_sso_only'));
    expect((await signin('DEMO', 'admin', 'admin1234')).status).toBe(200);
    // another company is not touched
    expect((await signin('SIAM', 'admin', 'admin1234')).status).toBe(200);
    expect((await call('PUT', '/sso-settings/current', { token: tokens.demo, body: settingsOf('demo') })).status).toBe(200);
    expect((await signin('DEMO', 'somchai', 'admin1234')).status).toBe(200);
  });
});
