import { millisecondsInHour } from 'date-fns/constants';
import type { MailConfig } from './config';
import type { Db } from './db/client';
import { analyzeStale } from './db/statistics';
import { pruneLimits } from './http/rateLimit';
import { loadModules } from './modules';

/** How often the timed work runs: requests due within 7 days are noticed within the hour. */
export const JOB_INTERVAL_MS = millisecondsInHour;

/** The advisory lock of the timed work: one API process at a time runs it (any number may try). */
export const TIMED_WORK_LOCK = 0x70647061; // 'pdpa'

/**
 * The timed work of every company, each module's part (its `timedWork`) in module order: a data
 * subject request due within 7 days raises its notification even when nobody opens the request
 * list. Safe with several API processes on one database: a request is marked notified in the same
 * statement that picks it.
 */
export async function runTimedWork(db: Db, mail?: MailConfig) {
  const companyIds = (await db.query<{ id: string }>('select id from companies')).map((c) => c.id);
  for (const module of await loadModules()) await module.timedWork?.(db, companyIds, mail);
  await pruneLimits(db);
  // PGlite has no autovacuum (nor has a server with it off): the planner's statistics, kept fresh
  await analyzeStale(db);
}

/**
 * Runs `work` only if no other process runs it now: on PostgreSQL under a transaction-level advisory
 * lock, held by one connection of the pool while `work` uses the others, and let go when it ends
 * (even if the process dies); returns false when another process holds it. The embedded database has
 * one process: it just runs.
 */
export async function underJobLock(db: Db, lock: number, work: () => Promise<void>): Promise<boolean> {
  if (db.kind !== 'pg') {
    await work();
    return true;
  }
  return db.tx(async (q) => {
    const [{ locked }] = await q.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [lock]);
    if (locked) await work();
    return locked;
  });
}

/** Runs the timed work now and then every hour; returns the stop function. */
export function startTimedWork(db: Db, log: (error: unknown) => void, mail?: MailConfig): () => void {
  const run = () => underJobLock(db, TIMED_WORK_LOCK, () => runTimedWork(db, mail)).catch(log);
  void run();
  const timer = setInterval(run, JOB_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
