import type { AuthProvider } from 'ra-core';
import type { ValidateReply } from '../../contract/auth';
import { ApiFailure, callApi } from '../../dataProvider/http';
import { findRoute, menuIdsOf, type RouteMeta } from '../routing/routeTable';
import { clearSession, readSession } from './session';
import { signIn } from './signIn';

/** Where a signed-out visitor of `path` is sent: the login page, remembering the full path. */
export const loginRedirect = (fullPath: string) =>
  fullPath && fullPath !== '/' && !fullPath.startsWith('/login')
    ? `/login?redirectFrom=${encodeURIComponent(fullPath)}`
    : '/login';

const currentFullPath = () => window.location.pathname + window.location.search;

/** The server's answer for a route: allowed, forbidden, or signed out (the seed's section 6). */
export type RouteDecision = 'allowed' | 'forbidden' | 'signed-out';

export async function validateRoute(route: Pick<RouteMeta, 'menu'>): Promise<RouteDecision> {
  if (!readSession()) return 'signed-out';
  const ids = menuIdsOf(route as RouteMeta);
  try {
    const reply = await callApi<ValidateReply>('/user/validate', {
      query: ids ? { menuId: ids.menuId, parentId: ids.parentId || undefined } : {},
      acceptBody: (body) => body.status === true,
    });
    return reply.status && !reply.forbidden ? 'allowed' : 'signed-out';
  } catch (err) {
    if (err instanceof ApiFailure && err.body?.forbidden === true) return 'forbidden';
    if (err instanceof ApiFailure && err.status === 401) {
      clearSession();
      return 'signed-out';
    }
    throw err;
  }
}

export const authProvider: AuthProvider = {
  login: signIn,

  async logout() {
    if (readSession()) await callApi('/user/logout', { method: 'POST' }).catch(() => undefined);
    clearSession();
    return '/login';
  },

  async checkAuth() {
    if (!readSession()) throw { redirectTo: loginRedirect(currentFullPath()), message: false };
  },

  async checkError(error: unknown) {
    if (error instanceof ApiFailure && error.status === 401) {
      clearSession();
      throw { redirectTo: loginRedirect(currentFullPath()), message: false };
    }
    if (error instanceof ApiFailure && error.status === 403) {
      throw { redirectTo: '/forbidden', logoutUser: false, message: false };
    }
  },

  async getIdentity() {
    const session = readSession();
    if (!session) throw new Error('not signed in');
    const { user } = session;
    return { id: user._id, fullName: `${user.firstname} ${user.lastname}`.trim() || user.username, ...user };
  },

  /** `resource` is a path of the product (or a resource name): the server decides, by its menu. */
  async canAccess({ resource }) {
    const route = findRoute(resource.startsWith('/') ? resource : `/${resource}`);
    if (!route || route.access !== 'login') return true;
    const decision = await validateRoute(route);
    if (decision === 'signed-out') throw new ApiFailure(401, undefined, undefined);
    return decision === 'allowed';
  },
};
