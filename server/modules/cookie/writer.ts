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

/** A text[] literal of `items` ('{"a","b"}'), each element quoted. */
const arrayLiteral = (items: string[]) => `{${items.map((i) => `"${i.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** The Bangkok calendar day of `at` (YYYY-MM-DD): the roll-up's day. */
const bangkokDay = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/** Choices a visitor may make in a minute (a banner sends one per choice); shared by every server process. */
export const VISITOR_LIMIT = 30;

/**
 * Writes entries to the log in ONE statement, and says which were refused by the per-visitor limit:
 * - the visitors' counts (`cookie_visitor_hits`, one row per visitor and minute: `insert … on
 *   conflict do update … returning`, so concurrent statements of any process count one after another),
 * - the log rows of the entries within `VISITOR_LIMIT` (the others are refused: 429),
 * - the roll-up's counts of those rows (one upsert) and their undeclared cookie names,
 * as data-modifying CTEs. One statement is one round trip, commits on its own and is atomic, so the
 * statistics never disagree with the log. Arrays as parameters keep the statement's text fixed
 * (planned once per connection). Rows of every table are locked in key order, so concurrent writers
 * never deadlock.
 * Returns the indexes (into `entries`) of the refused entries.
 */
export async function writeEntries(q: Queryable, entries: CookieLogEntry[], limit = VISITOR_LIMIT): Promise<number[]> {
  const col = <T>(f: (e: CookieLogEntry, i: number) => T) => entries.map(f);
  // per visitor: how many of this group's entries are theirs, and each entry's place among them
  const perVisitor = new Map<string, number>();
  const place = entries.map((e) => {
    const n = (perVisitor.get(e.visitorId) ?? 0) + 1;
    perVisitor.set(e.visitorId, n);
    return n;
  });
  const visitors = [...perVisitor.keys()].sort();
  const [row] = await q.query<{ refused: number[] | null }>(
    `with hits as (
       insert into cookie_visitor_hits as h (visitor_id, window_start, hits)
       select v, now(), n from unnest($1::uuid[], $2::int[]) as v(v, n)
       on conflict (visitor_id) do update set
         hits = case when h.window_start <= now() - interval '1 minute' then excluded.hits else h.hits + excluded.hits end,
         window_start = case when h.window_start <= now() - interval '1 minute' then now() else h.window_start end
       returning h.visitor_id, h.hits
     ), t as (
       select * from unnest($3::int[], $4::int[], $5::int[], $6::timestamptz[], $7::date[], $8::uuid[], $9::uuid[], $10::uuid[], $11::int[],
                            $12::text[], $13::jsonb[], $14::text[], $15::text[], $16::text[], $17::boolean[], $18::text[], $19::text[], $20::text[], $21::text[])
         as t(i, place, of_visitor, at, day, company_id, domain_id, visitor_id, version, method, choices, accepted, path, lang, gpc, browser, ip_hash, dims, undeclared)
     ), ok as (
       -- within the limit: the counts before this group, plus the entry's place among its visitor's
       select t.* from t join hits using (visitor_id) where hits.hits - t.of_visitor + t.place <= $22
     ), log as (
       insert into cookie_log (created_at, company_id, domain_id, visitor_id, version, method, choices, accepted, path, lang, gpc, browser, ip_hash)
       select at, company_id, domain_id, visitor_id, version, method, choices, accepted::text[], path, lang, gpc, browser, ip_hash from ok
     ), stats as (
       insert into cookie_stats_daily (company_id, domain_id, day, dimension, n)
       select company_id, domain_id, day, dimension, count(*)
         from ok cross join unnest(ok.dims::text[]) as d(dimension)
        group by company_id, domain_id, day, dimension
        order by domain_id, day, dimension
       on conflict (domain_id, day, dimension) do update set n = cookie_stats_daily.n + excluded.n
     ), undeclared as (
       insert into cookie_undeclared (company_id, domain_id, name, seen)
       select company_id, domain_id, name, count(*)
         from ok cross join unnest(ok.undeclared::text[]) as u(name)
        group by company_id, domain_id, name
        order by domain_id, name
       on conflict (domain_id, name) do update set last_seen = now(), seen = cookie_undeclared.seen + excluded.seen
     )
     select array_agg(t.i) as refused from t join hits using (visitor_id) where hits.hits - t.of_visitor + t.place > $22`,
    [
      visitors,
      visitors.map((v) => perVisitor.get(v)!),
      col((_, i) => i),
      place,
      col((e) => perVisitor.get(e.visitorId)!),
      col((e) => e.at.toISOString()),
      col((e) => bangkokDay(e.at)),
      col((e) => e.companyId),
      col((e) => e.domainId),
      col((e) => e.visitorId),
      col((e) => e.version),
      col((e) => e.method),
      col((e) => JSON.stringify(e.choices)),
      // the accepted categories, the roll-up's dimensions and the undeclared names as array literals,
      // made here rather than per row in the database
      col((e) => arrayLiteral(Object.keys(e.choices).filter((k) => e.choices[k] === true))),
      col((e) => e.path),
      col((e) => e.lang),
      col((e) => e.gpc),
      col((e) => e.browser),
      col((e) => e.ipHash),
      col((e) =>
        arrayLiteral([
          'total',
          `method:${e.method}`,
          ...Object.keys(e.choices)
            .filter((k) => e.choices[k] === true)
            .map((k) => `cat:${k}`),
        ]),
      ),
      col((e) => arrayLiteral([...new Set(e.undeclared)])),
      limit,
    ],
  );
  return row?.refused ?? [];
}

/** Forgets visitors' counts of minutes that are over (the writer calls it now and then). */
export async function pruneVisitorHits(q: Queryable) {
  await q.query(`delete from cookie_visitor_hits where window_start < now() - interval '2 minutes'`);
}

interface Waiting {
  entry: CookieLogEntry;
  resolve(stored: boolean): void;
  reject(err: unknown): void;
}

/** How often a writer forgets the counts of minutes that are over. */
const PRUNE_EVERY_MS = 20_000;

/**
 * The consent log's writer. Grouped (the default): the choices that arrive within `windowMs` of the
 * first one — and all that arrive while a flush is committing — are written by one statement; each
 * caller's promise settles only after that commit, so an acknowledged choice is durable. One flush at
 * a time: under load the groups grow instead of the transactions multiplying. Ungrouped: one
 * statement per choice (kept for the benchmark's comparison, COOKIE_LOG_GROUPING=off).
 * `write` resolves true once stored, false when the visitor's limit refused it (nothing stored).
 */
export class CookieLogWriter {
  private queue: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight = 0;
  private prunedAt = Date.now();

  constructor(
    private readonly db: Db,
    readonly grouping: boolean,
    private readonly windowMs: number,
    private readonly maxGroup = 2000,
    private readonly limit = VISITOR_LIMIT,
    /** groups written at once: a second one fills the log while the first commits */
    private readonly flushes = 1,
  ) {}

  async write(entry: CookieLogEntry): Promise<boolean> {
    if (!this.grouping) {
      // one statement commits on its own (autocommit): durable once it returns
      const refused = await writeEntries(this.db, [entry], this.limit);
      this.pruneNowAndThen();
      return refused.length === 0;
    }
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ entry, resolve, reject });
      if (this.queue.length >= this.maxGroup) this.flushSoon(0);
      else this.flushSoon(this.windowMs);
    });
  }

  private flushSoon(ms: number) {
    if (this.inFlight >= this.flushes) return; // a running flush picks the queue up when it ends
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
    if (this.inFlight >= this.flushes || !this.queue.length) return;
    this.inFlight++;
    const group = this.queue.splice(0, this.maxGroup);
    try {
      // one statement commits on its own (autocommit), atomically: no BEGIN and COMMIT round trips
      const refused = new Set(
        await writeEntries(
          this.db,
          group.map((w) => w.entry),
          this.limit,
        ),
      );
      group.forEach((w, i) => w.resolve(!refused.has(i)));
    } catch (err) {
      for (const w of group) w.reject(err);
    } finally {
      this.inFlight--;
      if (this.queue.length) this.flushSoon(0);
      this.pruneNowAndThen();
    }
  }

  /** Now and then (not on every write), the counts of minutes that are over are deleted; a failure waits for the next time. */
  private pruneNowAndThen() {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    pruneVisitorHits(this.db).catch(() => undefined);
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
    const flushes = Number(process.env.COOKIE_LOG_FLUSHES ?? 1);
    if (!Number.isInteger(flushes) || flushes < 1 || flushes > 8) throw new Error('COOKIE_LOG_FLUSHES: expected 1 to 8 (groups written at once)');
    w = new CookieLogWriter(db, grouping, windowMs, 2000, VISITOR_LIMIT, flushes);
    writers.set(db, w);
  }
  return w;
}
