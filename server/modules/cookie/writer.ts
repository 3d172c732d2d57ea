import type { Db, Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';

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
  /** the banner's id of this choice: sent again after a failure, it is stored once (`cookie_submissions`) */
  submissionId?: string;
}

/** The Bangkok calendar day of `at` (YYYY-MM-DD): the roll-up's day. */
const bangkokDay = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/** Choices a visitor may make in a minute (a banner sends one per choice); shared by every server process. */
export const VISITOR_LIMIT = 30;

/**
 * An array literal of `items` ('{"a","b"}'): every element quoted (so none reads as NULL), `"` and `\\`
 * escaped. Made here for the whole group at once: the driver would escape each element of each array
 * again, and this is the write path's busiest code.
 */
function arrayLiteral(items: readonly string[]): string {
  if (!items.length) return '{}';
  for (const item of items) if (NEEDS_ESCAPE.test(item)) return `{${items.map((i) => `"${i.replace(ESCAPE, '\\$&')}"`).join(',')}}`;
  return `{"${items.join('","')}"}`;
}
const NEEDS_ESCAPE = /["\\]/;
const ESCAPE = /["\\]/g;
/** An array literal of items with nothing to quote: numbers, booleans, uuids, NULL. */
const plainLiteral = (items: ReadonlyArray<number | boolean | string>) => `{${items.join(',')}}`;

/**
 * The group's statement. Its text is fixed (planned once per connection); the group travels as
 * arrays, one per column, whose literals are made here in one pass.
 * - `hits`: the group's visitors' counts (`cookie_visitor_hits`, one row per visitor and minute: `insert … on
 *   conflict do update … returning`, so concurrent statements of any process count one after another),
 * - `judged`: each row within `VISITOR_LIMIT` or not (the others are refused: 429),
 * - `fresh`: the submission ids of the rows within the limit, each stored once (`cookie_submissions`): a choice
 *   the banner sent again after a failure finds its id there and is not written twice,
 * - `kept`, and so `log`: the rows within the limit that are not such a repeat,
 * - `stats`: the roll-up's counts of the whole group, summed here (one row per domain, day and
 *   dimension: a handful, not one per choice and category), less those of the refused rows (rare:
 *   derived from them in the statement),
 * - `undeclared`: the undeclared cookie names of the rows within the limit.
 * One statement is one round trip, commits on its own and is atomic, so the statistics never disagree
 * with the log. Rows of every table are locked in key order (`order by`), so concurrent writers never deadlock.
 */
const GROUP_SQL = `with hits as (
       insert into cookie_visitor_hits as h (visitor_id, window_start, hits)
       select v, now(), n from unnest($1::uuid[], $2::int[]) as x(v, n) order by v
       on conflict (visitor_id) do update set
         hits = case when h.window_start <= now() - interval '1 minute' then excluded.hits else h.hits + excluded.hits end,
         window_start = case when h.window_start <= now() - interval '1 minute' then now() else h.window_start end
       returning h.visitor_id, h.hits
     ), judged as materialized (
       -- within the limit: the counts before this group, plus the entry's place among its visitor's
       select t.*, hits.hits - t.n + t.k <= $25 as ok
         from unnest($3::int[], $4::int[], $5::timestamptz[], $6::uuid[], $7::uuid[], $8::uuid[], $9::int[], $10::text[],
                     $11::jsonb[], $12::text[], $13::text[], $14::text[], $15::boolean[], $16::text[], $17::text[], $26::uuid[]) with ordinality
                as t(k, n, at, c, d, v, ver, m, ch, a, p, l, g, b, h, s, i)
         join hits on hits.visitor_id = t.v
     ), fresh as (
       insert into cookie_submissions (domain_id, submission_id, created_at)
       select d, s, at from judged where ok and s is not null order by d, s
       on conflict do nothing
       returning domain_id, submission_id
     ), kept as materialized (
       select j.* from judged j
        where j.ok and (j.s is null or exists (select 1 from fresh f where f.domain_id = j.d and f.submission_id = j.s))
     ), log as (
       insert into cookie_log (created_at, company_id, domain_id, visitor_id, version, method, choices, accepted, path, lang, gpc, browser, ip_hash)
       select at, c, d, v, ver, m, ch, a::text[], p, l, g, b, h from kept
     ), stats as (
       insert into cookie_stats_daily (company_id, domain_id, day, dimension, n)
       select c, d, day, dim, sum(n) from (
         select * from unnest($18::uuid[], $19::uuid[], $20::date[], $21::text[], $22::int[]) as s(c, d, day, dim, n)
         union all
         select r.c, r.d, (r.at at time zone 'Asia/Bangkok')::date, x.dim, -1
           from judged r cross join unnest(array['total', 'method:' || r.m] || array(select 'cat:' || a from unnest(r.a::text[]) a)) as x(dim)
          where not exists (select 1 from kept where kept.i = r.i)
       ) s
        group by c, d, day, dim
       having sum(n) > 0
        order by d, day, dim
       on conflict (domain_id, day, dimension) do update set n = cookie_stats_daily.n + excluded.n
     ), undeclared as (
       insert into cookie_undeclared (company_id, domain_id, name, seen)
       select r.c, r.d, u.name, count(*)
         from unnest($23::int[], $24::text[]) as u(i, name) join kept r on r.i = u.i
        group by r.c, r.d, u.name
        order by r.d, u.name
       on conflict (domain_id, name) do update set last_seen = now(), seen = cookie_undeclared.seen + excluded.seen
     )
     select array_agg(i) as refused from judged where not ok`;

/** A group's choices of one domain and Bangkok day, counted for the roll-up. */
interface DayCounts {
  c: string;
  d: string;
  day: string;
  total: number;
  methods: Map<string, number>;
  categories: Map<string, number>;
}

/**
 * Writes entries to the log in ONE statement (GROUP_SQL), and says which were refused by the
 * per-visitor limit. Returns the indexes (into `entries`) of the refused entries. A submission sent
 * twice within the group (a retry that caught up with its first try) is written once, and shares the
 * first one's answer; one already stored by an earlier group is not written again (and not refused).
 */
export async function writeEntries(q: Queryable, entries: CookieLogEntry[], limit = VISITOR_LIMIT): Promise<number[]> {
  let firstOf: Map<string, number> | undefined;
  let repeats: Array<[number, number]> | undefined;
  for (let i = 0; i < entries.length; i++) {
    const s = entries[i].submissionId;
    if (!s) continue;
    const key = entries[i].domainId + s;
    const first = (firstOf ??= new Map()).get(key);
    if (first === undefined) firstOf.set(key, i);
    else (repeats ??= []).push([i, first]);
  }
  if (!repeats) return writeGroup(q, entries, limit);
  const repeated = new Set(repeats.map(([i]) => i));
  const kept = entries.map((_, i) => i).filter((i) => !repeated.has(i));
  const refused = new Set(
    (
      await writeGroup(
        q,
        kept.map((i) => entries[i]),
        limit,
      )
    ).map((k) => kept[k]),
  );
  for (const [i, first] of repeats) if (refused.has(first)) refused.add(i);
  return [...refused].sort((x, y) => x - y);
}

async function writeGroup(q: Queryable, entries: CookieLogEntry[], limit: number): Promise<number[]> {
  const size = entries.length;
  // per visitor: how many of this group's entries are theirs (n), and each entry's place among them (k)
  const perVisitor = new Map<string, number>();
  const k = new Array<number>(size);
  for (let i = 0; i < size; i++) {
    const v = entries[i].visitorId;
    const n = (perVisitor.get(v) ?? 0) + 1;
    perVisitor.set(v, n);
    k[i] = n;
  }
  const n = new Array<number>(size);
  const at = new Array<string>(size);
  const c = new Array<string>(size);
  const d = new Array<string>(size);
  const v = new Array<string>(size);
  const ver = new Array<number>(size);
  const m = new Array<string>(size);
  const ch = new Array<string>(size);
  const a = new Array<string>(size);
  const p = new Array<string>(size);
  const l = new Array<string>(size);
  const g = new Array<boolean>(size);
  const b = new Array<string>(size);
  const h = new Array<string>(size);
  const s = new Array<string>(size);
  // the roll-up's counts of the whole group, by domain and day: the total, per method, per accepted category
  const counts = new Map<string, DayCounts>();
  let last: DayCounts | undefined;
  const undeclaredAt: number[] = [];
  const undeclaredName: string[] = [];
  let lastTime = NaN;
  let lastIso = '';
  let lastDay = '';
  for (let i = 0; i < size; i++) {
    const e = entries[i];
    n[i] = perVisitor.get(e.visitorId)!;
    const time = e.at.getTime();
    // a group's choices arrive within milliseconds: most share their neighbour's time
    if (time !== lastTime) {
      lastTime = time;
      lastIso = e.at.toISOString();
      lastDay = bangkokDay(e.at);
    }
    at[i] = lastIso;
    c[i] = e.companyId;
    d[i] = e.domainId;
    v[i] = e.visitorId;
    ver[i] = e.version;
    m[i] = e.method;
    ch[i] = JSON.stringify(e.choices);
    const accepted: string[] = [];
    for (const key in e.choices) if (e.choices[key] === true) accepted.push(key);
    a[i] = arrayLiteral(accepted);
    p[i] = e.path;
    l[i] = e.lang;
    g[i] = e.gpc;
    b[i] = e.browser;
    h[i] = e.ipHash;
    s[i] = e.submissionId ?? 'NULL';
    if (!last || last.d !== e.domainId || last.day !== lastDay) {
      const key = e.domainId + lastDay;
      last = counts.get(key);
      if (!last) counts.set(key, (last = { c: e.companyId, d: e.domainId, day: lastDay, total: 0, methods: new Map(), categories: new Map() }));
    }
    last.total++;
    last.methods.set(e.method, (last.methods.get(e.method) ?? 0) + 1);
    for (const key of accepted) last.categories.set(key, (last.categories.get(key) ?? 0) + 1);
    if (e.undeclared.length)
      for (const name of new Set(e.undeclared)) {
        undeclaredAt.push(i + 1);
        undeclaredName.push(name);
      }
  }
  const sums: Array<{ c: string; d: string; day: string; dim: string; n: number }> = [];
  for (const day of counts.values()) {
    sums.push({ c: day.c, d: day.d, day: day.day, dim: 'total', n: day.total });
    for (const [method, n] of day.methods) sums.push({ c: day.c, d: day.d, day: day.day, dim: `method:${method}`, n });
    for (const [category, n] of day.categories) sums.push({ c: day.c, d: day.d, day: day.day, dim: `cat:${category}`, n });
  }
  const visitors = [...perVisitor.keys()];
  const [row] = await q.query<{ refused: string[] | number[] | null }>(GROUP_SQL, [
    arrayLiteral(visitors),
    plainLiteral(visitors.map((visitor) => perVisitor.get(visitor)!)),
    plainLiteral(k),
    plainLiteral(n),
    arrayLiteral(at),
    arrayLiteral(c),
    arrayLiteral(d),
    arrayLiteral(v),
    plainLiteral(ver),
    arrayLiteral(m),
    arrayLiteral(ch),
    arrayLiteral(a),
    arrayLiteral(p),
    arrayLiteral(l),
    plainLiteral(g),
    arrayLiteral(b),
    arrayLiteral(h),
    arrayLiteral(sums.map((s) => s.c)),
    arrayLiteral(sums.map((s) => s.d)),
    arrayLiteral(sums.map((s) => s.day)),
    arrayLiteral(sums.map((s) => s.dim)),
    plainLiteral(sums.map((s) => s.n)),
    plainLiteral(undeclaredAt),
    arrayLiteral(undeclaredName),
    limit,
    // ids (no quotes needed) or NULL: a choice from a banner that sends none
    plainLiteral(s),
  ]);
  // `with ordinality` counts from 1 (a bigint: text from the driver)
  return (row?.refused ?? []).map((i) => Number(i) - 1);
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
  /** when each running flush started (the oldest first): as many as are running */
  private started: number[] = [];
  private prunedAt = Date.now();

  constructor(
    private readonly db: Db,
    readonly grouping: boolean,
    private readonly windowMs: number,
    private readonly maxGroup = 2000,
    private readonly limit = VISITOR_LIMIT,
    /** groups written at once: a second one fills the log while the first commits */
    private readonly flushes = 1,
    /**
     * When the database is too slow, new choices are refused at once (503, nothing stored) instead of
     * waiting without end: more than `maxWaiting` choices already waiting, or a group's write running
     * for more than `stallMs`. Choices already waiting are answered once their group commits.
     */
    private readonly shed = { maxWaiting: 20_000, stallMs: 3_000 },
  ) {}

  async write(entry: CookieLogEntry): Promise<boolean> {
    if (!this.grouping) {
      // one statement commits on its own (autocommit): durable once it returns
      const refused = await writeEntries(this.db, [entry], this.limit);
      this.pruneNowAndThen();
      return refused.length === 0;
    }
    if (this.queue.length >= this.shed.maxWaiting || (this.started.length > 0 && Date.now() - this.started[0] > this.shed.stallMs))
      return Promise.reject(new ApiError(503, 'cookie_log_busy'));
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ entry, resolve, reject });
      if (this.queue.length >= this.maxGroup) this.flushSoon(0);
      else this.flushSoon(this.windowMs);
    });
  }

  private flushSoon(ms: number) {
    if (this.started.length >= this.flushes) return; // a running flush picks the queue up when it ends
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
    if (this.started.length >= this.flushes || !this.queue.length) return;
    const started = Date.now();
    this.started.push(started);
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
      this.started.splice(this.started.indexOf(started), 1);
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
    const maxWaiting = Number(process.env.COOKIE_LOG_MAX_WAITING ?? 20_000);
    if (!Number.isInteger(maxWaiting) || maxWaiting < 100)
      throw new Error('COOKIE_LOG_MAX_WAITING: expected a whole number of at least 100 (choices)');
    const stallMs = Number(process.env.COOKIE_LOG_STALL_MS ?? 3_000);
    if (!Number.isFinite(stallMs) || stallMs < 100) throw new Error('COOKIE_LOG_STALL_MS: expected at least 100 (milliseconds)');
    w = new CookieLogWriter(db, grouping, windowMs, 2000, VISITOR_LIMIT, flushes, { maxWaiting, stallMs });
    writers.set(db, w);
  }
  return w;
}
