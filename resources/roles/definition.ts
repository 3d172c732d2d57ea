import { apiCall, type CallsOf, type ResourceDefinition } from '../types';

/** Roles (users and roles, menu 14) by the regular REST convention: `GET/POST /roles`, `GET/PUT/DELETE /roles/:id`. */
const definition = {
  name: 'roles',
  menu: 'contacts',
  api: { rest: '/roles' },
  calls: {
    /** whether the role's holders must sign in with a second factor (`PUT /roles/:id/second-factor`; built-in roles too) */
    setRoleSecondFactor: apiCall({
      method: 'PUT',
      path: ({ id }: { id: string; required: boolean }) => `/roles/${encodeURIComponent(id)}/second-factor`,
      body: ({ required }) => ({ required }),
      reply: () => undefined,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
