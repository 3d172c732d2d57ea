/**
 * The account pages' calls: generate-account (closed: the fixtures hold companies), register (only
 * with ALLOW_SIGNUP=1: a company, its built-in roles and its administrator), e-mail verification and
 * forgotten passwords. E-mails go to an in-memory outbox, readable at `/dev/outbox` only with
 * OUTBOX_API=1. Link lifetimes, one-time use and password rules are tested on the server.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  RESET_TOKEN_MINUTES,
  VERIFY_TOKEN_HOURS,
  forgotPasswordBody,
  newCompanyBody,
  outboxQuery,
  resetPasswordBody,
  verifyEmailQuery,
  type OutboxMail,
} from '../../contract/accounts';
import { displayName } from '../../contract/people';
import { GRANTABLE_MENU_IDS } from '../../contract/roles';
import { BUILTIN_ROLES } from '../../demo';
import type { Lang } from '../../i18n/messages';
import { renderMail, type MailTemplate } from '../../i18n/messages';
import type { FakeDb, Row } from '../collections';
import { Failure, now, route, type FakeRoute } from '../engine';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A company with the built-in roles and its administrator (unverified until the e-mail's link). */
function newCompany(db: FakeDb, body: ReturnType<typeof newCompanyBody.parse>, emailVerified: boolean): Row<'users'> {
  if (db.companies.some((c) => c.code.toUpperCase() === body.companyCode.toUpperCase()))
    throw new Failure(409, 'account_company_taken', { code: body.companyCode });
  const companyId = randomUUID();
  const empty = { nameEn: '', address: '', taxId: '', phone: '', email: '', website: '', dpoContact: { name: '', email: '', phone: '' } };
  db.companies.push({ _id: companyId, code: body.companyCode, detail: { ...empty, nameTh: body.companyName }, logo: null });
  let adminRole = '';
  for (const [key, role] of Object.entries(BUILTIN_ROLES) as [keyof typeof BUILTIN_ROLES, (typeof BUILTIN_ROLES)['admin']][]) {
    const _id = randomUUID();
    if (key === 'admin') adminRole = _id;
    const rights = GRANTABLE_MENU_IDS.filter((m) => role.menus.includes(m)).map((menuId) => ({ menuId, view: true as const, edit: role.edit }));
    db.roles.push({ _id, companyId, name: role.name, builtin: key, rights, created_dt: now() });
  }
  const user: Row<'users'> = {
    _id: randomUUID(),
    companyId,
    username: body.username,
    password: body.password,
    firstname: body.firstname,
    lastname: body.lastname,
    email: body.email,
    subId: null,
    roleId: adminRole,
    departmentId: null,
    positionId: null,
    disabled: false,
    emailVerified,
    created_dt: now(),
  };
  db.users.push(user);
  return user;
}

export function accountRoutes(env: NodeJS.ProcessEnv = process.env): FakeRoute[] {
  const allowSignup = env.ALLOW_SIGNUP === '1' || env.ALLOW_SIGNUP === 'true';
  const appUrl = (env.APP_URL || `http://localhost:${env.FAKE_API_PORT ?? 3001}`).replace(/\/+$/, '');
  /** token hash -> what it is for */
  const tokens = new Map<string, { userId: string; purpose: 'verify_email' | 'reset_password'; expiresAt: number }>();
  const outbox: OutboxMail[] = [];
  const mail = (
    to: string,
    template: MailTemplate,
    lang: Lang,
    params: Record<string, string | number>,
    path: string,
    userId: string,
    minutes: number,
  ) => {
    const token = randomBytes(32).toString('hex');
    tokens.set(sha256(token), {
      userId,
      purpose: template === 'verify_email' ? 'verify_email' : 'reset_password',
      expiresAt: Date.now() + minutes * 60_000,
    });
    const link = `${appUrl}${path}?token=${token}`;
    outbox.unshift({ to, template, lang, ...renderMail(template, lang, { ...params, link }), link, created_dt: now() });
  };
  /** a token sent for `purpose`, used once */
  const spend = (db: FakeDb, token: string, purpose: 'verify_email' | 'reset_password') => {
    const found = tokens.get(sha256(token));
    const user = db.users.find((u) => u._id === found?.userId && !u.disabled);
    if (!found || !user || found.purpose !== purpose || found.expiresAt < Date.now()) throw new Failure(400, 'account_link_invalid');
    tokens.delete(sha256(token));
    return user;
  };
  const codeOf = (db: FakeDb, u: Row<'users'>) => db.companies.find((c) => c._id === u.companyId)!.code;

  const routes = [
    route({
      method: 'get',
      url: '/user/account-options',
      access: 'public',
      handler: ({ db }) => ({ signup: allowSignup, generate: db.companies.length === 0 }),
    }),
    route({
      method: 'post',
      url: '/user/generate-account',
      access: 'public',
      handler: ({ db }) => {
        // the fixtures hold companies: the first-account page is closed, whatever is sent
        if (db.companies.length > 0) throw new Failure(404, 'route_not_found');
        return {};
      },
    }),
    route({
      method: 'post',
      url: '/user/register',
      access: 'public',
      body: allowSignup ? newCompanyBody : undefined,
      handler: ({ db, body, lang }) => {
        if (!allowSignup) throw new Failure(404, 'route_not_found');
        const user = newCompany(db, body, false);
        const params = {
          name: displayName(body),
          companyName: body.companyName,
          companyCode: body.companyCode,
          username: body.username,
          hours: VERIFY_TOKEN_HOURS,
        };
        mail(body.email, 'verify_email', lang, params, '/verify-email', user._id, VERIFY_TOKEN_HOURS * 60);
        return { companyCode: body.companyCode, username: body.username, verifyEmail: true };
      },
    }),
    route({
      method: 'get',
      url: '/user/verify-email',
      access: 'public',
      query: verifyEmailQuery,
      handler: ({ db, query }) => {
        const user = spend(db, query.token, 'verify_email');
        user.emailVerified = true;
        return { companyCode: codeOf(db, user), username: user.username };
      },
    }),
    route({
      method: 'post',
      url: '/user/forgot-password',
      access: 'public',
      body: forgotPasswordBody,
      handler: ({ db, body, lang }) => {
        const company = db.companies.find((c) => c.code.toUpperCase() === body.companyCode.toUpperCase());
        const users = db.users.filter(
          (u) =>
            u.companyId === company?._id &&
            !u.disabled &&
            !!u.email &&
            (body.username !== undefined
              ? u.username.toLowerCase() === body.username.toLowerCase()
              : u.email.toLowerCase() === body.email?.toLowerCase()),
        );
        for (const u of users.slice(0, 5)) {
          const params = { name: displayName(u), companyCode: codeOf(db, u), username: u.username, minutes: RESET_TOKEN_MINUTES };
          mail(u.email!, 'reset_password', lang, params, '/reset-password', u._id, RESET_TOKEN_MINUTES);
        }
        return {};
      },
    }),
    route({
      method: 'post',
      url: '/user/reset-password',
      access: 'public',
      body: resetPasswordBody,
      handler: ({ db, body, fake }) => {
        const user = spend(db, body.token, 'reset_password');
        Object.assign(user, { password: body.password, emailVerified: true });
        for (const [token, id] of fake.sessions) if (id === user._id) fake.sessions.delete(token);
        return {};
      },
    }),
  ];
  if (env.OUTBOX_API === '1' || env.OUTBOX_API === 'true') {
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
