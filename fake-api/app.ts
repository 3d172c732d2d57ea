/**
 * A FAKE of the /api/v1 server for testers and front-end work: json-server 0.17 serving fixtures
 * made from the demo data (demo/, the server's seed's), checked by the contract's schemas at start,
 * with the route table of routes.ts. Everything lives in memory; every start begins again from the
 * demo data. Passwords are plain text here, and only here.
 */
import type { Application } from 'json-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkFixtures, type FakeDb } from './collections';
import { buildFixtures } from './fixtures';
import { createApp, type Fake } from './engine';
import { serveLogo } from './modules/company';
import { rawBodies, routeTable } from './routes';

/** The fake's Express app: the route table under /api/v1, json-server's router over the collections under /fake/. */
export function createFakeApi({
  logger = false,
  env = process.env,
  db = buildFixtures(),
}: {
  logger?: boolean;
  env?: NodeJS.ProcessEnv;
  /** the collections to serve (default: the demo data's); a row that breaks its schema stops the fake */
  db?: FakeDb;
} = {}): Application {
  checkFixtures(db);
  const fake: Fake = { db, sessions: new Map(), files: new Map() };
  return createApp(fake, routeTable(env), {
    logger,
    raw: rawBodies,
    extra: (app) => app.get('/uploads/:companyId/:file', serveLogo(fake)),
  });
}

export interface FakeApiOptions {
  /** 0 picks a free port */
  port: number;
  /** all interfaces when absent */
  host?: string;
  /** log each request (morgan) */
  logger?: boolean;
}

/** Starts a fresh fake on the demo data. */
export async function startFakeApi({ port, host, logger = false }: FakeApiOptions): Promise<{ url: string; close(): Promise<void> }> {
  const app = createFakeApi({ logger });
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
