/** The hand-written calls: sign-in (the seed's timestamp token), sign-out, the route check, the menu. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGNIN_CLOCK_SKEW_MS, signinBody, signinParams, validateQuery } from '../contract/auth';
import { ALWAYS_GRANTED, menuFor } from '../contract/menus';
import { GRANTABLE_MENU_IDS } from '../contract/roles';
import { BUILTIN_ROLES, DEMO_COMPANIES } from '../demo';
import { en, th } from '../i18n';
import { Failure, SESSION_COOKIE, tokenOf, type FakeRoute, type Session } from './engine';
import type { Recording } from './recorded';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A demo role's menus (menu id -> may edit), the always-granted ones included. */
function rightsOf(role: keyof typeof BUILTIN_ROLES): Map<number, boolean> {
  const { menus, edit } = BUILTIN_ROLES[role];
  const rights = new Map<number, boolean>(GRANTABLE_MENU_IDS.filter((m) => menus.includes(m)).map((m) => [m, edit]));
  for (const id of ALWAYS_GRANTED) if (!rights.has(id)) rights.set(id, true);
  return rights;
}

export function shellRoutes(sessions: Map<string, Session>, recordings: Recording[]): FakeRoute[] {
  return [
    { method: 'get', url: '/health', access: 'public', handler: () => ({}) },
    {
      method: 'post',
      url: '/user/signin/:timestamp',
      access: 'public',
      params: signinParams,
      body: signinBody,
      handler: ({ req, res, params, body }) => {
        const given = (req.headers.authorization ?? '')
          .replace(/^Token /, '')
          .trim()
          .toLowerCase();
        const expected = sha256(params.timestamp);
        const tokenOk = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
        if (!tokenOk || Math.abs(Date.now() - Number(params.timestamp)) > SIGNIN_CLOCK_SKEW_MS) throw new Failure(401, 'signin_token');
        const company = DEMO_COMPANIES.find((c) => c.code.toUpperCase() === String(body.companyCode).toUpperCase());
        const account = company?.users.find((u) => u.username.toLowerCase() === String(body.username).toLowerCase());
        const user = recordings.find((r) => r.company === company?.code)?.users[account?.username ?? ''];
        if (!company || !account || !user || account.password !== body.password) throw new Failure(401, 'signin_failed');
        const token = randomBytes(32).toString('hex');
        sessions.set(token, { token, company: company.code, user, rights: rightsOf(account.role) });
        res.setHeader('set-cookie', `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax`);
        return { access_token: token, user };
      },
    },
    {
      method: 'post',
      url: '/user/logout',
      access: 'session',
      handler: ({ res, session }) => {
        sessions.delete(session.token);
        res.setHeader('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
        return {};
      },
    },
    {
      method: 'get',
      url: '/user/validate',
      // answers for itself, with its own failure shape
      access: 'public',
      query: validateQuery,
      handler: ({ req, query }) => {
        const session = sessions.get(tokenOf(req));
        if (!session) throw new Failure(401, 'session_expired', {}, { status: false, forbidden: false });
        const wanted = [query.menuId, query.parentId].filter((id): id is number => !!id);
        if (wanted.some((id) => !session.rights.has(id))) throw new Failure(403, 'forbidden', {}, { status: false, forbidden: true });
        return { status: true, forbidden: false, user: session.user };
      },
    },
    {
      method: 'get',
      url: '/user/menu',
      access: 'session',
      handler: ({ session, lang }) => ({ menu: menuFor(session.rights, (lang === 'en' ? en : th).menu) }),
    },
  ];
}
