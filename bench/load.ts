import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ReadyMessage } from './ipc';

// ---- child processes --------------------------------------------------------------------------

const children = new Set<ChildProcess>();

export interface Child {
  pid: number;
  port: number;
  prepareMs: number;
  note?: string;
  /** sends a message and waits for the reply that has `key` */
  ask<T>(message: object, key: string, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

/** Forks `bench/<file>` under tsx and waits until it listens on 127.0.0.1. */
export function startChild(file: string, env: Record<string, string>, readyTimeoutMs = 600_000): Promise<Child> {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    // BENCH_CPU_PROF=<dir>: each child writes a V8 CPU profile there when it stops (bench/profile.ts reads it)
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => children.delete(child));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  return new Promise<Child>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${file}: not ready after ${readyTimeoutMs} ms`));
    }, readyTimeoutMs);
    child.on('message', (message: ReadyMessage) => {
      if (!message?.ready) return;
      clearTimeout(timer);
      const ask = <T>(question: object, key: string, timeoutMs = 120_000) =>
        new Promise<T>((answer, fail) => {
          const timer = setTimeout(() => fail(new Error(`${file}: no ${key} after ${timeoutMs} ms`)), timeoutMs);
          const listen = (reply: Record<string, unknown>) => {
            if (!reply || !(key in reply)) return;
            clearTimeout(timer);
            child.off('message', listen);
            answer(reply[key] as T);
          };
          child.on('message', listen);
          child.send(question);
        });
      resolve({ pid: child.pid!, port: message.port, prepareMs: message.prepareMs, note: message.note, ask, stop });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited before it was ready (code ${code}, signal ${signal})`));
    });
  });
}

/** Last resort on the way out: no child outlives the benchmark. */
export function killAllChildren() {
  for (const child of children) child.kill('SIGKILL');
}
process.on('exit', killAllChildren);

// ---- load -------------------------------------------------------------------------------------

export interface LoadResult {
  /** 2xx replies per second over the measured window */
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  /** non-2xx replies, socket errors and timeouts */
  failed: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;

/**
 * A warm-up (discarded), then the measured run: `connections` connections, pipelining 1. Latencies
 * are kept at autocannon's own (sub-millisecond) resolution from its `response` events.
 */
export async function load(opts: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** called as the measured window opens and closes (after the warm-up) */
  onWindow?: (edge: 'open' | 'close') => void;
}): Promise<LoadResult> {
  const base = { url: opts.url, headers: opts.headers, connections: opts.connections, pipelining: 1, timeout: 30 };
  // autocannon abandons the requests in flight when a run ends, but a slow server (json-server)
  // still works through them: one awaited request lets it drain, so no run inherits another's backlog
  const drain = () => fetch(opts.url, { headers: opts.headers, signal: AbortSignal.timeout(120_000) }).then((r) => r.arrayBuffer());
  await drain();
  if (opts.warmupSeconds > 0) {
    await autocannon({ ...base, duration: opts.warmupSeconds });
    await drain();
  }

  const latencies: number[] = [];
  opts.onWindow?.('open');
  const run = autocannon({ ...base, duration: opts.seconds });
  run.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
  });
  const result = await run;
  opts.onWindow?.('close');
  latencies.sort((a, b) => a - b);
  return {
    rps: result['2xx'] / result.duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
