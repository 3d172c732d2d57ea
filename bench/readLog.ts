/**
 * The log of who read personal data (issue 31 §3): what a read costs the call that shows the data.
 * In one PostgreSQL database: N reads kept through the process's batch (ReadLog: a push, then one
 * multi-row insert a batch) against the same N reads each written by its own INSERT (the round trip a
 * read would pay if the log were written on the read path), as µs a read and their ratio; then the
 * request list (whose every page is logged) through the real API, p50 / p95 of BENCH_READ_CALLS calls.
 *
 *   BENCH_ONLY=readLog npm run bench                 20,000 reads, 50 list calls
 *   BENCH_ONLY=readLog BENCH_SHORT=1 npm run bench   2,000 reads, 10 list calls
 */
import { ReadLog } from '../server/http/readLog';
import { logFor, startApi, timed, withDemoDatabase } from './common';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const READS = Number(process.env.BENCH_READ_ROWS ?? (SHORT ? 2_000 : 20_000));
const CALLS = Number(process.env.BENCH_READ_CALLS ?? (SHORT ? 10 : 50));
const log = logFor('readLog');

export async function readLogBench() {
  await withDemoDatabase('readlog', log, async ({ db, companyId, dataDir }) => {
    const actor = { companyId, userId: null, username: 'bench', ip: '127.0.0.1' };
    const read = (i: number) => ({ actor, entity: 'dsr_requests', recordIds: [`bench-${i}`], route: 'GET /bench' });

    // the process's batch: the read path pays add(); the batches go while the reads go on
    const batched = new ReadLog(db, (e) => {
      throw e;
    });
    let t = performance.now();
    for (let i = 0; i < READS; i++) batched.add(read(i));
    const onReadPath = performance.now() - t;
    await batched.flush();
    const withWrites = performance.now() - t;

    // the baseline: one INSERT a read, awaited as a read path would
    t = performance.now();
    for (let i = 0; i < READS; i++) {
      const r = read(i);
      await db.query(
        'insert into personal_data_reads (company_id, user_id, username, read_at, entity, record_ids, route, ip) values ($1, $2, $3, now(), $4, $5, $6, $7)',
        [companyId, null, r.actor.username, r.entity, r.recordIds, r.route, r.actor.ip],
      );
    }
    const oneByOne = performance.now() - t;
    const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from personal_data_reads where route = 'GET /bench'`);
    if (n !== READS * 2) throw new Error(`the log holds ${n} bench reads, not ${READS * 2}`);

    const us = (ms: number) => ((ms * 1000) / READS).toFixed(2);
    console.log(`\nthe read log: ${READS.toLocaleString('en')} reads of personal data kept`);
    console.table([
      { how: 'batched: on the read path (add)', 'µs a read': us(onReadPath), 'vs one INSERT a read': `${(onReadPath / oneByOne).toFixed(4)}x` },
      { how: 'batched: add + every batch written', 'µs a read': us(withWrites), 'vs one INSERT a read': `${(withWrites / oneByOne).toFixed(3)}x` },
      { how: 'baseline: one INSERT a read', 'µs a read': us(oneByOne), 'vs one INSERT a read': '1x' },
    ]);

    const api = await startApi({ db, dataDir });
    try {
      const r = await timed(CALLS, () => api.get('/consents/datasubject/list?currentPage=1&limit=20'));
      console.log(`the request list, every page logged: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${CALLS} calls)`);
    } finally {
      await api.close();
    }
  });
}
