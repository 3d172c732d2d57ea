import { createHash, timingSafeEqual } from 'node:crypto';
import {
  SIGNIN_CLOCK_SKEW_MS,
  passkeyOptionsBody,
  passkeyOptionsReply,
  passkeySigninBody,
  secondFactorBody,
  secondFactorReply,
  signinBody,
  signinParams,
  signinReply,
  validateQuery,
  validateReply,
} from '../../../contract/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { serverMessage, type Lang } from '../../http/messages';
import { auditSignin } from '../audit/record';
import { hitLimit, refundHit } from '../../http/rateLimit';
import { route } from '../../http/route';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../../http/sessionCookie';
import { refuseClosedPasswordSignin } from '../sso/settings';
import { tellFactorChanged } from './factorMail';
import { verifyPassword } from './passwords';
import { openSession, revokeSession, toSessionUser, loadSession } from './sessions';
import { checkPasskey, hasPasskeys, signinOptions } from './passkeys';
import {
  type Challenge,
  checkCode,
  codeSucceeded,
  consumeChallenge,
  findChallenge,
  openChallenge,
  reserveCodeAttempt,
  secondFactorNeed,
  startEnrolment,
} from './secondFactor';
import { SIGNIN_LIMITS, addressKey, reserveSigninAttempt, signinSucceeded, userKey } from './throttle';

/** Passkey options one address may ask for per window (a sign-in asks once, a retry once more). */
const PASSKEY_OPTIONS_PER_ADDRESS = 30;
const passkeyOptionsKey = (ip: string) => `passkey-options-ip:${ip}`;

/** The `Token` a client derives from the sign-in timestamp: hex SHA-256 of its decimal string. */
export const signinTokenFor = (timestamp: string) => createHash('sha256').update(timestamp).digest('hex');

function checkSigninToken(timestamp: string, authorization: string | undefined) {
  const given = (authorization ?? '').startsWith('Token ') ? authorization!.slice(6).trim().toLowerCase() : '';
  const expected = signinTokenFor(timestamp);
  const matches = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!matches || Math.abs(Date.now() - Number(timestamp)) > SIGNIN_CLOCK_SKEW_MS) {
    throw new ApiError(401, 'signin_token');
  }
}

interface UserRow {
  user_id: string;
  company_id: string;
  company_code: string;
  username: string;
  firstname: string;
  lastname: string;
  sub_id: string | null;
  password_hash: string;
  disabled: boolean;
  /** false until a self-registered administrator opens the e-mail verification link */
  email_verified: boolean;
}

const USER_COLUMNS = `u.id as user_id, u.company_id, c.code as company_code, u.username, u.firstname, u.lastname,
                u.sub_id, u.password_hash, u.disabled, u.email_verified`;

const userById = async (db: Queryable, id: string) =>
  (await db.query<UserRow>(`select ${USER_COLUMNS} from users u join companies c on c.id = u.company_id where u.id = $1`, [id]))[0];

/** A factor that proved the person: which, and for a code what the reply adds (recovery codes once, or how many are left). */
type Verified = { factor: 'totp' | 'recovery' | 'passkey'; recoveryCodes?: string[]; recoveryLeft?: number };

/**
 * The end of a sign-in's second step, in one transaction: the factor checked (and spent: a code's step, a
 * recovery code, an enrolment enabled, a passkey's counter), the challenge used up, the attempt taken back,
 * the session opened and logged: all of it lands or none of it. A refused factor is answered 401 (the
 * challenge stands for another try) and logged after the rollback, as a disabled person is.
 */
async function finishSecondStep(
  { db, req, reply, config, lang }: { db: Db; req: FastifyRequest; reply: FastifyReply; config: ServerConfig; lang: Lang },
  token: string,
  challenge: Challenge,
  verify: (tx: Queryable) => Promise<Verified | undefined>,
) {
  const user = await userById(db, challenge.user_id);
  const attempt = { companyCode: user.company_code, username: user.username };
  let refusal: 'second_factor' | 'disabled' | undefined;
  const done = await db
    .tx(async (tx) => {
      const verified = await verify(tx);
      if (!verified) {
        refusal = 'second_factor';
        throw new ApiError(401, 'second_factor_wrong');
      }
      await consumeChallenge(tx, token);
      // read again under the transaction: a person disabled since the password step gets no session
      const [now] = await tx.query<{ disabled: boolean }>('select disabled from users where id = $1 for share', [user.user_id]);
      if (now?.disabled ?? true) {
        refusal = 'disabled';
        throw new ApiError(403, 'signin_disabled');
      }
      await codeSucceeded(tx, user.user_id, req.ip);
      // a passkey that signed in gives back the options it asked for (an office behind one address signs in all morning)
      if (verified.factor === 'passkey') await refundHit(tx, passkeyOptionsKey(req.ip));
      const access_token = await openSession(
        tx,
        { userId: user.user_id, companyId: user.company_id },
        { ip: req.ip, userAgent: req.headers['user-agent'] },
      );
      await auditSignin(tx, req, attempt, user, undefined, { factor: verified.factor, enrolled: challenge.enrol });
      if (challenge.enrol) await tellFactorChanged(tx, config, user.user_id, lang, { kind: 'totp' });
      return { access_token, verified };
    })
    .catch(async (error: unknown) => {
      if (refusal) await auditSignin(db, req, attempt, user, refusal);
      throw error;
    });
  setSessionCookie(req, reply, done.access_token);
  const { recoveryCodes, recoveryLeft } = done.verified;
  return { access_token: done.access_token, user: toSessionUser(user), recoveryCodes, recoveryLeft };
}

export const authRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/health',
    access: 'public',
    handler: async ({ db }) => {
      await db.query('select 1');
      // with a hot standby: whether reads go there now (ok), or to the primary (lagging more than 5 s, down)
      return db.replica ? { replica: db.replica.status() } : {};
    },
  }),

  route({
    method: 'POST',
    url: '/user/signin/:timestamp',
    access: 'public',
    reply: signinReply,
    params: signinParams,
    body: signinBody,
    handler: async ({ db, req, reply, lang, params, body }) => {
      checkSigninToken(params.timestamp, req.headers.authorization);
      const keys = { user: userKey(body.companyCode, body.username), address: addressKey(req.ip) };
      await reserveSigninAttempt(db, keys);

      const [user] = await db.query<UserRow>(
        `select ${USER_COLUMNS}
           from users u join companies c on c.id = u.company_id
          where upper(c.code) = upper($1) and lower(u.username) = lower($2)`,
        [body.companyCode, body.username],
      );
      if (!(await verifyPassword(user?.password_hash, body.password))) {
        await auditSignin(db, req, body, user, 'password');
        throw new ApiError(401, 'signin_failed');
      }
      await signinSucceeded(db, keys);
      await refuseClosedPasswordSignin(db, user);
      // only once the password is right does the reply say which page the account belongs on
      if (body.page && (body.page === 'contact') !== Boolean(user.sub_id)) {
        throw new ApiError(403, body.page === 'contact' ? 'signin_use_staff_page' : 'signin_use_contact_page');
      }
      if (user.disabled) {
        await auditSignin(db, req, body, user, 'disabled');
        throw new ApiError(403, 'signin_disabled');
      }
      // a self-registered administrator proves the mailbox first (README: Accounts and e-mail)
      if (!user.email_verified) {
        await auditSignin(db, req, body, user, 'unverified');
        throw new ApiError(403, 'signin_unverified');
      }
      // a second factor, when the person has one or their role requires one: the session waits for the code
      const need = await secondFactorNeed(db, user.user_id);
      if (need !== 'none') {
        const who = { userId: user.user_id, companyId: user.company_id };
        const challenge = await openChallenge(db, who, need === 'enrol');
        const enrol =
          need === 'enrol' ? await startEnrolment(db, config, { ...who, username: user.username, companyCode: user.company_code }) : undefined;
        const key = need === 'enrol' ? 'second_factor_enrol' : 'second_factor_required';
        const passkey = need === 'verify' && (await hasPasskeys(db, user.user_id));
        throw new ApiError(403, key, {}, { status: 403, msg: serverMessage(lang, key), challenge, enrol, passkey });
      }
      const access_token = await openSession(
        db,
        { userId: user.user_id, companyId: user.company_id },
        { ip: req.ip, userAgent: req.headers['user-agent'] },
      );
      await auditSignin(db, req, body, user);
      setSessionCookie(req, reply, access_token);
      return { access_token, user: toSessionUser(user) };
    },
  }),

  route({
    method: 'POST',
    url: '/user/signin/second-factor',
    access: 'public',
    reply: secondFactorReply,
    body: secondFactorBody,
    handler: async ({ db, req, reply, lang, body }) => {
      const challenge = await findChallenge(db, body.challenge);
      await reserveCodeAttempt(db, challenge.user_id, req.ip);
      return finishSecondStep({ db, req, reply, config, lang }, body.challenge, challenge, async (tx) => {
        const result = await checkCode(tx, config, challenge.user_id, body.code, challenge.enrol);
        return result.ok ? result : undefined;
      });
    },
  }),

  route({
    method: 'POST',
    url: '/user/signin/passkey-options',
    access: 'public',
    reply: passkeyOptionsReply,
    body: passkeyOptionsBody,
    handler: async ({ db, req, body }) => {
      // each call writes a new WebAuthn challenge: counted per address as the codes are
      const hit = await hitLimit(db, passkeyOptionsKey(req.ip), PASSKEY_OPTIONS_PER_ADDRESS, SIGNIN_LIMITS.windowMinutes);
      if (!hit.allowed) throw new ApiError(429, 'signin_throttled', { minutes: hit.retryMinutes });
      const challenge = await findChallenge(db, body.challenge);
      if (challenge.enrol) throw new ApiError(409, 'passkey_none');
      return { options: await signinOptions(db, config, challenge.user_id, challenge.token_hash) };
    },
  }),

  route({
    method: 'POST',
    url: '/user/signin/passkey',
    access: 'public',
    reply: secondFactorReply,
    body: passkeySigninBody,
    handler: async ({ db, req, reply, lang, body }) => {
      const challenge = await findChallenge(db, body.challenge);
      await reserveCodeAttempt(db, challenge.user_id, req.ip);
      return finishSecondStep({ db, req, reply, config, lang }, body.challenge, challenge, async (tx) =>
        !challenge.enrol && (await checkPasskey(tx, config, challenge.user_id, challenge.webauthn_challenge, body.response))
          ? { factor: 'passkey' }
          : undefined,
      );
    },
  }),

  route({
    method: 'POST',
    url: '/user/logout',
    access: 'session',
    handler: async ({ db, req, reply, session }) => {
      await revokeSession(db, session.sessionId);
      clearSessionCookie(req, reply);
      return {};
    },
  }),

  route({
    method: 'GET',
    url: '/user/validate',
    // answers for itself: its reply says whether the session may open a menu
    access: 'public',
    reply: validateReply,
    query: validateQuery,
    handler: async ({ db, req, query }) => {
      const token = sessionTokenOf(req);
      const session = token ? await loadSession(db, token) : undefined;
      if (!session) throw new ApiError(401, 'session_expired', {}, { status: false, forbidden: false });
      const wanted = [query.menuId, query.parentId].filter((id): id is number => !!id);
      if (wanted.some((id) => !session.menus.has(id))) {
        throw new ApiError(403, 'forbidden', {}, { status: false, forbidden: true });
      }
      return { status: true, forbidden: false, user: session.user };
    },
  }),
];
