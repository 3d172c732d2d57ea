import type { Db, Queryable } from '../../db/client';

/** One choice as the consent log stores it. */
export interface CookieLogEntry {
  at: Date;
  companyId: string;
  domainId: string;
  visitorId: string;
  version: number;
  method: string;
  choices: Record<string, boolean>;
  path: string;
  lang: string;
  gpc: boolean;
  browser: string;
  ipHash: string;
  /** cookie names no category declares */
  undeclared: string[];
}

/** The Bangkok calendar day of `at` (YYYY-MM-DD): the roll-up's day. */
const bangkokDay = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * Writes entries to the log in ONE statement: the multi-row insert of the log rows, the roll-up's
 * counts (summed here, one upsert) and the undeclared cookie names, as data-modifying CTEs. One
 * statement is one round trip and is atomic on its own, so the statistics never disagree with the
 * log. Arrays as parameters keep the statement's text fixed (planned once per connection).
 */
export async function writeEntries(q: Queryable, entries: CookieLogEntry[]) {
  const col = <T>(f: (e: CookieLogEntry) => T) => entries.map(f);
  // the roll-up: keys sorted so concurrent writers lock rows in one order
  const counts = new Map<string, { companyId: string; domainId: string; day: string; dimension: string; n: number }>();
  const bump = (e: CookieLogEntry, day: string, dimension: string) => {
    const key = `${e.domainId}|${day}|${dimension}`;
    const row = counts.get(key);
    if (row) row.n++;
    else counts.set(key, { companyId: e.companyId, domainId: e.domainId, day, dimension, n: 1 });
  };
  for (const e of entries) {
    const day = bangkokDay(e.at);
    bump(e, day, 'total');
    bump(e, day, `method:${e.method}`);
    for (const [key, on] of Object.entries(e.choices)) if (on) bump(e, day, `cat:${key}`);
  }
  const stats = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, r]) => r);
  const seen = new Map<string, { companyId: string; domainId: string; name: string; n: number }>();
  for (const e of entries)
    for (const name of e.undeclared) {
      const key = `${e.domainId}|${name}`;
      const row = seen.get(key);
      if (row) row.n++;
      else seen.set(key, { companyId: e.companyId, domainId: e.domainId, name, n: 1 });
    }
  const names = [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, r]) => r);
  await q.query(
    `with log as (
       insert into cookie_log (created_at, company_id, domain_id, visitor_id, version, method, choices, accepted, path, lang, gpc, browser, ip_hash)
       select t.at, t.company_id, t.domain_id, t.visitor_id, t.version, t.method, t.choices,
              array(select e.k from jsonb_each_text(t.choices) as e(k, v) where e.v = 'true'), t.path, t.lang, t.gpc, t.browser, t.ip_hash
         from unnest($1::timestamptz[], $2::uuid[], $3::uuid[], $4::uuid[], $5::int[], $6::text[], $7::jsonb[], $8::text[], $9::text[], $10::boolean[], $11::text[], $12::text[])
           as t(at, company_id, domain_id, visitor_id, version, method, choices, path, lang, gpc, browser, ip_hash)
     ), stats as (
       insert into cookie_stats_daily (company_id, domain_id, day, dimension, n)
       select * from unnest($13::uuid[], $14::uuid[], $15::date[], $16::text[], $17::bigint[])
       on conflict (domain_id, day, dimension) do update set n = cookie_stats_daily.n + excluded.n
     )
     insert into cookie_undeclared (company_id, domain_id, name, seen)
     select * from unnest($18::uuid[], $19::uuid[], $20::text[], $21::bigint[])
     on conflict (domain_id, name) do update set last_seen = now(), seen = cookie_undeclared.seen + excluded.seen`,
    [
      col((e) => e.at.toISOString()),
      col((e) => e.companyId),
      col((e) => e.domainId),
      col((e) => e.visitorId),
      col((e) => e.version),
      col((e) => e.method),
      col((e) => JSON.stringify(e.choices)),
      col((e) => e.path),
      col((e) => e.lang),
      col((e) => e.gpc),
      col((e) => e.browser),
      col((e) => e.ipHash),
      stats.map((r) => r.companyId),
      stats.map((r) => r.domainId),
      stats.map((r) => r.day),
      stats.map((r) => r.dimension),
      stats.map((r) => r.n),
      names.map((r) => r.companyId),
      names.map((r) => r.domainId),
      names.map((r) => r.name),
      names.map((r) => r.n),
    ],
  );
}

interface Waiting {
  entry: CookieLogEntry;
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * The consent log's writer. Grouped (the default): the choices that arrive within `windowMs` of the
 * first one — and all that arrive while a flush is committing — are written by one statement; each
 * caller's promise settles only after that commit, so an acknowledged choice is durable. One flush at
 * a time: under load the groups grow instead of the transactions multiplying. Ungrouped: one
 * statement per choice (kept for the benchmark's comparison, COOKIE_LOG_GROUPING=off).
 */
export class CookieLogWriter {
  private queue: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing = false;

  constructor(
    private readonly db: Db,
    readonly grouping: boolean,
    private readonly windowMs: number,
    private readonly maxGroup = 2000,
  ) {}

  write(entry: CookieLogEntry): Promise<void> {
    // one statement commits on its own (autocommit): durable once it returns
    if (!this.grouping) return writeEntries(this.db, [entry]);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ entry, resolve, reject });
      if (this.queue.length >= this.maxGroup) this.flushSoon(0);
      else this.flushSoon(this.windowMs);
    });
  }

  private flushSoon(ms: number) {
    if (this.flushing) return; // the running flush picks the queue up when it ends
    if (ms === 0) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, ms);
    }
  }

  private async flush() {
    if (this.flushing || !this.queue.length) return;
    this.flushing = true;
    const group = this.queue.splice(0, this.maxGroup);
    try {
      await this.db.tx((q) =>
        writeEntries(
          q,
          group.map((w) => w.entry),
        ),
      );
      for (const w of group) w.resolve();
    } catch (err) {
      for (const w of group) w.reject(err);
    } finally {
      this.flushing = false;
      if (this.queue.length) this.flushSoon(0);
    }
  }
}

const writers = new WeakMap<Db, CookieLogWriter>();

/** The writer of a database (one per process and database, so its groups span every request). */
export function writerOf(db: Db): CookieLogWriter {
  let w = writers.get(db);
  if (!w) {
    const grouping = (process.env.COOKIE_LOG_GROUPING ?? 'on') !== 'off';
    const windowMs = Number(process.env.COOKIE_LOG_WINDOW_MS ?? 2);
    if (!Number.isFinite(windowMs) || windowMs < 0 || windowMs > 100) throw new Error('COOKIE_LOG_WINDOW_MS: expected 0 to 100 (milliseconds)');
    w = new CookieLogWriter(db, grouping, windowMs);
    writers.set(db, w);
  }
  return w;
}
