/**
 * Child process: the ceiling. A bare `node:http` server and a `pg.Pool` (as many connections as
 * the API server's pool) running the same SQL as `server/modules/risk/master.ts` with the same
 * parameters: the page, then the total (read from `risk_counts`, or counted when searching).
 * No session, no validation, no framework: the SQL round trips and the JSON alone.
 */
import { createServer } from 'node:http';
import pg from 'pg';
import { announce, dieWithParent, env } from './ipc';
import { listSql } from './sql';

const companyId = env('BENCH_COMPANY_ID');
const pool = new pg.Pool({ connectionString: env('BENCH_DATABASE_URL'), max: Number(process.env.PG_POOL_SIZE ?? 10) });

interface MasterRow {
  id: string;
  name: string;
  confidentiality: boolean;
  integrity: boolean;
  availability: boolean;
  created_at: Date;
}

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

    const sql = listSql(companyId, type, currentPage, limit, search);
    const { rows } = await pool.query<MasterRow>(sql.pageSql, sql.params);
    const total = (await pool.query<{ n: number }>(sql.total.sql, sql.total.params)).rows[0]?.n ?? 0;
    const body = JSON.stringify({
      status: 200,
      riskData: rows.map((r) => ({
        _id: r.id,
        name: r.name,
        confidentiality: r.confidentiality,
        integrity: r.integrity,
        availability: r.availability,
        created_dt: new Date(r.created_at).toISOString(),
      })),
      totalDoc: total,
    });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (err) {
    res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 500, msg: String(err) }));
  }
});

const started = performance.now();
await pool.query('select 1');
dieWithParent(async () => {
  server.close();
  await pool.end();
});
server.listen(0, '127.0.0.1', () => announce(server, performance.now() - started, 'node:http + pg.Pool'));
