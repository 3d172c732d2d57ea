/**
 * The account flows the contract suite cannot reach on its seeded targets: the first company of an
 * empty database, self sign-up (ALLOW_SIGNUP) with e-mail verification, the outbox over HTTP, and
 * e-mail through SMTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompanyReply, outboxReply } from '../../../contract/accounts';
import { buildApp } from '../../app';
import { configFromEnv } from '../../config';
import { openDb } from '../../db/client';
import { migrate } from '../../db/migrate';
import { serverMessage } from '../../http/messages';
import { Secret, TOTP } from 'otpauth';
import { signinTokenFor } from '../auth/routes';

const FIRST = {
  companyCode: 'first-co',
  companyName: 'บริษัท เฟิร์สท์ จำกัด',
  username: 'owner',
  firstname: 'มานะ',
  lastname: 'ตั้งใจ',
  email: 'owner@first.example',
  password: 'Blue-river-morning-7',
};
const SIGNUP = {
  companyCode: 'NEWCO',
  companyName: 'บริษัท นิวโค จำกัด',
  username: 'boss',
  firstname: 'ปิติ',
  lastname: 'ยินดี',
  email: 'Boss@NewCo.example',
  password: 'Green-hills-at-dawn-5',
};

async function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-accounts-'));
  const db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  const config = { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env }), distDir: undefined };
  const app = await buildApp(db, config);
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'th') => {
    const res = await app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers: { 'accept-language': lang } });
    return { status: res.statusCode, body: res.json() };
  };
  /** A sign-in; a new company's administrator is asked to enrol an authenticator app, which is done here as a person would. */
  const signin = async (companyCode: string, username: string, password: string) => {
    const timestamp = String(Date.now());
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/user/signin/${timestamp}`,
      headers: { authorization: `Token ${signinTokenFor(timestamp)}` },
      payload: { companyCode, username, password },
    });
    const body = res.json();
    if (res.statusCode !== 403 || !body.enrol) return { status: res.statusCode, body, enrolled: false };
    const code = new TOTP({ secret: Secret.fromBase32(body.enrol.secret), digits: 6, period: 30 }).generate();
    const done = await app.inject({ method: 'POST', url: '/api/v1/user/signin/second-factor', payload: { challenge: body.challenge, code } });
    return { status: done.statusCode, body: done.json(), enrolled: true };
  };
  const close = async () => {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, db, call, signin, close };
}

const msg = (key: Parameters<typeof serverMessage>[1], params = {}) => serverMessage('th', key, params);

describe('accounts on an empty database, sign-up allowed', () => {
  let s: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    s = await start({ ALLOW_SIGNUP: '1', OUTBOX_API: '1', APP_URL: 'https://pdpa.example/' });
  });
  afterAll(() => s.close());

  it('offers the first account and sign-up', async () => {
    expect(await s.call('GET', '/user/account-options')).toEqual({ status: 200, body: { status: 200, signup: true, generate: true } });
  });

  it('refuses a first administrator whose password holds a name, and creates nothing', async () => {
    const reply = await s.call('POST', '/user/generate-account', { ...FIRST, password: 'owner-is-my-password' });
    expect(reply).toEqual({ status: 400, body: { status: 400, msg: msg('password_has_name') } });
    const short = await s.call('POST', '/user/generate-account', { ...FIRST, password: 'short' });
    expect(short.status).toBe(400);
    expect((await s.call('GET', '/user/account-options')).body.generate).toBe(true);
  });

  it('creates the first company and its administrator, who signs in at once; then it is closed', async () => {
    const reply = await s.call('POST', '/user/generate-account', FIRST);
    expect(reply.status).toBe(200);
    expect(newCompanyReply.parse(reply.body)).toEqual({ status: 200, companyCode: 'FIRST-CO', username: 'owner', verifyEmail: false });
    const signin = await s.signin('first-co', 'owner', FIRST.password);
    expect(signin.status).toBe(200);
    // a new company's administrator enrols an authenticator app at the first sign-in
    expect(signin.enrolled).toBe(true);
    expect(signin.body.user).toMatchObject({ companyCode: 'FIRST-CO', firstname: 'มานะ' });
    // every menu: the built-in administrator role
    const menu = await s.app.inject({ url: '/api/v1/user/menu', headers: { authorization: `Bearer ${signin.body.access_token}` } });
    expect(menu.json().menu.length).toBeGreaterThan(5);

    expect((await s.call('GET', '/user/account-options')).body.generate).toBe(false);
    const again = await s.call('POST', '/user/generate-account', { ...FIRST, companyCode: 'OTHER' });
    expect(again).toEqual({ status: 404, body: { status: 404, msg: msg('route_not_found') } });
    // closed whatever is sent
    expect((await s.call('POST', '/user/generate-account', {})).status).toBe(404);
  });

  it('registers a company whose administrator must verify the e-mail before signing in', async () => {
    const reply = await s.call('POST', '/user/register', SIGNUP);
    expect(reply.status).toBe(200);
    expect(newCompanyReply.parse(reply.body)).toEqual({ status: 200, companyCode: 'NEWCO', username: 'boss', verifyEmail: true });

    expect(await s.signin('NEWCO', 'boss', SIGNUP.password)).toEqual({
      status: 403,
      body: { status: 403, msg: msg('signin_unverified') },
      enrolled: false,
    });

    const outbox = outboxReply.parse((await s.call('GET', '/dev/outbox?to=boss@newco.example')).body);
    expect(outbox.mails).toHaveLength(1);
    const [mail] = outbox.mails;
    expect(mail).toMatchObject({ template: 'verify_email', lang: 'th', to: SIGNUP.email });
    expect(mail.subject).toContain('บริษัท นิวโค จำกัด');
    expect(mail.text).toContain('คุณปิติ ยินดี');
    expect(mail.link).toMatch(/^https:\/\/pdpa\.example\/verify-email\?token=[0-9a-f]{64}$/);
    const token = new URL(mail.link!).searchParams.get('token')!;

    const [stored] = await s.db.query<{ n: number }>('select count(*)::int as n from account_tokens where token_hash = $1', [token]);
    expect(stored.n, 'the token itself is never stored').toBe(0);

    const verified = await s.call('GET', `/user/verify-email?token=${token}`);
    expect(verified).toEqual({ status: 200, body: { status: 200, companyCode: 'NEWCO', username: 'boss' } });
    expect(await s.call('GET', `/user/verify-email?token=${token}`)).toEqual({
      status: 400,
      body: { status: 400, msg: msg('account_link_invalid') },
    });
    expect((await s.signin('newco', 'BOSS', SIGNUP.password)).status).toBe(200);
  });

  it('refuses a company code already taken (409) and a bad registration (400), creating nothing', async () => {
    const taken = await s.call('POST', '/user/register', { ...SIGNUP, companyCode: 'newco', email: 'x@newco.example' });
    expect(taken).toEqual({ status: 409, body: { status: 409, msg: msg('account_company_taken', { code: 'NEWCO' }) } });
    for (const bad of [
      { ...SIGNUP, companyCode: 'NEW CO' },
      { ...SIGNUP, companyCode: 'Y2', email: 'not-an-email' },
      { ...SIGNUP, companyCode: 'Y2', firstname: '<script>alert(1)</script>' },
      { ...SIGNUP, companyCode: 'Y2', password: 'Boss-boss-boss-1' },
    ]) {
      expect((await s.call('POST', '/user/register', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const [{ n }] = await s.db.query<{ n: number }>('select count(*)::int as n from companies');
    expect(n).toBe(2);
  });

  it('an expired verification link is refused (400)', async () => {
    await s.call('POST', '/user/register', { ...SIGNUP, companyCode: 'LATECO', username: 'late', email: 'late@late.example' }, 'en');
    const { mails } = outboxReply.parse((await s.call('GET', '/dev/outbox?to=late@late.example')).body);
    expect(mails[0]).toMatchObject({ lang: 'en' });
    expect(mails[0].text).toContain('Dear ปิติ ยินดี');
    await s.db.query("update account_tokens set expires_at = now() - interval '1 minute' where purpose = 'verify_email'");
    const token = new URL(mails[0].link!).searchParams.get('token');
    const reply = await s.call('GET', `/user/verify-email?token=${token}`, undefined, 'en');
    expect(reply).toEqual({ status: 400, body: { status: 400, msg: serverMessage('en', 'account_link_invalid') } });
  });
});

/** A message as an SMTP server receives it: its headers, and its text (base64 decoded). */
function parseMessage(raw: string) {
  const [head, ...rest] = raw.split('\n\n');
  const body = rest.join('\n\n');
  const text = /^Content-Transfer-Encoding: base64$/im.test(head) ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8') : body;
  return { head, text };
}

/** A minimal SMTP server that keeps what it is sent. */
function smtpSink() {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let data = '';
    let inData = false;
    socket.setEncoding('utf8');
    socket.write('220 sink ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += line + '\n';
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, messages };
}

describe('e-mail through SMTP (SMTP_URL)', () => {
  const sink = smtpSink();
  let s: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
    const { port } = sink.server.address() as { port: number };
    s = await start({ ALLOW_SIGNUP: '1', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'PDPA <no-reply@pdpa.example>' });
  });
  afterAll(async () => {
    await s.close();
    sink.server.close();
  });

  it('sends the verification e-mail to the SMTP server, not to the outbox', async () => {
    expect((await s.call('POST', '/user/register', SIGNUP)).status).toBe(200);
    expect(sink.messages).toHaveLength(1);
    const { head, text } = parseMessage(sink.messages[0]);
    expect(head).toMatch(/^From: PDPA <no-reply@pdpa\.example>$/m);
    expect(head).toMatch(/^To: Boss@NewCo\.example$/im);
    expect(text).toContain('เรียน คุณปิติ ยินดี');
    expect(text).toMatch(/\/verify-email\?token=[0-9a-f]{64}/);
    const [{ n }] = await s.db.query<{ n: number }>('select count(*)::int as n from mail_outbox');
    expect(n).toBe(0);
  });

  it('answers forgot-password before the e-mail leaves, and it does leave', async () => {
    const reply = await s.call('POST', '/user/forgot-password', { companyCode: 'NEWCO', email: 'boss@newco.example' });
    expect(reply).toEqual({ status: 200, body: { status: 200 } });
    await expect.poll(() => sink.messages.length, { timeout: 5_000 }).toBe(2);
    expect(parseMessage(sink.messages[1]).text).toMatch(/\/reset-password\?token=[0-9a-f]{64}/);
  });
});
