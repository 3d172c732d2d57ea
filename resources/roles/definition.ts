import type { ResourceDefinition } from '../types';

/** Roles (users and roles, menu 14) by the regular REST convention: `GET/POST /roles`, `GET/PUT/DELETE /roles/:id`. */
export default { name: 'roles', menu: 'contacts', api: { rest: '/roles' } } satisfies ResourceDefinition;
