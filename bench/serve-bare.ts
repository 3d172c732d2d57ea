/**
 * Child process: the ceiling. A bare `node:http` server on the same PostgreSQL client (a `pg.Pool`
 * of as many connections, prepared statements) running the very page statement of
 * `server/modules/risk/master.ts` (`masterPage`: the same SQL, the same parameters).
 * No session, no validation, no framework: the SQL round trip and the JSON alone.
 */
import { createServer } from 'node:http';
import { openDb } from '../server/db/client';
import { masterPage, toEvent } from '../server/modules/risk/master';
import { announce, dieWithParent, env } from './ipc';

const companyId = env('BENCH_COMPANY_ID');
const db = await openDb({ databaseUrl: env('BENCH_DATABASE_URL') });

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/api/v1/datarisk/list') {
      res.writeHead(404).end();
      return;
    }
    const currentPage = Math.max(1, Number(url.searchParams.get('currentPage') ?? 1) | 0);
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 20) | 0));
    const type = Number(url.searchParams.get('type') ?? 1) === 2 ? 2 : 1;
    const search = url.searchParams.get('search')?.trim() || undefined;

    const { rows, total } = await masterPage(db, companyId, { type, search, currentPage, limit });
    const body = JSON.stringify({ status: 200, riskData: rows.map(toEvent), totalDoc: total });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (err) {
    res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 500, msg: String(err) }));
  }
});

const started = performance.now();
dieWithParent(async () => {
  server.close();
  await db.close();
});
server.listen(0, '127.0.0.1', () => announce(server, performance.now() - started, 'node:http + pg.Pool'));
