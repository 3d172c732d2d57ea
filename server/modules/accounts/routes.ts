import { z } from 'zod';
import { displayName } from '../../../contract/people';
import {
  RESET_TOKEN_MINUTES,
  VERIFY_TOKEN_HOURS,
  forgotPasswordBody,
  newCompanyBody,
  outboxQuery,
  resetPasswordBody,
  verifyEmailQuery,
  accountOptionsReply,
  newCompanyReply,
  verifyEmailReply,
  forgotPasswordReply,
  resetPasswordReply,
  outboxReply,
} from '../../../contract/accounts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, type PasswordOwner } from '../../../contract/password';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { SECOND_FACTOR_ROLES, createCompany, createUser } from '../company/create';
import { ApiError, InputError } from '../../http/errors';
import { actAs, publicActor } from '../../http/actorDb';
import type { Lang } from '../../http/messages';
import { route, type RouteSpec } from '../../http/route';
import { hashPassword } from '../auth/passwords';
import { sessionsChanged } from '../auth/sessions';
import { clearUserFailures, userKey } from '../auth/throttle';
import { readOutbox, sendMail } from '../../mail';
import { findToken, issueToken, tokensInLastHour, useToken, type TokenOwner } from './tokens';

/** The advisory lock that makes "no company yet → create the first" one step, even raced. */
const GENERATE_LOCK = 2563;
/** Reset e-mails one person may be sent per hour; more requests answer the same, silently. */
const RESETS_PER_HOUR = 5;
/** forgot-password answers no sooner than this, known account or not, so its timing tells nothing. */
const FORGOT_MIN_MS = 300;

/** A closed account call looks like no call at all. */
const closed = () => new ApiError(404, 'route_not_found');

/** Validates a body the way route() does, for calls that must first decide whether they exist. */
function parseInput<T>(schema: z.ZodType<T>, value: unknown, lang: Lang): T {
  const result = schema.safeParse(value ?? {}, { error: (lang === 'en' ? z.locales.en() : z.locales.th()).localeError });
  if (!result.success) throw new InputError(result.error.issues);
  return result.data;
}

/** 400 with the password rule's own message when `password` is not acceptable for its owner. */
function checkNewPassword(password: string, owner: PasswordOwner) {
  const problem = passwordProblem(password, owner);
  if (problem) throw new ApiError(400, problem, { min: PASSWORD_MIN, max: PASSWORD_MAX });
}

const hasCompany = async (q: Queryable) => (await q.query<{ found: boolean }>('select exists (select 1 from companies) as found'))[0].found;

type NewCompany = z.output<typeof newCompanyBody>;

/** A company with its built-in roles and its administrator. */
async function createCompanyWithAdmin(q: Queryable, body: NewCompany, emailVerified: boolean) {
  // its administrator and DPO enrol an authenticator app at their first sign-in (the roles list can change it)
  const { companyId, roles } = await createCompany(q, body.companyCode, { nameTh: body.companyName }, SECOND_FACTOR_ROLES);
  const userId = await createUser(q, companyId, roles.admin, {
    username: body.username,
    password: body.password,
    firstname: body.firstname,
    lastname: body.lastname,
    email: body.email,
    role: 'admin',
  });
  if (!emailVerified) await q.query('update users set email_verified = false where id = $1', [userId]);
  return { companyId, userId };
}

/** An account a reset link is sent to: a token's owner before the token, with an address. */
type ForgotRow = Omit<TokenOwner, 'token_id' | 'email'> & { email: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The account flows: the first company of an empty database, self sign-up with e-mail
 * verification, forgotten passwords. Every link is a one-time token stored as its SHA-256.
 */
export function accountRoutes(config: ServerConfig): RouteSpec[] {
  const link = (path: string, token: string) => `${config.mail.appUrl}${path}?token=${token}`;

  const routes = [
    route({
      method: 'GET',
      url: '/user/account-options',
      access: 'public',
      reply: accountOptionsReply,
      handler: async ({ db }) => ({ signup: config.allowSignup, generate: !(await hasCompany(db)) }),
    }),

    route({
      method: 'POST',
      url: '/user/generate-account',
      access: 'public',
      describedBody: newCompanyBody,
      reply: newCompanyReply,
      handler: async ({ db, req, lang }) => {
        // closed as soon as any company exists, whatever is sent
        if (await hasCompany(db)) throw closed();
        const body = parseInput(newCompanyBody, req.body, lang);
        checkNewPassword(body.password, body);
        await db.tx(async (q) => {
          await q.query('select pg_advisory_xact_lock($1)', [GENERATE_LOCK]);
          await actAs(q, publicActor(req, { username: body.username }));
          if (await hasCompany(q)) throw closed();
          // whoever runs the first start holds the deployment: no mailbox to prove
          await createCompanyWithAdmin(q, body, true);
        });
        return { companyCode: body.companyCode, username: body.username, verifyEmail: false };
      },
    }),

    route({
      method: 'POST',
      url: '/user/register',
      access: 'public',
      describedBody: newCompanyBody,
      reply: newCompanyReply,
      handler: async ({ db, req, lang }) => {
        if (!config.allowSignup) throw closed();
        const body = parseInput(newCompanyBody, req.body, lang);
        checkNewPassword(body.password, body);
        await db.tx(async (q) => {
          await actAs(q, publicActor(req, { username: body.username }));
          const [taken] = await q.query('select 1 from companies where upper(code) = upper($1)', [body.companyCode]);
          if (taken) throw new ApiError(409, 'account_company_taken', { code: body.companyCode });
          const { companyId, userId } = await createCompanyWithAdmin(q, body, false);
          const token = await issueToken(q, { userId, companyId }, 'verify_email', VERIFY_TOKEN_HOURS * 60);
          // in the transaction: a registration whose e-mail could not leave is not kept (try again)
          await sendMail(
            q,
            {
              to: body.email,
              template: 'verify_email',
              lang,
              params: {
                name: displayName(body),
                companyName: body.companyName,
                companyCode: body.companyCode,
                username: body.username,
                hours: VERIFY_TOKEN_HOURS,
                link: link('/verify-email', token),
              },
            },
            config.mail,
          );
        });
        return { companyCode: body.companyCode, username: body.username, verifyEmail: true };
      },
    }),

    route({
      method: 'GET',
      url: '/user/verify-email',
      access: 'public',
      reply: verifyEmailReply,
      query: verifyEmailQuery,
      handler: async ({ db, req, query }) => {
        const owner = await db.tx(async (q) => {
          const found = await findToken(q, query.token, 'verify_email');
          if (!found || !(await useToken(q, found.token_id))) throw new ApiError(400, 'account_link_invalid');
          await actAs(q, publicActor(req, { userId: found.user_id, username: found.username }));
          await q.query('update users set email_verified = true where id = $1', [found.user_id]);
          return found;
        });
        return { companyCode: owner.company_code, username: owner.username };
      },
    }),

    route({
      method: 'POST',
      url: '/user/forgot-password',
      access: 'public',
      reply: forgotPasswordReply,
      body: forgotPasswordBody,
      handler: async ({ db, req, body, lang }) => {
        const started = Date.now();
        const byUsername = body.username !== undefined;
        const users = await db.query<ForgotRow>(
          `select u.id as user_id, u.company_id, c.code as company_code, u.username, u.firstname, u.lastname, u.email
             from users u join companies c on c.id = u.company_id
            where upper(c.code) = upper($1) and not u.disabled and coalesce(u.email, '') <> ''
              and ${byUsername ? 'lower(u.username) = lower($2)' : 'lower(u.email) = lower($2)'}
            order by u.created_at limit 5`,
          [body.companyCode, byUsername ? body.username : body.email],
        );
        const deliver = async () => {
          for (const user of users) {
            if ((await tokensInLastHour(db, user.user_id, 'reset_password')) >= RESETS_PER_HOUR) continue;
            const token = await issueToken(db, { userId: user.user_id, companyId: user.company_id }, 'reset_password', RESET_TOKEN_MINUTES);
            await sendMail(
              db,
              {
                to: user.email,
                template: 'reset_password',
                lang,
                params: {
                  name: displayName(user),
                  companyCode: user.company_code,
                  username: user.username,
                  minutes: RESET_TOKEN_MINUTES,
                  link: link('/reset-password', token),
                },
              },
              config.mail,
            );
          }
        };
        if (config.mail.smtpUrl) {
          // an SMTP server's pace must not tell whether the account exists: send after replying
          deliver().catch((err) => req.log.error({ err }, 'password reset e-mail not sent'));
        } else {
          await deliver();
        }
        await sleep(Math.max(0, started + FORGOT_MIN_MS - Date.now()));
        return {};
      },
    }),

    route({
      method: 'POST',
      url: '/user/reset-password',
      access: 'public',
      reply: resetPasswordReply,
      body: resetPasswordBody,
      handler: async ({ db, req, body }) => {
        const owner = await findToken(db, body.token, 'reset_password');
        if (!owner) throw new ApiError(400, 'account_link_invalid');
        // a refused password leaves the link usable for a better one
        checkNewPassword(body.password, owner);
        const passwordHash = await hashPassword(body.password);
        await db.tx(async (q) => {
          if (!(await useToken(q, owner.token_id))) throw new ApiError(400, 'account_link_invalid');
          // the link proves the person: the trail shows them changing their own password
          await actAs(q, publicActor(req, { userId: owner.user_id, username: owner.username }));
          // the link reached the mailbox: that verifies the address too
          await q.query('update users set password_hash = $2, email_verified = true where id = $1', [owner.user_id, passwordHash]);
          await q.query('update account_tokens set used_at = now() where user_id = $1 and used_at is null', [owner.user_id]);
          // whoever knew the old password is signed out everywhere
          await q.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [owner.user_id]);
          await clearUserFailures(q, userKey(owner.company_code, owner.username));
          await sessionsChanged(q);
        });
        return {};
      },
    }),
  ];

  if (config.outboxApi) {
    routes.push(
      route({
        method: 'GET',
        url: '/dev/outbox',
        // development and tests only (OUTBOX_API=1): it shows every reset link
        access: 'public',
        reply: outboxReply,
        query: outboxQuery,
        handler: async ({ db, query }) => ({ mails: await readOutbox(db, query.to) }),
      }),
    );
  }
  return routes;
}
