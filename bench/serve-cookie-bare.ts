/**
 * Child process: the consent log's ceiling. A bare `node:http` server on a `pg.Pool` that groups the
 * beacons of 2 ms into ONE multi-row insert into cookie_log and answers each after the commit. No
 * validation, no CORS, no roll-up, no framework: the grouped durable write alone.
 */
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import { announce, dieWithParent, env } from './ipc';

const companyId = env('BENCH_COMPANY_ID');
const domainId = env('BENCH_DOMAIN_ID');
const pool = new pg.Pool({ connectionString: env('BENCH_DATABASE_URL'), max: 4 });

interface Pending {
  visitor: string;
  choices: string;
  res: ServerResponse;
}
let queue: Pending[] = [];
let timer: NodeJS.Timeout | undefined;
let flushing = false;

async function flush() {
  timer = undefined;
  if (flushing || !queue.length) return;
  flushing = true;
  const group = queue;
  queue = [];
  try {
    await pool.query(
      `insert into cookie_log (company_id, domain_id, visitor_id, version, method, choices, accepted)
       select $1, $2, v, 1, 'custom', c, '{}' from unnest($3::uuid[], $4::jsonb[]) as t(v, c)`,
      [companyId, domainId, group.map((p) => p.visitor), group.map((p) => p.choices)],
    );
    for (const p of group) p.res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":200}');
  } catch (err) {
    for (const p of group) p.res.writeHead(500).end(String(err));
  } finally {
    flushing = false;
    if (queue.length) void flush();
  }
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk));
  req.on('end', () => {
    try {
      const b = JSON.parse(body) as { id: string; c: Record<string, boolean> };
      queue.push({ visitor: b.id, choices: JSON.stringify(b.c), res });
      if (!timer && !flushing) timer = setTimeout(flush, 2);
    } catch {
      res.writeHead(400).end();
    }
  });
});

const started = performance.now();
dieWithParent(async () => {
  server.close();
  await pool.end();
});
server.listen(0, '127.0.0.1', () => announce(server, performance.now() - started, 'node:http + pg.Pool, grouped 2 ms'));
