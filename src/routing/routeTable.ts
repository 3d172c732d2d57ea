import { matchPath } from 'react-router-dom';
import { RESOURCE_DEFINITIONS } from '../../resources/definitions';
import { MODULES } from '../../resources/index';
import type { RouteMeta } from './routeMeta';
import { routesOf } from './seedRoutes';

export { menuIdsOf, safeRedirect, type RouteAccess, type RouteMeta } from './routeMeta';

/** The route table of the application's resources. */
export const ROUTES: RouteMeta[] = routesOf(RESOURCE_DEFINITIONS, MODULES);

/** The route a path belongs to, or undefined (an unknown path: the UI sends it to /404). */
export function findRoute(pathname: string): RouteMeta | undefined {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname));
}
