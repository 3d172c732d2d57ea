import pg from 'pg';
import type { Replica } from './replica';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { defaultPoolSize } from '../config';
import { durablePgliteOptions } from './durablePglite';

/** Anything that runs SQL: the database itself or a transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The database this runs on: the Db itself, or the Db a transaction belongs to. */
  readonly db?: Db;
  /**
   * Inside a transaction: runs `fn` once the transaction has committed, before `tx()` returns
   * (not at all when it rolls back). Absent outside a transaction (every statement is committed).
   */
  afterCommit?(fn: () => Promise<void> | void): void;
}

/**
 * A subscription to a notification channel (`select pg_notify('<channel>', payload)`), sent by any
 * process on the same database, this one included, delivered when the sender commits.
 */
export interface Listener {
  /** True while no notification can have been missed: the listening connection is up and has been listening since the last `onNotify(undefined)`. */
  live(): boolean;
  /**
   * Call BEFORE sending the notification `payload` on this channel: `wait(ms)` then resolves once
   * every Db listening to the channel on this database, in every process (this one included), has
   * run its `onNotify` for it — true — or after `ms` — false. `cancel()` when it will not be sent
   * (a rollback); unwaited, it is forgotten after a while anyway.
   */
  expect(payload: string): { wait(ms: number): Promise<boolean>; cancel(): void };
}

/** A transaction: statements, and whole scripts, that land together or not at all. */
export interface Transaction extends Queryable {
  /**
   * Runs a script of several statements, as the database parses it (dollar-quoted bodies, comments
   * and all), inside this transaction: PGlite's `exec`, PostgreSQL's simple query protocol. No
   * parameters: for migrations and other fixed scripts.
   */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'pg';
  /** Runs `fn` in one transaction: all of it lands or none of it. */
  tx<T>(fn: (q: Transaction) => Promise<T>): Promise<T>;
  /** Runs a script of several statements, no parameters (a transaction's `exec` runs one together with other work). */
  exec(sql: string): Promise<void>;
  /**
   * Listens to `channel` (a lower-case SQL identifier). `onNotify(payload)` for each notification;
   * `onNotify(undefined)` whenever notifications may have been missed (the listening connection
   * was lost, or came back): forget whatever they would have told you. On PostgreSQL one dedicated
   * connection listens for the whole Db; on PGlite there is one process and one connection.
   */
  listen(channel: string, onNotify: (payload: string | undefined) => void): Promise<Listener>;
  close(): Promise<void>;
  /** a hot standby for reads that tolerate a little lag (`DATABASE_REPLICA_URL`; server/db/replica.ts) */
  replica?: Replica;
}

export interface DbOptions {
  /** postgres://… — a PostgreSQL server; otherwise the embedded database */
  databaseUrl?: string;
  /** folder of the embedded database; `memory://` keeps it in memory (tests) */
  dataDir?: string;
  /** connections to the PostgreSQL server (PG_POOL_SIZE); `defaultPoolSize()` when not given */
  poolSize?: number;
  /** the embedded database on disk: every commit fsynced (EMBEDDED_FSYNC, default on; server/db/durablePglite.ts) */
  embeddedFsync?: boolean;
}

export async function openDb(opts: DbOptions): Promise<Db> {
  return opts.databaseUrl
    ? openPg(opts.databaseUrl, opts.poolSize ?? defaultPoolSize())
    : openPglite(opts.dataDir ?? './data', opts.embeddedFsync ?? true);
}

/**
 * Every statement is sent as a named prepared statement (named by its text), so each connection
 * plans it once: the session lookup and the list pages are planned on first use, then only run.
 * Statement texts are fixed (values are always parameters), so the set of names stays small.
 */
const prepared = (sql: string, params?: unknown[]) =>
  sql.startsWith(PLAN_PER_CALL)
    ? { text: sql, values: params as unknown[] }
    : {
        name: `q${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
        text: sql,
        values: params as unknown[],
      };

/**
 * A statement starting with this comment is sent unnamed, so it is planned for its very values on
 * every call: a search, whose best plan depends on how common its term is (a named statement may
 * settle on one generic plan for every term).
 */
export const PLAN_PER_CALL = '/* planned per call */';

/** What a transaction runs after its commit (see `Queryable.afterCommit`). */
function commitHooks() {
  const hooks: Array<() => Promise<void> | void> = [];
  return {
    add: (fn: () => Promise<void> | void) => void hooks.push(fn),
    async run() {
      for (const fn of hooks) await fn();
    },
  };
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
function checkChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

/** The application_name of every Db's listening connection, by which a sender counts them. */
const LISTENER_NAME = 'pdpa-listener';
/** Where each listening connection says it has handled a notification: `<channel> <payload>`. */
const ACK_CHANNEL = 'pdpa_listener_ack';
/** The URL without an application_name of its own (it would win over LISTENER_NAME). */
function withoutApplicationName(url: string) {
  try {
    const parsed = new URL(url);
    parsed.searchParams.delete('application_name');
    return parsed.toString();
  } catch {
    return url;
  }
}

/** How long an expectation nobody waits for is kept. */
const EXPECT_KEEP_MS = 30_000;

/**
 * The pg Db's listening connection: one dedicated client (outside the pool, which would hand it
 * to queries), opened on the first `listen()`, reconnected after a loss. While it is down, every
 * listener is not live.
 *
 * Delivery is confirmed: after running the handlers of a notification, each listening connection
 * notifies ACK_CHANNEL; a sender that expects a notification counts the listening connections of
 * the database (pg_stat_activity, by application_name) and waits for an acknowledgement from each.
 * PostgreSQL signals the listeners at commit, but each hears it in its own time: without the
 * acknowledgements a client could reach another process before that process has heard.
 */
function pgNotifications(url: string) {
  const handlers = new Map<string, Set<(payload: string | undefined) => void>>();
  /** `<channel> <payload>` -> the backends that have acknowledged it, and a nudge for the waiter */
  const expected = new Map<string, { acked: Set<number>; nudge: () => void }>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let delayMs = 100;

  const tellAll = (payload: string | undefined) => {
    for (const set of handlers.values()) for (const fn of set) fn(payload);
  };
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    tellAll(undefined);
    c.end().catch(() => {});
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => schedule());
    }, delayMs);
    retry.unref();
    delayMs = Math.min(delayMs * 2, 5_000);
  };
  const onNotification = (c: pg.Client, msg: pg.Notification) => {
    if (client !== c) return;
    if (msg.channel === ACK_CHANNEL) {
      const waiting = expected.get(msg.payload ?? '');
      if (waiting) {
        waiting.acked.add(msg.processId);
        waiting.nudge();
      }
      return;
    }
    for (const fn of handlers.get(msg.channel) ?? []) fn(msg.payload ?? '');
    c.query(`select pg_notify('${ACK_CHANNEL}', $1)`, [`${msg.channel} ${msg.payload ?? ''}`]).catch(() => lost(c));
  };
  const connect = () =>
    (connecting ??= (async () => {
      const c = new pg.Client({ connectionString: withoutApplicationName(url), application_name: LISTENER_NAME });
      c.on('notification', (msg) => onNotification(c, msg));
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      try {
        await c.connect();
        await c.query(`listen "${ACK_CHANNEL}"`);
        for (const channel of handlers.keys()) await c.query(`listen "${channel}"`);
        if (closed) {
          await c.end();
          return;
        }
        client = c;
        delayMs = 100;
        // whatever was said before now was not heard
        tellAll(undefined);
      } catch (err) {
        await c.end().catch(() => {});
        throw err;
      } finally {
        connecting = undefined;
      }
    })());

  /** The backends listening on this database now: every one must acknowledge. */
  async function listeners(c: pg.Client): Promise<number[]> {
    const { rows } = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and application_name = $1', [
      LISTENER_NAME,
    ]);
    return rows.map((r) => r.pid);
  }

  function expect(channel: string, payload: string) {
    const key = `${channel} ${payload}`;
    let nudge = () => {};
    const entry = { acked: new Set<number>(), nudge: () => nudge() };
    expected.set(key, entry);
    const forget = setTimeout(() => expected.delete(key), EXPECT_KEEP_MS);
    forget.unref();
    const done = () => {
      clearTimeout(forget);
      if (expected.get(key) === entry) expected.delete(key);
    };
    return {
      async wait(ms: number): Promise<boolean> {
        const c = client;
        try {
          if (!c) return false;
          const deadline = Date.now() + ms;
          const pids = await listeners(c);
          while (!pids.every((pid) => entry.acked.has(pid))) {
            const left = deadline - Date.now();
            if (left <= 0 || client !== c) return false;
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, left);
              nudge = () => {
                clearTimeout(timer);
                resolve();
              };
            });
          }
          return true;
        } catch {
          return false;
        } finally {
          done();
        }
      },
      cancel: done,
    };
  }

  return {
    async listen(channel: string, onNotify: (payload: string | undefined) => void): Promise<Listener> {
      checkChannel(channel);
      const isNew = !handlers.has(channel);
      if (isNew) handlers.set(channel, new Set());
      handlers.get(channel)!.add(onNotify);
      if (connecting) await connecting.catch(() => {});
      if (!client) {
        // connects and listens to every channel known by then
        await connect().catch(() => schedule());
      } else if (isNew) {
        const c = client;
        try {
          await c.query(`listen "${channel}"`);
        } catch {
          lost(c);
        }
      }
      onNotify(undefined);
      return {
        live: () => client !== undefined && !closed,
        expect: (payload: string) => expect(channel, payload),
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting?.catch(() => {});
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * Every connection of a pool runs with PostgreSQL's JIT compilation off. The product's statements are short
 * aggregates over one company's rows, and JIT only ever costs them: over 10,000 ROPA activities the DPIA
 * triggers' count ran 100 ms and spent another 1,560 ms compiling (EXPLAIN ANALYZE; `BENCH_ONLY=framework`).
 * pg-pool awaits it before it hands the new connection out, and a connection that cannot take it is not used.
 * (A pooler in transaction mode would drop it: use session mode.)
 */
export const WITHOUT_JIT = {
  onConnect: async (client: pg.ClientBase) => {
    await client.query('set jit = off');
  },
} satisfies pg.PoolConfig;

/**
 * More connections than the database can run at once do not answer sooner: they only make the
 * operating system juggle busy backends, and the slowest replies wait longest. Measured by
 * `npm run bench` on 2 cores, 100,000 events, search under 10 connections: a pool of 10 gave
 * 1,250 req/s with p99 28.5 ms, a pool of 4 gave 1,764 req/s with p99 9.5 ms. Hence PG_POOL_SIZE's
 * default (`defaultPoolSize`).
 */
async function openPg(url: string, poolSize: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...WITHOUT_JIT });
  // an idle connection the server ended (a restart, an administrator, a dropped database) is already
  // out of the pool, which opens a new one when asked; unheard, its error would end the process
  pool.on('error', (err) => console.warn(`PostgreSQL ended an idle connection: ${err.message}`));
  await pool.query('select 1');
  const notifications = pgNotifications(url);
  const db: Db = {
    kind: 'pg',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(prepared(sql, params))).rows as T[];
    },
    async tx(fn) {
      const client = await pool.connect();
      const hooks = commitHooks();
      let result;
      try {
        await client.query('begin');
        result = await fn({
          db,
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(prepared(sql, params))).rows as T[],
          // a text without values goes as one simple query: every statement of the script, on this connection
          exec: async (sql: string) => void (await client.query(sql)),
          afterCommit: hooks.add,
        });
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
      await hooks.run();
      return result;
    },
    async exec(sql) {
      await pool.query(sql);
    },
    listen: notifications.listen,
    async close() {
      await notifications.close();
      await pool.end();
    },
  };
  Object.defineProperty(db, 'db', { value: db, enumerable: false });
  return db;
}

async function openPglite(dataDir: string, fsync: boolean): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const onDisk = !dataDir.startsWith('memory://');
  if (onDisk) mkdirSync(dataDir, { recursive: true });
  const lite =
    onDisk && fsync
      ? await PGlite.create({ ...(await durablePgliteOptions(dataDir)), extensions: { pg_trgm } })
      : await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await lite.query<T>(sql, params as unknown[])).rows;
    },
    async tx(fn) {
      const hooks = commitHooks();
      const result = await lite.transaction((t) =>
        fn({
          db,
          query: async <T>(sql: string, params?: unknown[]) => (await t.query<T>(sql, params as unknown[])).rows,
          exec: async (sql: string) => void (await t.exec(sql)),
          afterCommit: hooks.add,
        }),
      );
      await hooks.run();
      return result;
    },
    async exec(sql) {
      await lite.exec(sql);
    },
    // one process, one connection: a notification is heard by this very Db, never missed
    async listen(channel, onNotify) {
      checkChannel(channel);
      await lite.listen(channel, (payload) => onNotify(payload ?? ''));
      onNotify(undefined);
      return {
        live: () => !lite.closed,
        // the only listener is this very Db, whose caller clears what it must itself
        expect: () => ({ wait: async () => true, cancel: () => {} }),
      };
    },
    close: () => lite.close(),
  };
  Object.defineProperty(db, 'db', { value: db, enumerable: false });
  return db;
}

/**
 * Runs `calls` side by side on a pool (each on a connection of its own), or one after another inside a
 * transaction, whose one connection runs one statement at a time (pg queues the rest, and pg 9 will refuse
 * them). The replies come back in the calls' order.
 */
export async function sideBySide<T extends readonly unknown[]>(q: Queryable, calls: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!q.afterCommit) return (await Promise.all(calls.map((call) => call()))) as unknown as T;
  const replies: unknown[] = [];
  for (const call of calls) replies.push(await call());
  return replies as unknown as T;
}
