import { describe, expect } from 'vitest';
import { DEMO_ADMIN, DEMO_CONTACT } from '../client';
import { expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

/** Failures allowed per company + username within 15 minutes (the 6th attempt is refused). */
const PER_USER = 5;
const WINDOW_MINUTES = 15;

/**
 * Sign-in throttling. Runs LAST on each target: it locks DEMO's contact1 out for 15 minutes.
 * It refuses 11 passwords; with signin.ts's 5 that makes 16, under the 20 per address.
 */
export function throttleCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  describe('sign-in throttling', () => {
    rule.it('answers 429 after 5 failures for one company + username, even for a user that does not exist', async () => {
      const ghost = { companyCode: 'SIAM', username: 'ghost', password: 'boo' };
      for (let i = 0; i < PER_USER; i++) expectMessage(await ctx.api.signinRaw(ghost), 401, 'signin_failed');
      expectMessage(await ctx.api.signinRaw(ghost), 429, 'signin_throttled', 'th', { minutes: WINDOW_MINUTES });
      const other = await ctx.api.signinRaw({ ...ghost, companyCode: 'siam', username: 'GHOST' }, { lang: 'en' });
      expectMessage(other, 429, 'signin_throttled', 'en', { minutes: WINDOW_MINUTES });
    });

    rule.it('keeps the lock per company + username: others still sign in', async () => {
      const body = await ctx.api.signin(DEMO_ADMIN);
      expect(body.user.companyCode).toBe('DEMO');
      expect((await ctx.api.signinRaw({ companyCode: 'DEMO', username: 'ghost', password: 'boo' })).status).toBe(401);
      // another user's success does not lift the lock
      expect((await ctx.api.signinRaw({ companyCode: 'SIAM', username: 'ghost', password: 'boo' })).status).toBe(429);
    });

    rule.it('refuses even the right password once locked', async () => {
      for (let i = 0; i < PER_USER; i++) {
        expectMessage(await ctx.api.signinRaw({ ...DEMO_CONTACT, password: `wrong-${i}` }), 401, 'signin_failed');
      }
      expectMessage(await ctx.api.signinRaw(DEMO_CONTACT), 429, 'signin_throttled', 'th', { minutes: WINDOW_MINUTES });
    });

    rule.it('leaves the sessions already open alone', async () => {
      expect((await ctx.api.get('/user/menu', { token: ctx.demoContact.access_token })).status).toBe(200);
    });
  });
}
