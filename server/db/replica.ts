import pg from 'pg';
import { WITHOUT_JIT, type Queryable } from './client';

/** A PostgreSQL WAL position (`16/B374D848`) as a number that orders. */
export const lsnValue = (lsn: string): bigint => {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};
const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;
export const isLsn = (text: string | undefined): text is string => !!text && LSN.test(text);

export type ReplicaState = 'ok' | 'lagging' | 'down';

export interface ReplicaStatus {
  state: ReplicaState;
  /** how far behind the primary the replica is (ms, to the poll's resolution); null while down */
  lagMs: number | null;
  /** statements of lag-tolerant reads run on the replica, and those that went to the primary instead */
  served: number;
  fellBack: number;
}

/**
 * A hot standby that takes reads which tolerate a little lag (today the dashboard's feeds, the board report
 * and the risk list: the routes that read through `reader`). A poll every `pollMs` compares the primary's WAL position with the standby's replay: the lag is
 * the age of the oldest primary position the standby has not replayed. A standby down, or more than
 * `maxLagMs` behind, is skipped; a read that must see a write (its WAL position, `floor`) goes to the
 * primary until the standby has replayed past it. A read that fails on the standby is run on the primary.
 */
export interface Replica {
  /** where a read that must see `floor` (a WAL position, if any) goes now */
  readerFor(floor: string | undefined): Queryable;
  status(): ReplicaStatus;
  /** the primary's WAL position now (what a reader of a write just made must see) */
  primaryLsn(): Promise<string>;
  close(): Promise<void>;
}

export async function openReplica(
  url: string,
  primary: Queryable,
  { pollMs = 250, maxLagMs = 5_000, poolSize = 4 }: { pollMs?: number; maxLagMs?: number; poolSize?: number } = {},
): Promise<Replica> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 1_000, ...WITHOUT_JIT });
  pool.on('error', () => undefined);
  let state: ReplicaState = 'down';
  let lagMs: number | null = null;
  let replayed = -1n;
  let served = 0;
  let fellBack = 0;
  /** primary positions seen, oldest first, not yet replayed by the standby */
  const behind: { at: number; lsn: bigint }[] = [];

  /** the cluster the primary belongs to: a standby of it has the same (unknown when the role may not read it) */
  const clusterOf = async (q: (sql: string) => Promise<{ id: string }[]>) => {
    try {
      return (await q('select system_identifier::text as id from pg_control_system()'))[0]?.id;
    } catch {
      return undefined;
    }
  };
  const primaryCluster = await clusterOf((sql) => primary.query<{ id: string }>(sql));
  let replicaCluster: string | undefined;

  const primaryLsn = async () => (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))[0].lsn;

  const poll = async () => {
    try {
      const now = Date.now();
      behind.push({ at: now, lsn: lsnValue(await primaryLsn()) });
      const [row] = (
        await pool.query<{ lsn: string | null; standby: boolean }>('select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as standby')
      ).rows;
      replicaCluster ??= await clusterOf(async (sql) => (await pool.query<{ id: string }>(sql)).rows);
      // not a standby, or a standby of another cluster (a staging database named by mistake): never read there
      if (!row.standby || !row.lsn || (primaryCluster && replicaCluster && primaryCluster !== replicaCluster))
        throw new Error('not a standby of the primary');
      replayed = lsnValue(row.lsn);
      while (behind.length && behind[0].lsn <= replayed) behind.shift();
      if (behind.length > 10_000) behind.splice(0, behind.length - 10_000);
      lagMs = behind.length ? now - behind[0].at : 0;
      state = lagMs > maxLagMs ? 'lagging' : 'ok';
    } catch {
      state = 'down';
      lagMs = null;
      behind.length = 0;
    }
  };
  await poll();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void poll().finally(() => (running = false));
  }, pollMs);
  timer.unref();

  const onStandby: Queryable = {
    async query<T>(sql: string, params?: unknown[]) {
      try {
        const rows = (await pool.query(sql, params)).rows as T[];
        served++;
        return rows;
      } catch {
        // down since the last poll, or a query cancelled by a conflict with recovery: the primary answers
        fellBack++;
        return primary.query<T>(sql, params);
      }
    },
  };

  const onPrimary: Queryable = {
    async query<T>(sql: string, params?: unknown[]) {
      fellBack++;
      return primary.query<T>(sql, params);
    },
  };

  return {
    readerFor(floor) {
      const caughtUp = !isLsn(floor) || lsnValue(floor) <= replayed;
      return state === 'ok' && caughtUp ? onStandby : onPrimary;
    },
    status: () => ({ state, lagMs, served, fellBack }),
    primaryLsn,
    async close() {
      clearInterval(timer);
      await pool.end().catch(() => undefined);
    },
  };
}
