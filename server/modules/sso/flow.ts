import { SSO_ATTEMPT_MINUTES, ssoCallbackBody, ssoCallbackReply, ssoOptionsQuery, ssoOptionsReply, ssoStartQuery } from '../../../contract/sso';
import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { hitLimit } from '../../http/rateLimit';
import { route } from '../../http/route';
import type { ModuleContext } from '../../http/serverModule';
import { setSessionCookie } from '../../http/sessionCookie';
import { auditSignin } from '../audit/record';
import { hashToken, openSession, toSessionUser } from '../auth/sessions';
import { authorizationUrl, claimsOf, providerConfig } from './provider';
import { clientSecretOf, redirectUriOf, type SsoRow } from './settings';
import { findOrCreateUser } from './users';

/** Sign-ins one address may start (or answers it may hand in) per window: each start keeps a row until it expires. */
const ATTEMPTS_PER_ADDRESS = 60;
const ATTEMPT_WINDOW_MINUTES = 10;

async function throttle(q: Queryable, kind: 'start' | 'callback', ip: string) {
  if (!(await hitLimit(q, `sso-${kind}-${ip}`, ATTEMPTS_PER_ADDRESS, ATTEMPT_WINDOW_MINUTES)).allowed) throw new ApiError(429, 'throttled');
}

/** A company that offers single sign-on now, by its code; undefined when it does not (or no such company). */
async function offeringCompany(q: Queryable, companyCode: string): Promise<(SsoRow & { company_code: string }) | undefined> {
  const [row] = await q.query<SsoRow & { company_code: string }>(
    `select s.*, c.code as company_code from sso_settings s join companies c on c.id = s.company_id
      where upper(c.code) = upper($1) and s.enabled`,
    [companyCode],
  );
  return row;
}

/** A path of this site to go on to after signing in; anything else is dropped. */
const safePath = (path: string | undefined) => (path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : null);

/** The public calls of the sign-in through the company's provider: what the login page offers, the start, the answer. */
export const flowRoutes = ({ config }: ModuleContext) => [
  route({
    method: 'GET',
    url: '/sso/options',
    access: 'public',
    query: ssoOptionsQuery,
    reply: ssoOptionsReply,
    handler: async ({ db, query }) => {
      const row = await offeringCompany(db, query.companyCode);
      // an unknown company is answered as one without single sign-on: the lookup tells no one which codes exist
      if (!row) return { sso: false, password: true };
      return { sso: true, providerName: row.provider_name, password: !row.password_signin_off };
    },
  }),

  route({
    method: 'GET',
    url: '/sso/start',
    access: 'public',
    query: ssoStartQuery,
    handler: async ({ db, req, query, reply }) => {
      await throttle(db, 'start', req.ip);
      const row = await offeringCompany(db, query.companyCode);
      if (!row) throw new ApiError(404, 'sso_not_offered');
      const provider = await providerConfig(
        { issuer: row.issuer, clientId: row.client_id, clientSecret: clientSecretOf(config, row) },
        config.ssoAllowHttp,
      );
      const { url, secrets } = await authorizationUrl(provider, redirectUriOf(config));
      // attempts nobody finished go with the next one started
      await db.query('delete from sso_attempts where expires_at < now()');
      await db.query(
        `insert into sso_attempts (state_hash, company_id, nonce, code_verifier, redirect_from, expires_at)
         values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
        [hashToken(secrets.state), row.company_id, secrets.nonce, secrets.codeVerifier, safePath(query.redirectFrom), SSO_ATTEMPT_MINUTES],
      );
      reply.header('cache-control', 'no-store');
      void reply.redirect(url.href, 302);
      return undefined;
    },
  }),

  route({
    method: 'POST',
    url: '/sso/callback',
    access: 'public',
    body: ssoCallbackBody,
    reply: ssoCallbackReply,
    handler: async ({ db, req, reply, body }) => {
      await throttle(db, 'callback', req.ip);
      // single use: the attempt is gone from here on, whatever the answer
      const [attempt] = await db.query<{ company_id: string; nonce: string; code_verifier: string; redirect_from: string | null; live: boolean }>(
        `delete from sso_attempts where state_hash = $1
         returning company_id, nonce, code_verifier, redirect_from, expires_at > now() as live`,
        [hashToken(body.state)],
      );
      if (!attempt?.live) throw new ApiError(400, 'sso_state');
      const [row] = await db.query<SsoRow & { company_code: string }>(
        `select s.*, c.code as company_code from sso_settings s join companies c on c.id = s.company_id
          where s.company_id = $1 and s.enabled`,
        [attempt.company_id],
      );
      if (!row) throw new ApiError(403, 'sso_not_offered');
      const provider = await providerConfig(
        { issuer: row.issuer, clientId: row.client_id, clientSecret: clientSecretOf(config, row) },
        config.ssoAllowHttp,
      );
      const answer = new URL(redirectUriOf(config));
      for (const [key, value] of Object.entries(body)) if (value !== undefined) answer.searchParams.set(key, value);
      let claims: Record<string, unknown> = {};
      // the person and the session land together, or neither; a refusal is kept in the company's trail (its reason, who was named)
      const signedIn = await (async () => {
        claims = await claimsOf(provider, answer, { state: body.state, nonce: attempt.nonce, codeVerifier: attempt.code_verifier });
        return db.tx(async (tx) => {
          const user = await findOrCreateUser(tx, row, claims);
          const token = await openSession(
            tx,
            { userId: user.user_id, companyId: user.company_id },
            { ip: req.ip, userAgent: req.headers['user-agent'] },
          );
          await auditSignin(tx, req, { companyCode: row.company_code, username: user.username }, user, undefined, { factor: 'sso_signin' });
          return { user, token };
        });
      })().catch(async (error: unknown) => {
        if (error instanceof ApiError) {
          const named = typeof claims[row.user_claim] === 'string' ? String(claims[row.user_claim]).slice(0, 200) : '';
          await auditSignin(db, req, { companyCode: row.company_code, username: named }, undefined, 'sso', { refusal: error.msgKey });
        }
        throw error;
      });
      setSessionCookie(req, reply, signedIn.token);
      return { user: toSessionUser(signedIn.user), redirectFrom: attempt.redirect_from };
    },
  }),
];
