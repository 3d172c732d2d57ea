import { describe, expect } from 'vitest';
import { SIGNIN_CLOCK_SKEW_MS, signinReply, validateReply } from '../../../contract/auth';
import { DEMO_ADMIN, DEMO_CONTACT, SIAM_ADMIN, signinToken } from '../client';
import { expectFailure, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

/** Sign-in and sign-out. Each refused password counts toward the per-address throttle (20 per 15 minutes): this file refuses 5, throttle.ts 10. */
export function signinCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  describe('GET /health', () => {
    shape.it('answers status 200 without a session', async () => {
      const reply = await ctx.api.get('/health');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ status: 200 });
    });
  });

  describe('POST /user/signin/{timestamp}', () => {
    shape.it('signs the admin in with the user of the session and no password material', async () => {
      const reply = await ctx.api.signinRaw(DEMO_ADMIN);
      expect(reply.status).toBe(200);
      const body = signinReply.parse(reply.body);
      expect(body.user).toMatchObject({ username: 'admin', companyCode: 'DEMO', firstname: 'สมชาย', lastname: 'ใจดี' });
      expect(body.user.subId).toBeUndefined();
      expect(JSON.stringify(reply.body)).not.toMatch(/password|hash/i);
    });

    shape.it('takes the company code in any case', async () => {
      const body = await ctx.api.signin({ ...SIAM_ADMIN, companyCode: 'siam' });
      expect(body.user.companyCode).toBe('SIAM');
      expect(body.user._id).toBe(ctx.siamAdmin.user._id);
    });

    shape.it('gives each sign-in its own token', async () => {
      const body = await ctx.api.signin(DEMO_ADMIN);
      expect(body.access_token).not.toBe(ctx.demoAdmin.access_token);
    });

    shape.it('gives a contact user their sub-account id', async () => {
      const body = await ctx.api.signin(DEMO_CONTACT);
      expect(body.user).toMatchObject({ username: 'contact1', companyCode: 'DEMO', subId: 'CT-0001' });
    });

    shape.it('refuses a Token header not derived from the timestamp (401)', async () => {
      const reply = await ctx.api.signinRaw(DEMO_ADMIN, { authorization: `Token ${signinToken(12345)}` });
      expectMessage(reply, 401, 'signin_token');
    });

    shape.it('refuses a sign-in without the Token header (401)', async () => {
      expectMessage(await ctx.api.signinRaw(DEMO_ADMIN, { authorization: '' }), 401, 'signin_token');
      const bearer = await ctx.api.signinRaw(DEMO_ADMIN, { authorization: `Bearer ${ctx.demoAdmin.access_token}` });
      expectMessage(bearer, 401, 'signin_token');
    });

    shape.it('refuses a timestamp more than 5 minutes away, in the past or the future (401)', async () => {
      const margin = 30_000;
      const past = await ctx.api.signinRaw(DEMO_ADMIN, { timestamp: Date.now() - SIGNIN_CLOCK_SKEW_MS - margin });
      expectMessage(past, 401, 'signin_token');
      const future = await ctx.api.signinRaw(DEMO_ADMIN, { timestamp: Date.now() + SIGNIN_CLOCK_SKEW_MS + margin, lang: 'en' });
      expectMessage(future, 401, 'signin_token', 'en');
    });

    shape.it('accepts a timestamp within the allowed skew', async () => {
      const reply = await ctx.api.signinRaw(DEMO_ADMIN, { timestamp: Date.now() - SIGNIN_CLOCK_SKEW_MS + 60_000 });
      expect(reply.status).toBe(200);
    });

    rule.it('sends each kind of account to its own sign-in page (403), only once the password is right', async () => {
      expectMessage(await ctx.api.signinRaw({ ...DEMO_CONTACT, page: 'staff' }), 403, 'signin_use_contact_page');
      expectMessage(await ctx.api.signinRaw({ ...DEMO_ADMIN, page: 'contact' }), 403, 'signin_use_staff_page');
      expectMessage(await ctx.api.signinRaw({ ...DEMO_ADMIN, page: 'contact' }, { lang: 'en' }), 403, 'signin_use_staff_page', 'en');
      // a wrong password says nothing of the account's kind
      expectMessage(await ctx.api.signinRaw({ ...DEMO_CONTACT, password: 'not-the-password', page: 'staff' }), 401, 'signin_failed');
      expect((await ctx.api.signinRaw({ ...DEMO_CONTACT, page: 'contact' })).status).toBe(200);
      expect((await ctx.api.signinRaw({ ...DEMO_ADMIN, page: 'staff' })).status).toBe(200);
      // the seed's call names no page and accepts either
      expect((await ctx.api.signinRaw(DEMO_CONTACT)).status).toBe(200);
    });

    shape.it('refuses a wrong password (401)', async () => {
      expectMessage(await ctx.api.signinRaw({ ...DEMO_ADMIN, password: 'admin12345' }), 401, 'signin_failed');
    });

    shape.it('refuses an unknown user with the same message, in English when asked (401)', async () => {
      const reply = await ctx.api.signinRaw({ ...DEMO_ADMIN, username: 'nobody' }, { lang: 'en' });
      expectMessage(reply, 401, 'signin_failed', 'en');
    });

    shape.it("refuses another company's user: DEMO's viewer does not exist in SIAM (401)", async () => {
      const reply = await ctx.api.signinRaw({ companyCode: 'SIAM', username: 'viewer', password: 'viewer1234' });
      expectMessage(reply, 401, 'signin_failed');
    });

    shape.it('treats SQL metacharacters as plain text (401, never 500)', async () => {
      const username = await ctx.api.signinRaw({ companyCode: 'DEMO', username: "' OR 1=1 --", password: "' OR '1'='1" });
      expectMessage(username, 401, 'signin_failed');
      const company = await ctx.api.signinRaw({ companyCode: "DEMO' OR '1'='1", username: 'admin', password: 'x' });
      expectMessage(company, 401, 'signin_failed');
    });
  });

  describe('POST /user/logout', () => {
    shape.it('revokes the token: every later call with it is 401', async () => {
      const { access_token: token } = await ctx.api.signin(DEMO_ADMIN);
      expect((await ctx.api.get('/user/menu', { token })).status).toBe(200);

      const reply = await ctx.api.post('/user/logout', undefined, { token });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ status: 200 });

      expectMessage(await ctx.api.get('/user/menu', { token }), 401, 'session_expired');
      expectMessage(await ctx.api.get('/setting/company/fetch', { token }), 401, 'session_expired');
      expectMessage(await ctx.api.post('/user/logout', undefined, { token }), 401, 'session_expired');
      const validate = await ctx.api.get('/user/validate', { token });
      expect(validate.status).toBe(401);
      expect(validateReply.parse(validate.body)).toEqual({ status: false, forbidden: false });
    });

    shape.it("revokes only that session: the user's other sessions go on", async () => {
      const { access_token: token } = await ctx.api.signin(DEMO_ADMIN);
      expect((await ctx.api.post('/user/logout', undefined, { token })).status).toBe(200);
      expect((await ctx.api.get('/user/menu', { token: ctx.demoAdmin.access_token })).status).toBe(200);
    });

    shape.it('refuses a call without a token (401)', async () => {
      expectMessage(await ctx.api.post('/user/logout'), 401, 'not_signed_in');
      expectMessage(await ctx.api.post('/user/logout', undefined, { lang: 'en' }), 401, 'not_signed_in', 'en');
    });

    shape.it('refuses an unknown token (401)', async () => {
      const reply = await ctx.api.post('/user/logout', undefined, { token: 'f'.repeat(64) });
      expectMessage(reply, 401, 'session_expired');
      expectFailure(await ctx.api.post('/user/logout', undefined, { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } }), 401);
    });
  });
}
