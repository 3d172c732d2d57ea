import { createHash } from 'node:crypto';
import { describe, expect } from 'vitest';
import { accountOptionsReply, forgotPasswordReply, resetPasswordReply } from '../../../contract/accounts';
import { createUser } from '../../../server/modules/company/create';
import { readOutbox } from '../../../server/mail';
import { DEMO_ADMIN } from '../client';
import { expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

/** A well-formed token nobody was ever sent. */
const UNKNOWN_TOKEN = 'ab'.repeat(32);
/** What the server's forgot-password never answers sooner than (its timing must not tell). */
const FORGOT_MIN_MS = 300;

const NEW_COMPANY = {
  companyCode: 'ACME',
  companyName: 'บริษัท แอคมี จำกัด',
  username: 'acme-admin',
  firstname: 'ก้องเกียรติ',
  lastname: 'ศรีสุข',
  email: 'admin@acme.example',
  password: 'Quiet-forest-lake-42',
};

/**
 * The account calls: what every target answers (closed generate-account and register on the
 * seeded demo, one reply for forgot-password whoever asks, refused tokens and passwords), and,
 * on the server, the whole reset story read from the outbox table.
 */
export function accountCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  describe('GET /user/account-options', () => {
    shape.it('tells the sign-in page that sign-up and the first account are closed', async () => {
      const reply = await ctx.api.get('/user/account-options');
      expect(reply.status).toBe(200);
      expect(accountOptionsReply.strict().parse(reply.body)).toEqual({ status: 200, signup: false, generate: false });
    });
  });

  describe('POST /user/generate-account and POST /user/register on the demo data', () => {
    rule.it('generate-account is closed once a company exists (404), whatever is sent', async () => {
      expectMessage(await ctx.api.post('/user/generate-account', NEW_COMPANY), 404, 'route_not_found');
      expectMessage(await ctx.api.post('/user/generate-account', {}), 404, 'route_not_found');
      expectMessage(await ctx.api.post('/user/generate-account', NEW_COMPANY, { lang: 'en' }), 404, 'route_not_found', 'en');
    });

    rule.it('register is a 404 unless the deployment allows sign-up (ALLOW_SIGNUP)', async () => {
      expectMessage(await ctx.api.post('/user/register', NEW_COMPANY), 404, 'route_not_found');
      expectMessage(await ctx.api.post('/user/register', { ...NEW_COMPANY, password: 'x' }), 404, 'route_not_found');
      // nobody can sign in to what was not created
      expectMessage(await ctx.api.signinRaw({ companyCode: 'ACME', username: 'acme-admin', password: NEW_COMPANY.password }), 401, 'signin_failed');
    });
  });

  describe('POST /user/forgot-password', () => {
    const forgot = (body: unknown, lang?: 'th' | 'en') => ctx.api.post('/user/forgot-password', body, { lang });

    rule.it('answers exactly the same for an account that exists and one that does not', async () => {
      const asked = [
        { companyCode: 'DEMO', username: 'viewer' },
        { companyCode: 'demo', email: 'VIEWER@thaidigital.example' },
        { companyCode: 'DEMO', username: 'nobody-here' },
        { companyCode: 'DEMO', email: 'nobody@nowhere.example' },
        { companyCode: 'NO-SUCH-CO', username: 'admin' },
        // SIAM has an admin, but not DEMO's viewer
        { companyCode: 'SIAM', username: 'viewer' },
      ];
      for (const body of asked) {
        for (const lang of ['th', 'en'] as const) {
          const reply = await forgot(body, lang);
          expect({ status: reply.status, body: reply.body }, JSON.stringify(body)).toEqual({ status: 200, body: { status: 200 } });
          forgotPasswordReply.parse(reply.body);
        }
      }
    });

    rule.it('takes no less time for an unknown account than for a known one', async () => {
      for (const body of [
        { companyCode: 'DEMO', username: 'viewer' },
        { companyCode: 'DEMO', username: 'ghost-user' },
      ]) {
        const started = performance.now();
        expect((await forgot(body)).status).toBe(200);
        expect(performance.now() - started).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 10);
      }
    });

    shape.it('refuses a request naming neither or both of username and e-mail (400)', async () => {
      expectInvalidField(await forgot({ companyCode: 'DEMO' }), 'username');
      expectInvalidField(await forgot({ companyCode: 'DEMO', username: 'admin', email: 'admin@thaidigital.example' }), 'username');
      expectInvalidField(await forgot({ companyCode: 'DEMO', username: '   ' }), 'username', 'th');
      expectInvalidField(await forgot({ username: 'admin' }, 'en'), 'companyCode', 'en');
      expectInvalidField(await forgot({ companyCode: ['DEMO'], username: 'admin' }), 'companyCode');
      expectInvalidField(await forgot({ companyCode: 'DEMO', username: 'a'.repeat(101) }), 'username');
      expectInvalidField(await ctx.api.call('POST', '/user/forgot-password', { raw: '[]' }), '-');
      expectMessage(await ctx.api.call('POST', '/user/forgot-password', { raw: '{"companyCode":' }), 400, 'malformed_json');
    });
  });

  describe('POST /user/reset-password and GET /user/verify-email with a bad token', () => {
    rule.it("refuses a token nobody was sent (400), in the reader's language", async () => {
      const body = { token: UNKNOWN_TOKEN, password: 'Quiet-forest-lake-42' };
      expectMessage(await ctx.api.post('/user/reset-password', body), 400, 'account_link_invalid');
      expectMessage(await ctx.api.post('/user/reset-password', body, { lang: 'en' }), 400, 'account_link_invalid', 'en');
      expectMessage(await ctx.api.get(`/user/verify-email?token=${UNKNOWN_TOKEN}`), 400, 'account_link_invalid');
    });

    shape.it('refuses a malformed token, a missing one and a password under the rules (400)', async () => {
      expectInvalidField(await ctx.api.post('/user/reset-password', { token: 'not-a-token', password: 'Quiet-forest-lake-42' }), 'token');
      expectInvalidField(await ctx.api.post('/user/reset-password', { password: 'Quiet-forest-lake-42' }), 'token');
      expectInvalidField(await ctx.api.post('/user/reset-password', { token: UNKNOWN_TOKEN, password: 'short' }), 'password');
      expectInvalidField(await ctx.api.post('/user/reset-password', { token: UNKNOWN_TOKEN, password: 'x'.repeat(201) }), 'password');
      expectInvalidField(await ctx.api.post('/user/reset-password', { token: UNKNOWN_TOKEN, password: 1234567890 }), 'password');
      expectInvalidField(await ctx.api.get('/user/verify-email'), 'token');
      expectInvalidField(await ctx.api.get('/user/verify-email?token=%3Cscript%3E'), 'token');
    });
  });

  rule.describe('the password reset story (server: the outbox table)', () => {
    const person = {
      username: 'reset.flow',
      password: 'Start-of-the-story-1',
      firstname: 'รัตนา',
      lastname: 'เปลี่ยนใหม่',
      email: 'Reset.Flow@thaidigital.example',
      role: 'staff' as const,
    };
    const credentials = { companyCode: 'DEMO', username: person.username, password: person.password };
    const NEW_PASSWORD = 'Lotus-pond-at-noon-88';
    const linkToken = async (to: string) => {
      const [mail] = await readOutbox(ctx.db!, to);
      expect(mail?.template).toBe('reset_password');
      const url = new URL(mail.link!);
      expect(url.pathname).toBe('/reset-password');
      return url.searchParams.get('token')!;
    };
    const mails = async (to: string) => (await readOutbox(ctx.db!, to)).length;
    let firstSession: string;

    rule.it('sets up a DEMO staff member with a session', async () => {
      const [ids] = await ctx.db!.query<{ company_id: string; role_id: string }>(
        `select c.id as company_id, r.id as role_id from companies c join roles r on r.company_id = c.id
          where c.code = 'DEMO' and r.builtin = 'staff'`,
      );
      await createUser(ctx.db!, ids.company_id, ids.role_id, person);
      firstSession = (await ctx.api.signin(credentials)).access_token;
    });

    rule.it("e-mails a one-time link in the reader's language, storing only its hash", async () => {
      await ctx.api.post('/user/forgot-password', { companyCode: 'DEMO', username: 'RESET.FLOW' }, { lang: 'en' });
      const [mail] = await readOutbox(ctx.db!, 'reset.flow@thaidigital.example');
      expect(mail).toMatchObject({ lang: 'en', template: 'reset_password', to: person.email });
      expect(mail.subject).toBe('Set a new password for reset.flow (DEMO)');
      expect(mail.text).toContain('expires in 30 minutes');
      const token = await linkToken(person.email);
      const rows = await ctx.db!.query<{ token_hash: string; minutes: number }>(
        `select t.token_hash, round(extract(epoch from t.expires_at - t.created_at) / 60)::int as minutes
           from account_tokens t join users u on u.id = t.user_id
          where u.username = 'reset.flow' and t.used_at is null and t.purpose = 'reset_password'`,
      );
      expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex'), minutes: 30 }]);
    });

    rule.it("sends nothing for an unknown, another company's or a disabled account", async () => {
      const [before] = await ctx.db!.query<{ n: number }>('select count(*)::int as n from mail_outbox');
      await ctx.api.post('/user/forgot-password', { companyCode: 'SIAM', username: 'reset.flow' });
      await ctx.api.post('/user/forgot-password', { companyCode: 'DEMO', email: 'nobody@thaidigital.example' });
      await ctx.db!.query("update users set disabled = true where username = 'viewer'");
      try {
        await ctx.api.post('/user/forgot-password', { companyCode: 'DEMO', username: 'viewer' });
      } finally {
        await ctx.db!.query("update users set disabled = false where username = 'viewer'");
      }
      const [after] = await ctx.db!.query<{ n: number }>('select count(*)::int as n from mail_outbox');
      expect(after.n).toBe(before.n);
    });

    rule.it('a newer link replaces the older one', async () => {
      const older = await linkToken(person.email);
      await ctx.api.post('/user/forgot-password', { companyCode: 'DEMO', email: 'reset.flow@THAIDIGITAL.example' });
      expect(await mails(person.email)).toBe(2);
      const newer = await linkToken(person.email);
      expect(newer).not.toBe(older);
      expectMessage(await ctx.api.post('/user/reset-password', { token: older, password: NEW_PASSWORD }), 400, 'account_link_invalid');
    });

    rule.it("refuses a password holding the person's names (400) and keeps the link usable", async () => {
      const token = await linkToken(person.email);
      for (const password of ['my-reset.flow-secret', 'รหัสของรัตนา12345', 'Reset.Flow-is-me!']) {
        expectMessage(await ctx.api.post('/user/reset-password', { token, password }), 400, 'password_has_name');
      }
      expectMessage(
        await ctx.api.post('/user/reset-password', { token, password: 'เปลี่ยนใหม่-2567-ok' }, { lang: 'en' }),
        400,
        'password_has_name',
        'en',
      );
    });

    rule.it('sets the new password once, ends every session, and the new password signs in', async () => {
      const token = await linkToken(person.email);
      const reply = await ctx.api.post('/user/reset-password', { token, password: NEW_PASSWORD });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(resetPasswordReply.parse(reply.body)).toEqual({ status: 200 });
      // the audit trail shows the person changing their own password (the hash never copied), from their address
      const [changed] = await ctx.db!.query<{ user_id: string; username: string; action: string; after: Record<string, unknown>; ip: string | null }>(
        `select a.user_id, a.username, a.action, a.after, a.ip from audit_log a join users u on u.id::text = a.record_id
          where a.entity = 'users' and u.username = 'reset.flow' and a.action = 'update' order by a.id desc limit 1`,
      );
      expect(changed).toMatchObject({ username: 'reset.flow', action: 'update', after: { password_hash: '***' } });
      expect(changed.ip).toBeTruthy();

      expectMessage(await ctx.api.get('/user/menu', { token: firstSession }), 401, 'session_expired');
      const [revoked] = await ctx.db!.query<{ open: number }>(
        `select count(*) filter (where revoked_at is null)::int as open from sessions s join users u on u.id = s.user_id
          where u.username = 'reset.flow'`,
      );
      expect(revoked.open).toBe(0);

      expectMessage(await ctx.api.signinRaw(credentials), 401, 'signin_failed');
      const signin = await ctx.api.signin({ ...credentials, password: NEW_PASSWORD });
      expect(signin.user.username).toBe('reset.flow');

      expectMessage(await ctx.api.post('/user/reset-password', { token, password: 'Another-new-one-99' }), 400, 'account_link_invalid');
      // the others' sessions are untouched
      expect((await ctx.api.get('/user/menu', { token: ctx.demoAdmin.access_token })).status).toBe(200);
    });

    rule.it('refuses an expired link (400)', async () => {
      await ctx.api.post('/user/forgot-password', { companyCode: 'DEMO', username: 'reset.flow' });
      const token = await linkToken(person.email);
      await ctx.db!.query(
        `update account_tokens set expires_at = now() - interval '1 second'
          where token_hash = $1`,
        [createHash('sha256').update(token).digest('hex')],
      );
      expectMessage(await ctx.api.post('/user/reset-password', { token, password: 'Another-new-one-99' }), 400, 'account_link_invalid');
      // the password did not change
      expect((await ctx.api.signin({ ...credentials, password: NEW_PASSWORD })).user.username).toBe('reset.flow');
    });

    rule.it('keeps the outbox off HTTP unless OUTBOX_API=1', async () => {
      expectMessage(await ctx.api.get(`/dev/outbox?to=${encodeURIComponent(person.email)}`), 404, 'route_not_found');
    });

    rule.it('verify-email does not take a reset link', async () => {
      await ctx.api.post('/user/forgot-password', { companyCode: 'DEMO', username: 'reset.flow' });
      const token = await linkToken(person.email);
      expectMessage(await ctx.api.get(`/user/verify-email?token=${token}`), 400, 'account_link_invalid');
    });
  });

  describe('the demo administrator is untouched', () => {
    shape.it('still signs in with the demo password', async () => {
      expect((await ctx.api.signin(DEMO_ADMIN)).user.username).toBe('admin');
    });
  });
}
