import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from './config';

/** A worker that dies this soon after it started is failing at start-up: replacements wait longer each time. */
const EARLY_DEATH_MS = 5_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * WORKERS=N: the primary process forks N API workers that share the port (node's cluster: the
 * primary accepts and hands connections round-robin), replaces one that dies, and on SIGTERM or
 * SIGINT passes the stop on and waits for each worker to drain (`drainMs`, then a little more) before
 * it ends. The workers hold nothing of their own: sessions, limits and jobs' locks are in PostgreSQL.
 */
export function runPrimary(config: ServerConfig, drainMs: number) {
  let stopping = false;
  let backoff = 250;
  const started = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
    return worker;
  };
  for (let i = 0; i < config.workers; i++) fork();

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) return;
    console.error(`worker ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another`);
    backoff = lived < EARLY_DEATH_MS ? Math.min(backoff * 2, MAX_BACKOFF_MS) : 250;
    setTimeout(() => {
      if (!stopping) fork();
    }, backoff).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    for (const w of workers) w.process.kill(signal);
    // a worker stuck past its drain is ended
    const force = setTimeout(() => {
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
      process.exit(1);
    }, drainMs + 2_000);
    force.unref();
    const done = () => {
      if (workers.every((w) => w.isDead())) process.exit(0);
    };
    cluster.on('exit', done);
    done();
  };
  process.on('SIGINT', () => stop('SIGTERM'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
