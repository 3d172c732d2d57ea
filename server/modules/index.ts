import { readdirSync } from 'node:fs';
import type { ServerConfig } from '../config';
import type { RouteModule } from '../http/openapi';
import type { RouteSpec } from '../http/route';
import type { ServerModule } from '../http/serverModule';

const here = new URL('./', import.meta.url);

/** The folders of server/modules/: one module each. */
const moduleFolders = () =>
  readdirSync(here, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

async function load(): Promise<ServerModule[]> {
  const modules = await Promise.all(
    moduleFolders().map(async (folder) => {
      const { default: module } = (await import(new URL(`./${folder}/index.ts`, here).href)) as { default?: ServerModule };
      if (module?.name !== folder) throw new Error(`server/modules/${folder}/index.ts must export default the module named '${folder}'`);
      return module;
    }),
  );
  return modules.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

let loaded: Promise<ServerModule[]> | undefined;

/**
 * Every module of the API, found by convention: each folder of server/modules/ whose `index.ts`
 * exports its module by default (server/http/serverModule.ts), in their `order`.
 */
export const loadModules = () => (loaded ??= load());

/** Every module with its routes; the name is the module's tag in the OpenAPI document. */
export async function routeModules(config: ServerConfig): Promise<RouteModule[]> {
  const named: RouteModule[] = [];
  const ctx = { config, modules: () => named };
  for (const { name, description, routes } of await loadModules()) {
    named.push({ name, description, routes: typeof routes === 'function' ? routes(ctx) : routes });
  }
  return named;
}

/** Every API route of the product. */
export const allRoutes = async (config: ServerConfig): Promise<RouteSpec[]> => (await routeModules(config)).flatMap((m) => m.routes);
