/**
 * The consent API's check, its hot path: `GET /consent-api/check?formId&purposeId&subjectId` with an
 * API key, under 10 connections (autocannon), each request a subject of BENCH_CONSENT_SUBJECTS (half
 * of them with a consent in force, a tenth withdrawn, the rest never asked), on the local PostgreSQL:
 *   - the API server (`buildApp`: the key from memory, its rate counted in shares, the one statement),
 *   - a bare node:http + pg server running the same statement (bench/serve-consent-bare.ts), the ceiling,
 * in the same run, rounds alternating which goes first; each keeps its best round.
 *
 *   BENCH_ONLY=consentApi npm run bench                 this scenario alone
 *   BENCH_ONLY=consentApi BENCH_SHORT=1 npm run bench   short: 20,000 subjects, 1 round of 2 s
 *   (`npm run bench` runs it after the risk list)
 * Target: >= 5,000 checks/s and p99 <= 10 ms.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { newSecret } from '../server/modules/apikeys/secret';
import { killAllChildren, startChild, type Child } from './load';
import { SERVER_URL, databaseUrl } from './common';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const SECONDS = Number(process.env.BENCH_SECONDS ?? (SHORT ? 2 : 7));
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? (SHORT ? 1 : 2));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SHORT ? 1 : 3));
const SUBJECTS = Number(process.env.BENCH_CONSENT_SUBJECTS ?? (SHORT ? 20_000 : 200_000));
const CONNECTIONS = 10;

const T0 = performance.now();
const log = (text: string) => console.log(`[consent API bench ${((performance.now() - T0) / 1000).toFixed(1).padStart(5)} s] ${text}`);

interface Result {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

async function run(port: number, paths: string[], headers: Record<string, string>, seconds: number): Promise<Result> {
  let n = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    headers,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    timeout: 30,
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[n++ % paths.length] }) }],
  });
  instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
    if (status === 200) latencies.push(ms);
  });
  const r = await instance;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))];
  return { rps: r['2xx'] / r.duration, p50: at(50), p99: at(99), failed: r.non2xx + r.errors + r.timeouts };
}

export async function consentApiBench() {
  const name = `pdpa_bench_consentapi_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = databaseUrl(name);
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-consentapi-bench-'));
  const children: Child[] = [];
  try {
    const db = await openDb({ databaseUrl: url, poolSize: 4 });
    await migrate(db);
    await seedDemo(db);
    // the demo company's published notice, as the public page shows it
    const [notice] = await db.query<{
      company_id: string;
      form_id: string;
      version_id: string;
      version: number;
      text_hash: string;
      content: { purposes: { _id: string; hash: string }[] };
    }>(
      `select distinct on (v.form_id) v.company_id, v.form_id, v.id as version_id, v.version, v.text_hash, v.content
         from consent_form_versions v join companies c on c.id = v.company_id where c.code = 'DEMO' order by v.form_id, v.version desc limit 1`,
    );
    const purpose = notice.content.purposes[0];
    const { keyId, secret, hash } = newSecret();
    const [key] = await db.query<{ id: string }>(
      `insert into api_keys (company_id, name, key_id, secret_hash, scopes, rate_limit) values ($1, 'bench app', $2, $3, '{consent:read}', 1000000) returning id`,
      [notice.company_id, keyId, hash],
    );
    const started = performance.now();
    // half the subjects consented, a tenth of those later withdrew; the rest were never asked
    for (const action of ['given', 'withdrawn'] as const) {
      await db.query(
        `insert into consent_records (company_id, form_id, version_id, version, text_hash, purpose_id, purpose_hash, subject_id, email, action,
                                      channel, lang, api_key_id, created_at)
         select $1, $2, $3, $4, $5, $6, $7, 'S' || g, '', $8, 'bench app', 'th', $9, now() - make_interval(secs => $10 * 60 + g % 1000)
           from generate_series(1, $11::int, $12::int) g`,
        [
          notice.company_id,
          notice.form_id,
          notice.version_id,
          notice.version,
          notice.text_hash,
          purpose._id,
          purpose.hash,
          action,
          key.id,
          action === 'given' ? 120 : 60,
          SUBJECTS / 2,
          action === 'given' ? 1 : 10,
        ],
      );
    }
    await db.query('analyze consent_records');
    await db.query('analyze consent_current');
    log(
      `${SUBJECTS.toLocaleString('en')} subjects, ${(SUBJECTS / 2).toLocaleString('en')} consents, ${(SUBJECTS / 20).toLocaleString('en')} withdrawals written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await db.close();

    const common = {
      BENCH_DATABASE_URL: url,
      BENCH_DATA_DIR: dataDir,
      BENCH_ROWS: '0',
      PG_POOL_SIZE: String(Math.max(4, availableParallelism() * 2)),
    };
    const server = await startChild('serve-app.ts', common);
    const bare = await startChild('serve-consent-bare.ts', { ...common, BENCH_COMPANY_ID: notice.company_id });
    children.push(server, bare);
    const paths = Array.from({ length: 5_000 }, (_, i) => {
      const subject = `S${1 + ((i * 7919) % SUBJECTS)}`;
      return `/api/v1/consent-api/check?formId=${notice.form_id}&purposeId=${encodeURIComponent(purpose._id)}&subjectId=${subject}`;
    });
    const headers = { authorization: `Bearer ${secret}` };
    // the replies are right before anything is timed
    for (const child of [server, bare]) {
      const states = new Set<string>();
      for (const path of paths.slice(0, 40)) {
        const res = await fetch(`http://127.0.0.1:${child.port}${path}`, { headers });
        const body = (await res.json()) as { state?: string };
        if (res.status !== 200 || !body.state) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
        states.add(body.state);
      }
      if (!states.has('given') || !states.has('none')) throw new Error(`unexpected states ${[...states].join(', ')}`);
    }
    const targets = [
      ['server (key, rate, check)', server],
      ['bare node:http + pg, same statement', bare],
    ] as const;
    const best = new Map<string, Result>();
    for (let round = 1; round <= ROUNDS; round++)
      for (const [label, child] of round % 2 ? targets : [...targets].reverse()) {
        if (WARMUP > 0) await run(child.port, paths, headers, WARMUP);
        const r = await run(child.port, paths, headers, SECONDS);
        log(
          `round ${round} ${label.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} checks/s  p50 ${r.p50?.toFixed(2)} ms  p99 ${r.p99?.toFixed(2)} ms${r.failed ? `  FAILED ${r.failed}` : ''}`,
        );
        const prev = best.get(label);
        if (!prev || r.rps > prev.rps) best.set(label, r);
      }
    const s = best.get(targets[0][0])!;
    const b = best.get(targets[1][0])!;
    const line = (label: string, r: Result) =>
      `  ${label.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} checks/s   p50 ${r.p50.toFixed(2).padStart(5)} ms   p99 ${r.p99.toFixed(2).padStart(5)} ms`;
    console.log(
      `\nConsent API check (GET /consent-api/check), ${CONNECTIONS} connections, ${SUBJECTS.toLocaleString('en')} subjects, local PostgreSQL:`,
    );
    console.log(line(targets[0][0], s));
    console.log(line(targets[1][0], b));
    console.log(
      `  server / bare ${((s.rps / b.rps) * 100).toFixed(0)}%; target >= 5,000 checks/s (${s.rps >= 5000 ? 'met' : 'NOT met'}) and p99 <= 10 ms (${s.p99 <= 10 ? 'met' : 'NOT met'})`,
    );
    console.log(`  ${availableParallelism()} cores; ${ROUNDS} round(s) of ${SECONDS} s after ${WARMUP} s warm-up, best round kept`);
  } finally {
    for (const c of children) await c.stop();
    killAllChildren();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
