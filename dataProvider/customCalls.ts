import type { ApiCall, CustomCall, FileCall, ResourceDefinition } from '../resources/types';
import { callApi, downloadFile } from './http';

export async function runCall<P, R>(call: ApiCall<P, R>, params: P): Promise<R> {
  const body = await callApi(call.path(params), {
    method: call.method,
    query: call.query?.(params),
    body: call.body?.(params),
    headers: call.headers?.(params),
  });
  return call.reply(body, params);
}

/** A custom call: the reply mapped by its declaration, or a file the browser saves. */
function runCustomCall(declared: CustomCall, params: unknown): Promise<unknown> {
  // the screens call it through AppDataProvider, typed by the call's own declaration
  const call = declared as ApiCall<unknown, unknown> | FileCall<unknown>;
  if ('fileName' in call) {
    return downloadFile(call.path(params), { method: call.method, query: call.query?.(params), body: call.body?.(params) }, call.fileName(params));
  }
  return runCall(call, params);
}

/** Every resource's custom calls as methods under their names; a name used twice is a mistake. */
export function customMethods(definitions: ResourceDefinition[]): Record<string, (params?: unknown) => Promise<unknown>> {
  const methods: Record<string, (params?: unknown) => Promise<unknown>> = {};
  for (const definition of definitions) {
    for (const [name, call] of Object.entries(definition.calls ?? {})) {
      if (name in methods) throw new Error(`custom call ${name} of ${definition.name} is declared twice`);
      methods[name] = (params?: unknown) => runCustomCall(call, params);
    }
  }
  return methods;
}
