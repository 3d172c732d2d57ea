import type { RaRecord } from 'react-admin';
import { apiCall, type IrregularApi, type ResourceDefinition, type CallsOf } from '../types';

const withId = (row: { _id: string }) => ({ ...row, id: row._id });
const one = (body: Record<string, unknown>) => ({ data: withId(body.data as { _id: string }) as RaRecord });
const personPath = ({ id }: { id: unknown }) => `/people/${encodeURIComponent(String(id))}`;

/** The form's values are sent as they are: the server keeps the contract's fields and drops the rest. */
const api: IrregularApi = {
  getList: {
    method: 'GET',
    path: () => '/user/contact/list',
    query: ({ pagination, filter }) => ({
      currentPage: pagination?.page ?? 1,
      limit: pagination?.perPage ?? 20,
      search: filter?.search,
      kind: filter?.kind,
    }),
    reply: (body) => ({ data: (body.contactList as { _id: string }[]).map(withId), total: body.totalItem as number }),
  },
  getOne: { method: 'GET', path: personPath, reply: one },
  create: { method: 'POST', path: () => '/people', body: ({ data }) => data, reply: one },
  update: { method: 'PUT', path: personPath, body: ({ data }) => data, reply: one },
};

/**
 * Staff and contact users (menu 14): the seed's list `/user/contact/list`; one person, create and
 * edit under `/people` (the seed shows none). Disabling and the password reset are calls of their
 * own (`PUT /people/:id/status`, `/people/:id/password`).
 */
const definition = {
  name: 'people',
  menu: 'contacts',
  api,
  bulk: { import: '/people' },
  calls: {
    /** disables a person (their sessions end at once) or enables them again */
    setPersonDisabled: apiCall({
      method: 'PUT',
      path: ({ id }: { id: string; disabled: boolean }) => `/people/${encodeURIComponent(id)}/status`,
      body: ({ disabled }) => ({ disabled }),
      reply: () => undefined,
    }),
    /** the company's DPOs (`GET /user/dpoList`): any signed-in person may read them */
    dpoList: apiCall({
      method: 'GET',
      path: () => '/user/dpoList',
      query: () => ({ limit: 100 }),
      reply: (body) => body.dpo_list as { _id: string; name: string }[],
    }),
    /** another administrator resets a lost authenticator: the person's sessions end, they enrol again if their role asks */
    resetPersonSecondFactor: apiCall({
      method: 'DELETE',
      path: ({ id }: { id: string }) => `/people/${encodeURIComponent(id)}/second-factor`,
      reply: () => undefined,
    }),
    /** an administrator sets a person's new password; every session of theirs ends */
    setPersonPassword: apiCall({
      method: 'PUT',
      path: ({ id }: { id: string; password: string }) => `/people/${encodeURIComponent(id)}/password`,
      body: ({ password }) => ({ password }),
      reply: () => undefined,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
