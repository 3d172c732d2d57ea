import { describe, expect } from 'vitest';
import { DEMO_ADMIN } from '../client';
import { expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

/** A JSON body of about 2 MB: twice the limit. */
const HUGE = JSON.stringify({ ...DEMO_ADMIN, all: true, padding: 'ก'.repeat(700_000) });

/**
 * What callers get wrong: every refusal is a 4xx with a message, never a 5xx. None of these reaches
 * the password check, so none counts toward the sign-in throttle.
 */
export function badInputCases(ctx: Ctx) {
  const { shape } = kinds(ctx);
  describe('bad input to POST /user/signin/{timestamp}', () => {
    shape.it('refuses an empty object and missing fields (400)', async () => {
      expectInvalidField(await ctx.api.signinRaw({}), 'username');
      expectInvalidField(await ctx.api.signinRaw({ username: 'admin', companyCode: 'DEMO' }), 'password');
      expectInvalidField(await ctx.api.signinRaw({ username: 'admin', password: 'admin1234' }), 'companyCode');
      expectInvalidField(await ctx.api.signinRaw({ ...DEMO_ADMIN, username: '   ' }), 'username');
      expectInvalidField(await ctx.api.signinRaw(undefined), 'username');
    });

    shape.it('refuses fields of the wrong type (400), in English when asked', async () => {
      const wrong = { username: 1, password: true, companyCode: ['DEMO'] } as unknown as typeof DEMO_ADMIN;
      expectInvalidField(await ctx.api.signinRaw(wrong), 'username');
      expectInvalidField(await ctx.api.signinRaw(wrong, { lang: 'en' }), 'username', 'en');
      expectInvalidField(await ctx.api.signinRaw({ ...DEMO_ADMIN, password: { $ne: '' } as unknown as string }), 'password');
    });

    shape.it('refuses fields longer than allowed (400)', async () => {
      expectInvalidField(await ctx.api.signinRaw({ ...DEMO_ADMIN, username: 'a'.repeat(101) }), 'username');
      expectInvalidField(await ctx.api.signinRaw({ ...DEMO_ADMIN, password: 'a'.repeat(201) }), 'password');
    });

    shape.it('refuses a body that is not an object (400)', async () => {
      expectInvalidField(await ctx.api.signinRaw(undefined, { raw: '[]' }), '-');
      expectInvalidField(await ctx.api.signinRaw(undefined, { raw: '42' }), '-');
      expectInvalidField(await ctx.api.signinRaw(undefined, { raw: '"admin"' }), '-');
    });

    shape.it('refuses malformed JSON (400), in English when asked', async () => {
      expectMessage(await ctx.api.signinRaw(undefined, { raw: '{"username": "admin",' }), 400, 'malformed_json');
      expectMessage(await ctx.api.signinRaw(undefined, { raw: "{'username': 'admin'}", lang: 'en' }), 400, 'malformed_json', 'en');
    });
    shape.it('refuses an empty JSON body (400)', async () => {
      expectMessage(await ctx.api.signinRaw(undefined, { raw: '' }), 400, 'bad_request');
    });

    shape.it('refuses a body that is not JSON (415)', async () => {
      const form = { raw: 'username=admin&password=admin1234&companyCode=DEMO', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
      expectMessage(await ctx.api.signinRaw(undefined, form), 415, 'unsupported_media');
    });

    shape.it('refuses a 2 MB body (413)', async () => {
      expect(Buffer.byteLength(HUGE)).toBeGreaterThan(2_000_000);
      expectMessage(await ctx.api.signinRaw(undefined, { raw: HUGE }), 413, 'too_large');
      expectMessage(await ctx.api.signinRaw(undefined, { raw: HUGE, lang: 'en' }), 413, 'too_large', 'en');
    });

    shape.it('refuses a timestamp that is not a number (400)', async () => {
      expectInvalidField(await ctx.api.signinRaw(DEMO_ADMIN, { timestamp: 'yesterday' }), 'timestamp');
      expectInvalidField(await ctx.api.signinRaw(DEMO_ADMIN, { timestamp: '1'.repeat(17) }), 'timestamp');
    });
  });

  describe('bad input to POST /user/notification/read', () => {
    const post = (opts: Parameters<Ctx['api']['call']>[2]) =>
      ctx.api.call('POST', '/user/notification/read', { token: ctx.demoAdmin.access_token, ...opts });

    shape.it('refuses malformed JSON (400)', async () => {
      expectMessage(await post({ raw: '{"all": tru' }), 400, 'malformed_json');
    });
    shape.it('refuses an empty JSON body (400)', async () => {
      expectMessage(await post({ raw: '' }), 400, 'bad_request');
    });

    shape.it('refuses a 2 MB body (413), before looking at the token', async () => {
      expectMessage(await post({ raw: HUGE }), 413, 'too_large');
      expectMessage(await post({ raw: HUGE, token: undefined }), 413, 'too_large');
    });

    shape.it('checks the token before the body: no token and a bad body is 401', async () => {
      expectMessage(await post({ json: { notificationId: 'x' }, token: undefined }), 401, 'not_signed_in');
    });
  });

  describe('unknown calls', () => {
    shape.it('answers an unknown /api/v1 path with 404 and a message, in English when asked', async () => {
      expectMessage(await ctx.api.get('/no/such/call'), 404, 'route_not_found');
      expectMessage(await ctx.api.get('/no/such/call', { lang: 'en' }), 404, 'route_not_found', 'en');
      expectMessage(await ctx.api.get('/no/such/call', { headers: { 'accept-language': 'en-US,en;q=0.9,th;q=0.8' } }), 404, 'route_not_found', 'en');
      expectMessage(await ctx.api.get('', { token: ctx.demoAdmin.access_token }), 404, 'route_not_found');
      expectMessage(await ctx.api.post('/user/signin'), 404, 'route_not_found');
    });

    shape.it('answers a known path with the wrong method with 404', async () => {
      expectMessage(await ctx.api.get('/user/logout', { token: ctx.demoAdmin.access_token }), 404, 'route_not_found');
      expectMessage(await ctx.api.post('/health'), 404, 'route_not_found');
      expectMessage(await ctx.api.call('DELETE', '/user/menu', { token: ctx.demoAdmin.access_token }), 404, 'route_not_found');
    });
  });
}
