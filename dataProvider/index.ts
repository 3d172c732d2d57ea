import type { DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';
import { API_BASE } from '../contract/http';
import { RESOURCE_DEFINITIONS, type DefinedCalls } from '../resources/definitions';
import type { ApiCall, CallMethod, IrregularApi, ResourceDefinition } from '../resources/types';
import { accountCalls, type AccountCalls } from './accounts';
import { bulkCalls, type BulkCalls } from './bulk';
import { shellCalls, type ShellCalls } from './shell';
import { customMethods, runCall } from './customCalls';
import { ApiFailure, callApi } from './http';

/** react-admin's methods: the seed's irregular calls cover some, the REST convention all of them. */
type Method = keyof IrregularApi | 'getMany' | 'getManyReference' | 'updateMany' | 'deleteMany';

/** The route table: resource name -> its definition (and so its calls). */
export function buildRouteTable(definitions: ResourceDefinition[]) {
  return new Map(definitions.map((d) => [d.name, d]));
}

/** ra-data-simple-rest's convention, sent through the same client (token, language, errors). */
const restHttpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const path = url.slice(API_BASE.length);
  const [pathname, search = ''] = path.split('?');
  const headers = new Headers(options.headers);
  let total: string | null = null;
  const body = await callApi<Record<string, unknown>>(pathname, {
    method: (options.method as 'GET') ?? 'GET',
    query: Object.fromEntries(new URLSearchParams(search)),
    body: options.body ? JSON.parse(String(options.body)) : undefined,
    headers: Object.fromEntries(headers.entries()),
    acceptBody: () => true,
  }).then((reply) => {
    total = typeof reply.total === 'number' ? String(reply.total) : null;
    return reply;
  });
  const replyHeaders = new Headers();
  if (total !== null) replyHeaders.set('Content-Range', `items 0-0/${total}`);
  return { status: 200, headers: replyHeaders, body: JSON.stringify(body), json: body.data ?? body };
};

/**
 * The application's data provider: react-admin's methods, every resource's custom calls (typed by
 * their declarations), the public account calls and the shell's menu. Screens take it with `useDataProvider<AppDataProvider>()`.
 */
export type AppDataProvider = DataProvider & { [K in keyof DefinedCalls]: CallMethod<DefinedCalls[K]> } & AccountCalls & ShellCalls & BulkCalls;

/** One data provider for every resource: the seed's irregular calls, or the regular REST convention. */
export function buildDataProvider(definitions: ResourceDefinition[] = RESOURCE_DEFINITIONS): AppDataProvider {
  const table = buildRouteTable(definitions);
  const rest = simpleRestProvider(API_BASE, restHttpClient);
  const dispatch =
    (method: Method) =>
    (resource: string, params: unknown): Promise<never> => {
      const definition = table.get(resource);
      if (!definition) return Promise.reject(new ApiFailure(404, undefined, 'errors.generic'));
      const call = (definition.api as Partial<Record<Method, ApiCall<unknown, never>>>)[method];
      if (call) return runCall(call, params);
      if (definition.api.rest) {
        const restMethod = rest[method] as (r: string, p: unknown) => Promise<never>;
        return restMethod(definition.api.rest.replace(/^\//, ''), params);
      }
      return Promise.reject(new ApiFailure(405, undefined, 'errors.generic'));
    };
  return {
    getList: dispatch('getList'),
    getOne: dispatch('getOne'),
    create: dispatch('create'),
    update: dispatch('update'),
    delete: dispatch('delete'),
    getMany: dispatch('getMany'),
    getManyReference: dispatch('getManyReference'),
    updateMany: dispatch('updateMany'),
    deleteMany: dispatch('deleteMany'),
    ...customMethods(definitions),
    ...accountCalls,
    ...shellCalls,
    ...bulkCalls(table),
  } as unknown as AppDataProvider;
}
