/**
 * The account flows in the fake (server/modules/accounts), in memory: generate-account (closed:
 * the fixtures hold companies), register (only with ALLOW_SIGNUP=1), e-mail verification, forgotten
 * passwords. E-mails go to an in-memory outbox, readable at `/dev/outbox` only with OUTBOX_API=1.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { displayName } from '../contract/people';
import type { z } from 'zod';
import {
  RESET_TOKEN_MINUTES,
  VERIFY_TOKEN_HOURS,
  forgotPasswordBody,
  newCompanyBody,
  outboxQuery,
  resetPasswordBody,
  verifyEmailQuery,
  type OutboxMail,
} from '../contract/accounts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, type PasswordOwner } from '../contract/password';
import type { Lang } from '../server/http/messages';
import { renderMail, type MailTemplate } from '../server/modules/mail/templates';
import { Failure, now, parse, route, type FakeData, type FakeUser } from './routes';

interface FakeToken {
  userId: string;
  purpose: 'verify_email' | 'reset_password';
  expiresAt: number;
  used: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const closed = () => new Failure(404, 'route_not_found');

function checkNewPassword(password: string, owner: PasswordOwner) {
  const problem = passwordProblem(password, owner);
  if (problem) throw new Failure(400, problem, { min: PASSWORD_MIN, max: PASSWORD_MAX });
}

export function accountRoutes(
  data: () => FakeData,
  /** ends every session of a user (a reset password) */
  endSessions: (userId: string) => void,
  env: NodeJS.ProcessEnv = process.env,
) {
  const allowSignup = env.ALLOW_SIGNUP === '1' || env.ALLOW_SIGNUP === 'true';
  const outboxApi = env.OUTBOX_API === '1' || env.OUTBOX_API === 'true';
  const appUrl = (env.APP_URL || `http://localhost:${env.FAKE_API_PORT ?? 3001}`).replace(/\/+$/, '');
  /** token hash -> token */
  const tokens = new Map<string, FakeToken>();
  const outbox: OutboxMail[] = [];

  const issue = (userId: string, purpose: FakeToken['purpose'], minutes: number) => {
    for (const t of tokens.values()) if (t.userId === userId && t.purpose === purpose) t.used = true;
    const token = randomBytes(32).toString('hex');
    tokens.set(sha256(token), { userId, purpose, expiresAt: Date.now() + minutes * 60_000, used: false });
    return token;
  };
  const live = (token: string, purpose: FakeToken['purpose']) => {
    const found = tokens.get(sha256(token));
    const user = data().users.find((u) => u.id === found?.userId && !u.disabled);
    return found && user && found.purpose === purpose && !found.used && found.expiresAt > Date.now() ? { found, user } : undefined;
  };
  const send = (to: string, template: MailTemplate, lang: Lang, params: Record<string, string | number>, path: string, token: string) => {
    const link = `${appUrl}${path}?token=${token}`;
    const { subject, text } = renderMail(template, lang, { ...params, link });
    outbox.unshift({ to, template, lang, subject, text, link, created_dt: now() });
  };
  const companyCode = (user: FakeUser) => data().companies.find((c) => c.id === user.companyId)!.code;

  function createCompanyWithAdmin(body: z.output<typeof newCompanyBody>, emailVerified: boolean): FakeUser {
    if (data().companies.some((c) => c.code.toUpperCase() === body.companyCode)) {
      throw new Failure(409, 'account_company_taken', { code: body.companyCode });
    }
    const companyId = randomUUID();
    data().companies.push({ id: companyId, code: body.companyCode, detail: { nameTh: body.companyName }, logo: null });
    const user: FakeUser = {
      id: randomUUID(),
      companyId,
      username: body.username,
      password: body.password,
      firstname: body.firstname,
      lastname: body.lastname,
      email: body.email,
      roleId: 'admin',
      disabled: false,
      emailVerified,
    };
    data().users.push(user);
    return user;
  }

  const routes = [
    route({
      method: 'get',
      url: '/user/account-options',
      access: 'public',
      handler: () => ({ signup: allowSignup, generate: data().companies.length === 0 }),
    }),

    route({
      method: 'post',
      url: '/user/generate-account',
      access: 'public',
      handler: ({ req, lang }) => {
        if (data().companies.length > 0) throw closed();
        const body = parse(newCompanyBody, req.body, lang);
        checkNewPassword(body.password, body);
        createCompanyWithAdmin(body, true);
        return { companyCode: body.companyCode, username: body.username, verifyEmail: false };
      },
    }),

    route({
      method: 'post',
      url: '/user/register',
      access: 'public',
      handler: ({ req, lang }) => {
        if (!allowSignup) throw closed();
        const body = parse(newCompanyBody, req.body, lang);
        checkNewPassword(body.password, body);
        const user = createCompanyWithAdmin(body, false);
        const token = issue(user.id, 'verify_email', VERIFY_TOKEN_HOURS * 60);
        const params = { name: displayName(body), companyName: body.companyName, companyCode: body.companyCode, username: body.username, hours: VERIFY_TOKEN_HOURS };
        send(body.email, 'verify_email', lang, params, '/verify-email', token);
        return { companyCode: body.companyCode, username: body.username, verifyEmail: true };
      },
    }),

    route({
      method: 'get',
      url: '/user/verify-email',
      access: 'public',
      query: verifyEmailQuery,
      handler: ({ query }) => {
        const hit = live(query.token, 'verify_email');
        if (!hit) throw new Failure(400, 'account_link_invalid');
        hit.found.used = true;
        hit.user.emailVerified = true;
        return { companyCode: companyCode(hit.user), username: hit.user.username };
      },
    }),

    route({
      method: 'post',
      url: '/user/forgot-password',
      access: 'public',
      body: forgotPasswordBody,
      handler: ({ body, lang }) => {
        const company = data().companies.find((c) => c.code.toUpperCase() === body.companyCode.toUpperCase());
        const users = data().users.filter(
          (u) =>
            u.companyId === company?.id &&
            !u.disabled &&
            !!u.email &&
            (body.username !== undefined ? u.username.toLowerCase() === body.username.toLowerCase() : u.email.toLowerCase() === body.email?.toLowerCase()),
        );
        for (const user of users.slice(0, 5)) {
          const token = issue(user.id, 'reset_password', RESET_TOKEN_MINUTES);
          const params = { name: displayName(user), companyCode: companyCode(user), username: user.username, minutes: RESET_TOKEN_MINUTES };
          send(user.email, 'reset_password', lang, params, '/reset-password', token);
        }
        return {};
      },
    }),

    route({
      method: 'post',
      url: '/user/reset-password',
      access: 'public',
      body: resetPasswordBody,
      handler: ({ body }) => {
        const hit = live(body.token, 'reset_password');
        if (!hit) throw new Failure(400, 'account_link_invalid');
        checkNewPassword(body.password, hit.user);
        for (const t of tokens.values()) if (t.userId === hit.user.id) t.used = true;
        hit.user.password = body.password;
        hit.user.emailVerified = true;
        endSessions(hit.user.id);
        return {};
      },
    }),
  ];

  if (outboxApi) {
    routes.push(
      route({
        method: 'get',
        url: '/dev/outbox',
        access: 'public',
        query: outboxQuery,
        handler: ({ query }) => ({ mails: outbox.filter((m) => m.to.toLowerCase() === query.to.toLowerCase()).slice(0, 20) }),
      }),
    );
  }
  return routes;
}
