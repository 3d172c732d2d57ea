/**
 * Child process: the consent check's ceiling. A bare `node:http` server on the same PostgreSQL
 * client running the server's very check (`checkConsent`, server/modules/consentApi/check.ts: the
 * same statement, the same parameters). No key, no rate, no validation, no framework.
 */
import { createServer } from 'node:http';
import { openDb } from '../server/db/client';
import { checkConsent } from '../server/modules/consentApi/check';
import { announce, dieWithParent, env } from './ipc';

const companyId = env('BENCH_COMPANY_ID');
const db = await openDb({ databaseUrl: env('BENCH_DATABASE_URL') });

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/api/v1/consent-api/check') {
      res.writeHead(404).end();
      return;
    }
    const q = url.searchParams;
    const result = await checkConsent(db, companyId, { formId: q.get('formId')!, purposeId: q.get('purposeId')!, subjectId: q.get('subjectId')! });
    const body = JSON.stringify({ status: 200, ...result });
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
