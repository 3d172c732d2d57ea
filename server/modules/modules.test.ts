import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../config';
import { allRoutes, loadModules, routeModules } from '.';

const folders = readdirSync(new URL('./', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('the modules, found by convention', () => {
  it('finds one module in every folder of server/modules/, named as its folder, each with its own place', async () => {
    const modules = await loadModules();
    expect(modules.map((m) => m.name).sort()).toEqual([...folders].sort());
    expect(new Set(modules.map((m) => m.order)).size).toBe(modules.length);
    for (const m of modules) expect(m.description, m.name).not.toBe('');
  });

  it("keeps the OpenAPI document's tags in their order", async () => {
    const names = (await routeModules(configFromEnv({}))).map((m) => m.name);
    expect(names.slice(0, 3)).toEqual(['auth', 'accounts', 'shell']);
    expect(names.indexOf('datamap')).toBe(names.indexOf('ropa') - 1);
    expect(names.at(-1)).toBe('docs');
  });

  it('serves each method and path once, the data map from its own module at its old URLs', async () => {
    const config = configFromEnv({});
    const keys = (await allRoutes(config)).map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    const datamap = (await routeModules(config)).find((m) => m.name === 'datamap')!;
    expect(datamap.routes.map((r) => r.url)).toContain('/datamap-systems/:id');
    expect(datamap.routes.map((r) => r.url)).toContain('/datamap-choices');
  });

  it('has two modules with a plugin: the session lookup (auth) and the API key lookup (apikeys)', async () => {
    expect((await loadModules()).filter((m) => m.plugin).map((m) => m.name)).toEqual(['auth', 'apikeys']);
  });
});
