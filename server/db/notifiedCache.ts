import { randomBytes } from 'node:crypto';
import type { Db, Listener, Queryable } from './client';

/** How long `changed` waits for every API process to confirm it has emptied its cache. */
const CONFIRM_WAIT_MS = 2_000;

interface Options {
  /** the pg_notify channel every API process listens to; a notification on it empties their caches */
  channel: string;
  /** how long a looked-up value is trusted at most without a notification (a safety net only) */
  ttlMs: number;
  /** how many values one process keeps at most (the oldest go first) */
  size: number;
}

/** One Db's cache in this process: trusted only while its listener is live, emptied by every notification. */
class Cache<V> {
  private entries = new Map<string, { value: V; until: number }>();
  /** bumped on every clear: a lookup that began before a clear must not store what it read */
  generation = 0;
  listener: Listener | undefined;
  readonly ready: Promise<void>;

  constructor(
    db: Db,
    private readonly options: Options,
  ) {
    this.ready = db
      .listen(options.channel, () => this.clear())
      .then((listener) => void (this.listener = listener))
      .catch(() => {});
  }

  /** Whether entries may be trusted now: only while no notification can have been missed. */
  usable() {
    return this.listener?.live() ?? false;
  }

  get(key: string): V | undefined {
    if (!this.usable()) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until > Date.now()) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `value` until the cache's deadline or `until` (ms since the epoch), whichever comes first, unless cleared since `generation`. */
  put(key: string, value: V, generation: number, until = Infinity) {
    if (generation !== this.generation || !this.usable()) return;
    if (this.entries.size >= this.options.size) {
      // the oldest first (a Map keeps insertion order)
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until: Math.min(Date.now() + this.options.ttlMs, until) });
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}

export type NotifiedCache<V> = Cache<V>;

/**
 * A cache of rows every API process keeps in memory, kept exact across processes: each Db's cache
 * listens on `channel` (a dedicated connection on PostgreSQL) and trusts nothing while that
 * connection is down; `changed(q)` empties the cache of this process now and after `q`'s
 * transaction commits, and of every other API process through pg_notify, waiting (up to
 * CONFIRM_WAIT_MS) until each has confirmed. The sessions and the API keys use one each.
 */
export function notifiedCache<V>(options: Options) {
  const caches = new WeakMap<Db, Cache<V>>();
  /** every cache of this process, for a Queryable that does not say its Db */
  const all = new Set<Cache<V>>();

  /** The cache of `q`'s Db; none for anything that is not a Db of ours. */
  const of = (q: Queryable): Cache<V> | undefined => {
    const db = q.db;
    if (!db || typeof db.listen !== 'function') return undefined;
    let cache = caches.get(db);
    if (!cache) {
      cache = new Cache<V>(db, options);
      caches.set(db, cache);
      all.add(cache);
    }
    return cache;
  };

  /** Starts the cache of `db` (its listener) now rather than on the first lookup; resolves once it listens. */
  const start = async (db: Db) => {
    await of(db)?.ready;
  };

  /** What the cache holds may have changed: see above. Call it with the Queryable of the change (in its transaction). */
  const changed = async (q: Queryable): Promise<void> => {
    const cache = of(q);
    // a Queryable that does not say its Db: empty every cache of this process, to be safe
    const clear = () => (cache ? cache.clear() : all.forEach((c) => c.clear()));
    clear();
    const payload = randomBytes(8).toString('hex');
    const confirmed = cache?.usable() ? cache.listener?.expect(payload) : undefined;
    try {
      await q.query(`select pg_notify('${options.channel}', $1)`, [payload]);
    } catch (err) {
      confirmed?.cancel();
      throw err;
    }
    const settle = async () => {
      clear();
      await confirmed?.wait(CONFIRM_WAIT_MS);
      clear();
    };
    // after a rollback nothing was sent: nobody waits, the expectation is forgotten
    if (q.afterCommit) q.afterCommit(settle);
    else await settle();
  };

  return { of, start, changed };
}
