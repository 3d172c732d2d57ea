import { Readable } from 'node:stream';
import { z } from 'zod';
import { bangkokDayStart } from '../../../contract/clock';
import {
  cookieLogQuery,
  cookieStatsQuery,
  type CookieLogQuery,
  type CookieLogRow,
  type CookieStatsDay,
  type CookieUndeclaredRow,
} from '../../../contract/cookie';
import { CSV_BOM, csvLine } from '../../../contract/csv';
import { formatMoment } from '../../../i18n/dates';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { pageOffset } from '../../db/paging';
import { route } from '../../http/route';
import type { Lang } from '../../http/messages';
import cookieTexts from '../../../i18n/cookie';

const access = { menuId: MENU.cookie.menuId } as const;

interface LogRow {
  created_at: Date | string;
  domain_id: string;
  host: string;
  visitor_id: string;
  version: number;
  method: CookieLogRow['method'];
  choices: Record<string, boolean>;
  path: string;
  lang: string;
  browser: string;
  gpc: boolean;
}

const nextDay = (day: string) => new Date(bangkokDayStart(day).getTime() + 86_400_000);

/** A time range of the log to read: [from, to). */
export interface LogBounds {
  from: Date;
  to: Date;
}

/** The filters as SQL; a date range lets PostgreSQL skip the months outside it. */
export function logWhere(companyId: string, q: Partial<CookieLogQuery>, bounds?: LogBounds) {
  const params: unknown[] = [companyId];
  const and: string[] = ['l.company_id = $1'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    and.push(sql(`$${params.length}`));
  };
  if (q.domainId) add((p) => `l.domain_id = ${p}`, q.domainId);
  if (q.from) add((p) => `l.created_at >= ${p}`, bangkokDayStart(q.from).toISOString());
  if (q.to) add((p) => `l.created_at < ${p}`, nextDay(q.to).toISOString());
  if (bounds) {
    add((p) => `l.created_at >= ${p}`, bounds.from.toISOString());
    add((p) => `l.created_at < ${p}`, bounds.to.toISOString());
  }
  if (q.method) add((p) => `l.method = ${p}`, q.method);
  if (q.category) add((p) => `l.accepted @> array[${p}::text]`, q.category);
  if (q.visitorId) add((p) => `l.visitor_id = ${p}`, q.visitorId);
  return { where: and.join(' and '), params };
}

/**
 * Where the rows of a method or category filter can be, read from the roll-up (its counts per Bangkok
 * day are written in the same statement as the log, so they agree): 'none' when the roll-up counts no
 * such choice in the range (the log is not read at all), else the days to read — from the newest day
 * with such choices back to the day by which `wanted` of them are counted (one filter), or to the
 * oldest day where every filter has some (two filters: their rows lie only on days both count).
 * Without it, a filter that few or no rows match walks the domain's whole log newest first: millions
 * of rows on a popular site. Undefined: no such filter (a visitor's history has its own index).
 */
export async function rollupBounds(db: Queryable, companyId: string, q: Partial<CookieLogQuery>, wanted: number) {
  const dims = [q.method && `method:${q.method}`, q.category && `cat:${q.category}`].filter((d): d is string => !!d);
  if (!dims.length || q.visitorId) return undefined;
  const params: unknown[] = [companyId, dims];
  let where = 'company_id = $1 and dimension = any($2::text[])';
  if (q.domainId) where += ` and domain_id = $${params.push(q.domainId)}`;
  if (q.from) where += ` and day >= $${params.push(q.from)}::date`;
  if (q.to) where += ` and day <= $${params.push(q.to)}::date`;
  const rows = await db.query<{ day: string; n: string }>(
    `select to_char(day, 'YYYY-MM-DD') as day, min(n)::bigint as n from (
       select day, dimension, sum(n) as n from cookie_stats_daily where ${where} group by day, dimension having sum(n) > 0
     ) s group by day having count(*) = ${dims.length} order by day desc`,
    params,
  );
  if (!rows.length) return 'none' as const;
  let oldest = rows[rows.length - 1].day;
  if (dims.length === 1) {
    let counted = 0;
    for (const r of rows)
      if ((counted += Number(r.n)) >= wanted) {
        oldest = r.day;
        break;
      }
  }
  return { from: bangkokDayStart(oldest), to: nextDay(rows[0].day) } satisfies LogBounds;
}

/** The filters as SQL narrowed to the days the roll-up counts their rows on; null when it counts none. */
async function boundedWhere(db: Queryable, companyId: string, q: Partial<CookieLogQuery>, wanted: number) {
  const bounds = await rollupBounds(db, companyId, q, wanted);
  return bounds === 'none' ? null : logWhere(companyId, q, bounds);
}

const LOG_SELECT = `select l.created_at, l.domain_id, d.host, l.visitor_id, l.version, l.method, l.choices, l.path, l.lang, l.browser, l.gpc
  from cookie_log l join cookie_domains d on d.id = l.domain_id`;

const toLogRow = (r: LogRow): CookieLogRow => ({
  at: new Date(r.created_at).toISOString(),
  domainId: r.domain_id,
  host: r.host,
  visitorId: r.visitor_id,
  version: r.version,
  method: r.method,
  choices: r.choices,
  path: r.path,
  lang: r.lang,
  browser: r.browser,
  gpc: r.gpc,
});

/** A time in Buddhist era, Bangkok: 25/11/2569 14:05:09. */
export function logCsv(rows: LogRow[], lang: Lang) {
  const t = cookieTexts[lang].cookie;
  const c = t.csv;
  let out = CSV_BOM + csvLine([c.at, c.host, c.visitor, c.version, c.method, c.accepted, c.refused, c.path, c.lang, c.browser, c.gpc, c.at_iso]);
  for (const r of rows) {
    const keys = Object.keys(r.choices);
    out += csvLine([
      formatMoment(r.created_at, lang),
      r.host,
      r.visitor_id,
      r.version,
      t.methods[r.method] ?? r.method,
      keys.filter((k) => r.choices[k]).join(' '),
      keys.filter((k) => !r.choices[k]).join(' '),
      r.path,
      r.lang,
      r.browser,
      r.gpc ? c.yes : c.no,
      new Date(r.created_at).toISOString(),
    ]);
  }
  return out;
}

const EXPORT_MAX = 100_000;

export const cookieLogRoutes = [
  // the log, newest first; the page says whether more follow instead of counting the log
  route({
    method: 'GET',
    url: '/cookie/log',
    access,
    query: cookieLogQuery,
    reply: z.object({ logList: z.array(z.unknown()), hasMore: z.boolean() }),
    handler: async ({ db, session, query }) => {
      const filtered = await boundedWhere(db, session.companyId, query, pageOffset(query) + query.limit + 1);
      if (!filtered) return { logList: [], hasMore: false };
      const { where, params } = filtered;
      const rows = await db.query<LogRow>(
        `${LOG_SELECT} where ${where} order by l.created_at desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, query.limit + 1, pageOffset(query)],
      );
      return { logList: rows.slice(0, query.limit).map(toLogRow), hasMore: rows.length > query.limit };
    },
  }),

  route({
    method: 'GET',
    url: '/cookie/log/export',
    access,
    query: cookieLogQuery.omit({ currentPage: true, limit: true }),
    handler: async ({ db, session, query, reply, lang }) => {
      const { where, params } = (await boundedWhere(db, session.companyId, query, EXPORT_MAX)) ?? { where: 'false', params: [] };
      const rows = await db.query<LogRow>(`${LOG_SELECT} where ${where} order by l.created_at desc limit ${EXPORT_MAX}`, params);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="cookie-consent-log.csv"')
        .send(Readable.from([logCsv(rows, lang)]));
      return undefined;
    },
  }),

  // the opt-in rate per category per day, from the roll-up (never a count over the log)
  route({
    method: 'GET',
    url: '/cookie/stats',
    access,
    query: cookieStatsQuery,
    reply: z.object({ days: z.array(z.unknown()) }),
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId, query.domainId];
      let where = 'company_id = $1 and domain_id = $2';
      if (query.from) {
        params.push(query.from);
        where += ` and day >= $${params.length}`;
      }
      if (query.to) {
        params.push(query.to);
        where += ` and day <= $${params.length}`;
      }
      const rows = await db.query<{ day: string; dimension: string; n: string }>(
        `select to_char(day, 'YYYY-MM-DD') as day, dimension, n from cookie_stats_daily where ${where} order by day limit 20000`,
        params,
      );
      const days = new Map<string, CookieStatsDay>();
      for (const r of rows) {
        let d = days.get(r.day);
        if (!d) days.set(r.day, (d = { day: r.day, total: 0, methods: {}, accepted: {} }));
        const n = Number(r.n);
        if (r.dimension === 'total') d.total = n;
        else if (r.dimension.startsWith('method:')) d.methods[r.dimension.slice(7) as keyof CookieStatsDay['methods']] = n;
        else if (r.dimension.startsWith('cat:')) d.accepted[r.dimension.slice(4)] = n;
      }
      return { days: [...days.values()] };
    },
  }),

  route({
    method: 'GET',
    url: '/cookie/undeclared',
    access,
    query: z.object({ domainId: z.string().uuid() }),
    reply: z.object({ cookieList: z.array(z.unknown()) }),
    handler: async ({ db, session, query }) => {
      const rows = await db.query<{ name: string; first_seen: Date; last_seen: Date; seen: string }>(
        `select name, first_seen, last_seen, seen from cookie_undeclared where company_id = $1 and domain_id = $2 order by last_seen desc limit 500`,
        [session.companyId, query.domainId],
      );
      const cookieList: CookieUndeclaredRow[] = rows.map((r) => ({
        name: r.name,
        firstSeen: new Date(r.first_seen).toISOString(),
        lastSeen: new Date(r.last_seen).toISOString(),
        seen: Number(r.seen),
      }));
      return { cookieList };
    },
  }),
];
