import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { API_BASE } from '../../../contract/http';
import {
  SSO_ATTEMPT_MINUTES,
  SSO_CALLBACK_PATH,
  SSO_START_ERROR_PARAM,
  SSO_START_ERRORS,
  ssoCallbackBody,
  ssoCallbackReply,
  ssoOptionsQuery,
  ssoOptionsReply,
  ssoStartQuery,
  type SsoStartError,
} from '../../../contract/sso';
import type { Queryable } from '../../db/client';
import { actAs, publicActor } from '../../http/actorDb';
import { ApiError } from '../../http/errors';
import { hitLimit } from '../../http/rateLimit';
import { route } from '../../http/route';
import type { ModuleContext } from '../../http/serverModule';
import { clearFlowCookie, cookieOf, setFlowCookie, setSessionCookie } from '../../http/sessionCookie';
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

/** The address (or whatever the claim naming the user holds) the provider named, as the trail keeps it. */
const namedIn = (claims: Record<string, unknown>, claim: string) => (typeof claims[claim] === 'string' ? String(claims[claim]).slice(0, 200) : '');

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

/**
 * The browser a sign-in was started in: a random value in an HttpOnly cookie sent back only to the
 * callback, whose hash the attempt keeps. The provider's answer handed in from another browser (a
 * stolen code, or someone else's sign-in forced on a victim) does not come with it and is refused.
 */
export const SSO_BROWSER_COOKIE = 'pdpa_sso';
const BROWSER_COOKIE_PATH = `${API_BASE}/sso/callback`;

/** The login page's code for a start that could not go to the provider. */
function startErrorOf(error: unknown, req: FastifyRequest): SsoStartError {
  const key = error instanceof ApiError ? error.msgKey : undefined;
  if (key && (SSO_START_ERRORS as readonly string[]).includes(key)) return key as SsoStartError;
  req.log.error({ err: error }, 'single sign-on could not start');
  return 'sso_start_failed';
}

/** The provider's identity of the person signed in: the ID token's issuer and subject (checked by openid-client). */
function identityOf(claims: Record<string, unknown>) {
  const { iss, sub } = claims;
  if (typeof iss !== 'string' || !iss || typeof sub !== 'string' || !sub) throw new ApiError(401, 'sso_token_refused');
  return { issuer: iss, subject: sub };
}

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
      reply.header('cache-control', 'no-store');
      try {
        await throttle(db, 'start', req.ip);
        const row = await offeringCompany(db, query.companyCode);
        if (!row) throw new ApiError(404, 'sso_not_offered');
        const provider = await providerConfig(
          { issuer: row.issuer, clientId: row.client_id, clientSecret: clientSecretOf(config, row) },
          config.ssoAllowHttp,
        );
        const { url, secrets } = await authorizationUrl(provider, redirectUriOf(config));
        const browser = randomBytes(32).toString('base64url');
        // attempts nobody finished go with the next one started
        await db.query('delete from sso_attempts where expires_at < now()');
        await db.query(
          `insert into sso_attempts (state_hash, company_id, nonce, code_verifier, redirect_from, browser_hash, expires_at)
           values ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
          [
            hashToken(secrets.state),
            row.company_id,
            secrets.nonce,
            secrets.codeVerifier,
            safePath(query.redirectFrom),
            hashToken(browser),
            SSO_ATTEMPT_MINUTES,
          ],
        );
        setFlowCookie(req, reply, SSO_BROWSER_COOKIE, browser, BROWSER_COOKIE_PATH, SSO_ATTEMPT_MINUTES * 60);
        void reply.redirect(url.href, 302);
      } catch (error) {
        // a navigation, not a script's call: the browser goes back to the login page, which says why in the reader's language
        void reply.redirect(`${SSO_CALLBACK_PATH}?${SSO_START_ERROR_PARAM}=${startErrorOf(error, req)}`, 302);
      }
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
      const browser = cookieOf(req, SSO_BROWSER_COOKIE);
      // single use: the attempt is gone from here on, whatever the answer; but only in the browser that started it
      const [attempt] = await db.query<{ company_id: string; nonce: string; code_verifier: string; redirect_from: string | null; live: boolean }>(
        `delete from sso_attempts where state_hash = $1 and browser_hash = $2
         returning company_id, nonce, code_verifier, redirect_from, expires_at > now() as live`,
        [hashToken(body.state), browser ? hashToken(browser) : null],
      );
      if (!attempt) {
        // another browser's answer leaves the attempt as it was: its own browser may still hand it in
        const [started] = await db.query('select 1 from sso_attempts where state_hash = $1 and expires_at > now()', [hashToken(body.state)]);
        throw new ApiError(400, started ? 'sso_browser' : 'sso_state');
      }
      clearFlowCookie(req, reply, SSO_BROWSER_COOKIE, BROWSER_COOKIE_PATH);
      if (!attempt.live) throw new ApiError(400, 'sso_state');
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
        const identity = identityOf(claims);
        return db.tx(async (tx) => {
          // the trail keeps the person created and the identity bound, under the address the provider named
          await actAs(tx, publicActor(req, { username: namedIn(claims, row.user_claim) }));
          const user = await findOrCreateUser(tx, row, claims, identity);
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
          await auditSignin(db, req, { companyCode: row.company_code, username: namedIn(claims, row.user_claim) }, undefined, 'sso', {
            refusal: error.msgKey,
          });
        }
        throw error;
      });
      setSessionCookie(req, reply, signedIn.token);
      return { user: toSessionUser(signedIn.user), redirectFrom: attempt.redirect_from };
    },
  }),
];
