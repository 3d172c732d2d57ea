import { createHash, timingSafeEqual } from 'node:crypto';
import { SIGNIN_CLOCK_SKEW_MS, signinBody, signinParams, validateQuery, signinReply, validateReply } from '../../../contract/auth';
import { ApiError } from '../../http/errors';
import { auditSignin } from '../audit/record';
import { route } from '../../http/route';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../../http/sessionCookie';
import { refuseClosedPasswordSignin } from '../sso/settings';
import { verifyPassword } from './passwords';
import { openSession, revokeSession, toSessionUser, loadSession } from './sessions';
import { addressKey, reserveSigninAttempt, signinSucceeded, userKey } from './throttle';

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

export const authRoutes = [
  route({
    method: 'GET',
    url: '/health',
    access: 'public',
    handler: async ({ db }) => {
      await db.query('select 1');
      return {};
    },
  }),

  route({
    method: 'POST',
    url: '/user/signin/:timestamp',
    access: 'public',
    reply: signinReply,
    params: signinParams,
    body: signinBody,
    handler: async ({ db, req, reply, params, body }) => {
      checkSigninToken(params.timestamp, req.headers.authorization);
      const keys = { user: userKey(body.companyCode, body.username), address: addressKey(req.ip) };
      await reserveSigninAttempt(db, keys);

      const [user] = await db.query<UserRow>(
        `select u.id as user_id, u.company_id, c.code as company_code, u.username, u.firstname, u.lastname,
                u.sub_id, u.password_hash, u.disabled, u.email_verified
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
