/**
 * Who used the CPU during a run (Linux /proc). The machine may be shared: anything busy besides the
 * benchmark's own processes (this process, the server under test, the PostgreSQL backends of the
 * benchmark's database and PostgreSQL's own housekeeping) skews the figures, so each run reports
 * the other processes' load, and waits for a quiet moment before it starts.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface Snapshot {
  at: number;
  /** pid -> CPU ticks (user + system) */
  ticks: Map<number, number>;
  /** pid -> parent pid */
  parents: Map<number, number>;
}

function statOf(pid: number): { ticks: number; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name is in parentheses and may hold spaces: count fields after the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

function cmdlineOf(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

export const cpuAvailable = (() => {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
})();

export function snapshot(): Snapshot {
  const ticks = new Map<number, number>();
  const parents = new Map<number, number>();
  if (cpuAvailable) {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const stat = statOf(Number(name));
      if (!stat) continue;
      ticks.set(Number(name), stat.ticks);
      parents.set(Number(name), stat.ppid);
    }
  }
  return { at: performance.now(), ticks, parents };
}

type Owner = 'load' | 'server' | 'pg' | 'other';

/**
 * Whose a process is: this process (the load generator); its descendants (the server under test,
 * its esbuild); the benchmark database's PostgreSQL backends and PostgreSQL's housekeeping
 * (checkpointer, writers: shared, but mostly the benchmark's); or anything else on the machine.
 */
function ownerOf(pid: number, parents: Map<number, number>, dbName: string): Owner {
  if (pid === process.pid) return 'load';
  for (let p: number | undefined = parents.get(pid), hops = 0; p && hops < 20; p = parents.get(p), hops++) {
    if (p === process.pid) return 'server';
  }
  const cmd = cmdlineOf(pid);
  if (!cmd.startsWith('postgres:')) return 'other';
  if (cmd.includes(dbName)) return 'pg';
  return /\(\d+\)|\[local\]/.test(cmd) ? 'other' : 'pg';
}

export interface Cpu {
  /** cores used by the benchmark's processes, and by the parts of it */
  mine: number;
  load: number;
  server: number;
  pg: number;
  /** cores used by anything else on the machine */
  others: number;
  busiest: string;
}

/** CPU used between two snapshots, in cores. */
export function cpuBetween(a: Snapshot, b: Snapshot, dbName: string): Cpu {
  const seconds = (b.at - a.at) / 1000;
  const used: Record<Owner, number> = { load: 0, server: 0, pg: 0, other: 0 };
  const top: { pid: number; cores: number }[] = [];
  for (const [pid, end] of b.ticks) {
    const delta = end - (a.ticks.get(pid) ?? 0);
    if (delta <= 0) continue;
    const cores = delta / TICKS_PER_SECOND / seconds;
    const owner = ownerOf(pid, b.parents, dbName);
    used[owner] += cores;
    if (owner === 'other') top.push({ pid, cores });
  }
  top.sort((x, y) => y.cores - x.cores);
  const busiest = top[0] ? `${cmdlineOf(top[0].pid).slice(0, 60).trim() || top[0].pid} ${top[0].cores.toFixed(2)}` : '';
  return { mine: used.load + used.server + used.pg, load: used.load, server: used.server, pg: used.pg, others: used.other, busiest };
}

/** Waits (up to `maxMs`) until other processes use less than `threshold` cores over half a second. */
export async function waitForQuiet(dbName: string, threshold = 0.25, maxMs = 30_000) {
  if (!cpuAvailable || maxMs <= 0) return { waitedMs: 0, others: NaN };
  const started = performance.now();
  for (;;) {
    const a = snapshot();
    await new Promise((r) => setTimeout(r, 500));
    const { others } = cpuBetween(a, snapshot(), dbName);
    if (others < threshold || performance.now() - started > maxMs) return { waitedMs: performance.now() - started - 500, others };
  }
}
