import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { beforeAll, expect } from 'vitest';
import { API_BASE } from '../../../contract/http';
import { DEMO_ADMIN, signinToken, type Credentials, type Reply } from '../client';
import { expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

/** Failures allowed per company + username within 15 minutes (the 6th attempt is refused). */
const PER_USER = 5;
const WINDOW_MINUTES = 15;

/**
 * A POST from another loopback address (the whole 127/8 is the loopback on Linux): the failures these
 * cases spend count against that address, never against the other cases' 127.0.0.1.
 */
function postFrom(baseUrl: string, path: string, body: unknown, from: string, headers: Record<string, string> = {}): Promise<Reply> {
  const url = new URL(`${baseUrl}${API_BASE}${path}`);
  const json = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(json)), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const replyHeaders = new Headers(
            Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]])),
          );
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(bytes.toString('utf8')), headers: replyHeaders, bytes });
        });
      },
    );
    req.on('error', reject);
    req.end(json);
  });
}

function signinFrom(baseUrl: string, body: Credentials, lang?: 'en'): Promise<Reply> {
  const timestamp = String(Date.now());
  return postFrom(baseUrl, `/user/signin/${timestamp}`, body, '127.0.3.1', {
    authorization: `Token ${signinToken(timestamp)}`,
    ...(lang ? { 'accept-language': lang } : {}),
  });
}

/**
 * Sign-in throttling. Each case locks an account of its own (a made-up one, or a staff member the
 * cases add), from an address of its own, so no other case is locked out, whatever the order.
 */
export function throttleCases(ctx: Ctx) {
  const { rule } = kinds(ctx);

  /** Fails sign-in until the account is locked (a 429); an account locked already takes no more failures. */
  async function lockOut(account: Credentials) {
    for (let i = 0; i <= PER_USER; i++) {
      const reply = await signinFrom(ctx.api.baseUrl, { ...account, password: `wrong-${i}` });
      expect([401, 429]).toContain(reply.status);
      if (reply.status === 429) return;
    }
    throw new Error(`${account.username} was not locked after ${PER_USER + 1} failures`);
  }

  rule.describe('sign-in throttling', () => {
    /** a made-up SIAM account, locked by the first case (or by the second, run alone) */
    const ghost = { companyCode: 'SIAM', username: 'ghost', password: 'boo' };
    /** a DEMO staff member of these cases, with a session opened before any lock */
    const member = { companyCode: 'DEMO', username: `throttle.${randomBytes(3).toString('hex')}`, password: 'Sakura-River-2569' };
    let memberToken = '';
    beforeAll(async () => {
      const token = ctx.demoAdmin.access_token;
      const roles = await ctx.api.get('/roles?range=[0,99]', { token });
      const staff = (roles.body.data as { id: string; builtin: string | null }[]).find((r) => r.builtin === 'staff')!.id;
      const created = await ctx.api.post(
        '/people',
        {
          kind: 'staff',
          username: member.username,
          firstname: 'ทดลอง',
          lastname: 'ล็อก',
          email: `${member.username}@throttle.example`,
          roleId: staff,
          password: member.password,
        },
        { token },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      memberToken = (await ctx.api.signin(member)).access_token;
    });

    rule.it('answers 429 after 5 failures for one company + username, even for a user that does not exist', async () => {
      for (let i = 0; i < PER_USER; i++) expectMessage(await signinFrom(ctx.api.baseUrl, ghost), 401, 'signin_failed');
      expectMessage(await signinFrom(ctx.api.baseUrl, ghost), 429, 'signin_throttled', 'th', { minutes: WINDOW_MINUTES });
      const other = await signinFrom(ctx.api.baseUrl, { ...ghost, companyCode: 'siam', username: 'GHOST' }, 'en');
      expectMessage(other, 429, 'signin_throttled', 'en', { minutes: WINDOW_MINUTES });
    });

    rule.it('keeps the lock per company + username: others still sign in', async () => {
      await lockOut(ghost);
      const body = await ctx.api.signin(DEMO_ADMIN);
      expect(body.user.companyCode).toBe('DEMO');
      expect((await signinFrom(ctx.api.baseUrl, { companyCode: 'DEMO', username: 'ghost', password: 'boo' })).status).toBe(401);
      // another user's success does not lift the lock
      expect((await signinFrom(ctx.api.baseUrl, ghost)).status).toBe(429);
    });

    rule.it('refuses even the right password once locked', async () => {
      await lockOut(member);
      expectMessage(await signinFrom(ctx.api.baseUrl, member), 429, 'signin_throttled', 'th', { minutes: WINDOW_MINUTES });
    });

    rule.it('counts the passkey options one address asks for: beyond 30 in the window, a 429', async () => {
      const ask = () => postFrom(ctx.api.baseUrl, '/user/signin/passkey-options', { challenge: 'z'.repeat(43) }, '127.0.3.2');
      for (let i = 0; i < 30; i++) expectMessage(await ask(), 401, 'second_factor_expired');
      expectMessage(await ask(), 429, 'signin_throttled', 'th', { minutes: WINDOW_MINUTES });
    });

    rule.it('leaves the sessions already open alone', async () => {
      await lockOut(member);
      expect((await ctx.api.get('/user/menu', { token: memberToken })).status).toBe(200);
    });
  });
}
