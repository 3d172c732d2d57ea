/**
 * Child process: the baseline. Plain json-server 0.17 (its own router, not the fake-api's
 * middleware) holding the same BENCH_ROWS events in a `riskEvents` collection, queried with its
 * own filters, sort, paging (`_page`, `_limit`) and full-text search (`q`).
 */
import jsonServer from 'json-server';
import type { Server } from 'node:http';
import { announce, dieWithParent, env } from './ipc';
import { JSON_COMPANY_ID, ciaOf, createdAtOf, nameOf } from './words';

const started = performance.now();
const rows = Number(env('BENCH_ROWS'));
const riskEvents = Array.from({ length: rows }, (_, i) => {
  const g = i + 1;
  return { id: g, companyId: JSON_COMPANY_ID, type: 1, name: nameOf(g), ...ciaOf(g), created_dt: createdAtOf(g).toISOString() };
});
const app = jsonServer.create();
app.use(jsonServer.defaults({ logger: false }));
app.use(jsonServer.router({ riskEvents }));
const server: Server = app.listen(0, '127.0.0.1', () => announce(server, performance.now() - started, 'json-server 0.17'));
dieWithParent(() => {
  server.close();
});
