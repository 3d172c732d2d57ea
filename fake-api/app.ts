/**
 * A FAKE of the /api/v1 server for testers and front-end work: json-server 0.17 answering the route
 * table derived from the resource definitions (routes.ts) with the replies recorded from the real
 * server on the demo data (recorded/, `npm run fake:record`). Everything lives in memory; every start
 * begins again from the recording.
 */
import type { Application } from 'json-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import { DEMO_COMPANIES } from '../demo';
import { createApp, type Session } from './engine';
import { loadRecordings, loadRouteCatalog, type Recording } from './recorded';
import { derivedRoutes, type Store } from './routes';
import { shellRoutes } from './shell';

/** The contract's schemas the server's routes name (`breach.breachBody`), from their modules. */
async function contractSchemas(names: string[]): Promise<Map<string, z.ZodType>> {
  const schemas = new Map<string, z.ZodType>();
  for (const name of new Set(names)) {
    const [file, exported] = name.split('.');
    const mod = (await import(`../contract/${file}.ts`)) as Record<string, z.ZodType>;
    schemas.set(name, mod[exported]);
  }
  return schemas;
}

/** The fake's Express app: the route table under /api/v1, json-server's middlewares. */
export async function createFakeApi({
  logger = false,
  recordings = loadRecordings(DEMO_COMPANIES.map((c) => c.code)),
}: { logger?: boolean; recordings?: Recording[] } = {}): Promise<Application> {
  const catalog = loadRouteCatalog();
  const schemas = await contractSchemas(catalog.flatMap((r) => [r.query, r.body, r.input, r.params]).filter((n): n is string => !!n));
  const stores = new Map<string, Store>(recordings.map((r) => [r.company, new Map(Object.entries(structuredClone(r.replies)))]));
  const sessions = new Map<string, Session>();
  const routes = [...shellRoutes(sessions, recordings), ...derivedRoutes(catalog, schemas, stores)];
  return createApp(routes, sessions, logger);
}

export interface FakeApiOptions {
  /** 0 picks a free port */
  port: number;
  /** all interfaces when absent */
  host?: string;
  /** log each request (morgan) */
  logger?: boolean;
}

/** Starts a fresh fake on the recorded demo data. */
export async function startFakeApi({ port, host, logger = false }: FakeApiOptions): Promise<{ url: string; close(): Promise<void> }> {
  const app = await createFakeApi({ logger });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, () => resolve(s));
    s.once('error', reject);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://${host ?? 'localhost'}:${actual}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
