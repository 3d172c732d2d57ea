import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoSettings } from '../../contract/sso';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { serverMessage } from '../../server/http/messages';
import { signinTokenFor } from '../../server/modules/auth/routes';
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

let db: Db;
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

/** Starts a sign-in at the company's provider: the provider's address, with the attempt's state. */
async function start(companyCode: string) {
  const reply = await app.inject({ method: 'GET', url: `/api/v1/sso/start?companyCode=${companyCode}&redirectFrom=/dashboard` });
  expect(reply.statusCode, reply.body).toBe(302);
  const location = new URL(String(reply.headers.location));
  expect(location.origin).toBe(idp.issuer);
  return location;
}

/** The provider's answer, as the login page hands it to the API. */
const answerOf = (back: URL) => Object.fromEntries(back.searchParams);

async function counts() {
  const [row] = await db.query<{ users: number; sessions: number }>(
    'select (select count(*)::int from users) as users, (select count(*)::int from sessions) as sessions',
  );
  return row;
}

const th = (key: Parameters<typeof serverMessage>[1], params?: Record<string, string | number>) => serverMessage('th', key, params);

beforeAll(async () => {
  idp = await startOidcProvider([DEMO_CLIENT, SIAM_CLIENT]);
  db = await openDb({ dataDir: 'memory://' });
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

  it('a plain-http issuer is refused unless SSO_ALLOW_HTTP is on', async () => {
    const strict = await buildApp(db, { ...config, ssoAllowHttp: false });
    try {
      const reply = await strict.inject({
        method: 'PUT',
        url: '/api/v1/sso-settings/current',
        headers: { authorization: `Bearer ${tokens.demo}` },
        payload: settingsOf('demo'),
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().msg).toBe(th('sso_issuer_https'));
    } finally {
      await strict.close();
    }
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
  let used: Record<string, string>;

  it('signs the person in, matched by e-mail within the company, with a session as the password gives', async () => {
    const before = await counts();
    const back = await signInAtProvider((await start('DEMO')).href, 'somchai@demo.co.th');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    used = answerOf(back);
    const reply = await app.inject({ method: 'POST', url: '/api/v1/sso/callback', payload: used });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({ status: 200, redirectFrom: '/dashboard', user: { _id: ids.somchai, username: 'somchai', companyCode: 'DEMO' } });
    const cookie = String(reply.headers['set-cookie']);
    expect(cookie).toMatch(/^pdpa_session=[0-9a-f]{64}; .*HttpOnly/);
    const after = await counts();
    expect(after).toEqual({ users: before.users, sessions: before.sessions + 1 });
    // the cookie is a session like any other
    const validate = await app.inject({ method: 'GET', url: '/api/v1/user/validate', headers: { cookie: cookie.split(';')[0] } });
    expect(validate.json()).toMatchObject({ status: true, user: { _id: ids.somchai } });
    const [audit] = await db.query<{ action: string }>(`select action from audit_log where user_id = $1 order by id desc limit 1`, [ids.somchai]);
    expect(audit?.action).toBe('signin');
  });

  it('refuses the same answer again (replayed state), and a state it never gave', async () => {
    const before = await counts();
    for (const answer of [used, { ...used, state: 'forged-state-0123456789' }]) {
      const reply = await call('POST', '/sso/callback', { body: answer });
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toBe(th('sso_state'));
    }
    expect((await call('POST', '/sso/callback', { body: { ...used, state: 'x' }, lang: 'en' })).body.msg).toBe(serverMessage('en', 'sso_state'));
    expect(await counts()).toEqual(before);
  });

  it('lets one of two simultaneous answers with the same state through, and refuses the other', async () => {
    const before = await counts();
    const answer = answerOf(await signInAtProvider((await start('DEMO')).href, 'somchai@demo.co.th'));
    const replies = await Promise.all([0, 1].map(() => call('POST', '/sso/callback', { body: answer })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await counts()).toEqual({ users: before.users, sessions: before.sessions + 1 });
  });

  it("shows the provider's own refusal (the person cancelled at the provider)", async () => {
    const state = (await start('DEMO')).searchParams.get('state')!;
    const reply = await call('POST', '/sso/callback', { body: { state, error: 'access_denied', iss: idp.issuer } });
    expect(reply.status).toBe(401);
    expect(reply.body.msg).toBe(th('sso_provider_error', { reason: 'access_denied' }));
  });

  it('refuses a replayed code under a fresh state', async () => {
    const before = await counts();
    const fresh = (await start('DEMO')).searchParams.get('state')!;
    const reply = await call('POST', '/sso/callback', { body: { ...used, state: fresh } });
    expect(reply.status).toBe(401);
    expect(reply.body.msg).toBe(th('sso_code_refused'));
    expect(await counts()).toEqual(before);
  });

  it("refuses a code the provider issued to another company's client", async () => {
    const before = await counts();
    const siamAnswer = answerOf(await signInAtProvider((await start('SIAM')).href, 'somchai@demo.co.th'));
    const demoState = (await start('DEMO')).searchParams.get('state')!;
    const reply = await call('POST', '/sso/callback', { body: { ...siamAnswer, state: demoState } });
    expect(reply.status).toBe(401);
    expect(reply.body.msg).toBe(th('sso_code_refused'));
    expect(await counts()).toEqual(before);
  });

  it('refuses an ID token issued for another client', async () => {
    const before = await counts();
    const back = await signInAtProvider((await start('DEMO')).href, 'somchai@demo.co.th');
    idp.tamper.idTokenAudience = SIAM_CLIENT.client_id;
    try {
      const reply = await call('POST', '/sso/callback', { body: answerOf(back) });
      expect(reply.status).toBe(401);
      expect(reply.body.msg).toBe(th('sso_token_refused'));
    } finally {
      idp.tamper.idTokenAudience = undefined;
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an e-mail outside the allowed domains', async () => {
    const before = await counts();
    const back = await signInAtProvider((await start('DEMO')).href, 'somchai@gmail.com');
    const reply = await call('POST', '/sso/callback', { body: answerOf(back) });
    expect(reply.status).toBe(403);
    expect(reply.body.msg).toBe(th('sso_domain', { domain: 'gmail.com' }));
    expect(await counts()).toEqual(before);
    // the company's trail keeps the refusal, with its reason and the address the provider named
    const [logged] = await db.query<{ username: string; after: Record<string, unknown> }>(
      `select username, after from audit_log where action = 'signin_failed' and after->>'reason' = 'sso' order by id desc limit 1`,
    );
    expect(logged).toMatchObject({ username: 'somchai@gmail.com', after: { companyCode: 'DEMO', reason: 'sso', refusal: 'sso_domain' } });
  });

  it('refuses an unknown person while creating is off, and creates them with the chosen role when it is on', async () => {
    const before = await counts();
    const back = await signInAtProvider((await start('DEMO')).href, 'new.person@demo.co.th');
    const refused = await call('POST', '/sso/callback', { body: answerOf(back) });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(th('sso_unknown_user', { email: 'new.person@demo.co.th' }));
    expect(await counts()).toEqual(before);

    expect(
      (await call('PUT', '/sso-settings/current', { token: tokens.demo, body: settingsOf('demo', { createRoleId: ids.adminRole }) })).status,
    ).toBe(200);
    const again = await signInAtProvider((await start('DEMO')).href, 'new.person@demo.co.th');
    const created = await call('POST', '/sso/callback', { body: answerOf(again) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [row] = await db.query<{ email: string; role_id: string; company_id: string }>(
      `select email, role_id, company_id from users where lower(username) = 'new.person@demo.co.th'`,
    );
    expect(row).toEqual({ email: 'new.person@demo.co.th', role_id: ids.adminRole, company_id: ids.demo });
    expect(await counts()).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
  });

  it('refuses a disabled person', async () => {
    await db.query('update users set disabled = true where id = $1', [ids.somchai]);
    try {
      const before = await counts();
      const back = await signInAtProvider((await start('DEMO')).href, 'somchai@demo.co.th');
      const reply = await call('POST', '/sso/callback', { body: answerOf(back) });
      expect(reply.status).toBe(403);
      expect(reply.body.msg).toBe(th('sso_disabled_user'));
      expect(await counts()).toEqual(before);
    } finally {
      await db.query('update users set disabled = false where id = $1', [ids.somchai]);
    }
  });

  it("matches within the company only: DEMO's person is unknown to SIAM's provider", async () => {
    const back = await signInAtProvider((await start('SIAM')).href, 'somchai@siam.co.th');
    const reply = await call('POST', '/sso/callback', { body: answerOf(back) });
    expect(reply.status).toBe(403);
    expect(reply.body.msg).toBe(th('sso_unknown_user', { email: 'somchai@siam.co.th' }));
  });
});

describe('the public calls are throttled per address', () => {
  it('refuses the 61st start from one address within 10 minutes, and keeps no attempt for it', async () => {
    const startFrom = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/api/v1/sso/start?companyCode=NOSUCH', remoteAddress }).then((r) => r.statusCode);
    const statuses = await Promise.all(Array.from({ length: 61 }, () => startFrom('10.9.9.9')));
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    const attempts = async () => (await db.query<{ n: number }>('select count(*)::int as n from sso_attempts'))[0].n;
    const before = await attempts();
    const refused = await app.inject({ method: 'GET', url: '/api/v1/sso/start?companyCode=DEMO', remoteAddress: '10.9.9.9' });
    expect(refused.statusCode).toBe(429);
    expect(await attempts()).toBe(before);
    expect(refused.json().msg).toBe(th('throttled'));
    // another address is not held back
    expect(await startFrom('10.9.9.10')).toBe(404);
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
