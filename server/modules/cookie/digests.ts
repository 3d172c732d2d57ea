import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { bangkokDay } from '../../../contract/clock';
import {
  cookieDigestListQuery,
  cookieDigestQuery,
  cookieVerifyBody,
  type CookieDigest,
  type CookieDigestProblem,
  type CookieDigestQuery,
  type CookieVerifyReply,
} from '../../../contract/cookie';
import { CSV_BOM, csvLine } from '../../../contract/csv';
import { MENU } from '../../../contract/menus';
import { formatDate, formatMoment } from '../../../i18n/dates';
import cookieTexts from '../../../i18n/cookie';
import type { Db, Queryable } from '../../db/client';
import { pageOffset } from '../../db/paging';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';

/**
 * The consent log a company can prove (0063_cookie_provable_log.sql): each Bangkok day of a domain's
 * log, once over, is sealed with its number of choices and the hash of its rows, chained to the day
 * before by hash. Verifying recomputes both from the rows still kept; a copy of the seals kept elsewhere
 * (the CSV export) also shows a chain that was recomputed from the start.
 *
 * The algorithm, for anyone who checks it without this code:
 *   row hash  = sha256(cookie_log_line(row)), hex
 *   rows_hash = sha256(the day's row hashes, sorted, joined by "\n"), hex (sha256("") for a day without choices)
 *   hash      = sha256(prev_hash + "|" + day + "|" + rows + "|" + rows_hash), hex
 *   prev_hash = the day before's hash; for the domain's first day sha256("pdpa-cookie-log|" + domain id)
 */
const access = { menuId: MENU.cookie.menuId } as const;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
export const genesisHash = (domainId: string) => sha256(`pdpa-cookie-log|${domainId}`);
export const linkHash = (prev: string, day: string, rows: number, rowsHash: string) => sha256(`${prev}|${day}|${rows}|${rowsHash}`);
const EMPTY_DAY = sha256('');

/** The calendar day after `day` (YYYY-MM-DD). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** A day is sealed this long after it ends: the grouped writer commits a choice within milliseconds of its time. */
const GRACE_MS = 5 * 60_000;
/** Days one run seals per domain at most (a first run over a long log catches up over a few runs). */
const DAYS_PER_RUN = 400;

/**
 * Seals every day of every domain that is over and not sealed yet, from the domain's first day (its
 * creation, or its first choice if older). Run by the timed work (one process at a time); a seal another
 * process wrote first stops that domain's run. Returns the number of days sealed.
 */
export async function sealCookieLog(db: Db, now = new Date()): Promise<number> {
  const last = dayBefore(bangkokDay(new Date(now.getTime() - GRACE_MS)));
  const domains = await db.query<{ id: string; company_id: string; first_day: string; sealed_day: string | null; sealed_hash: string | null }>(
    `select d.id, d.company_id,
            to_char(least(d.created_at, (select min(l.created_at) from cookie_log l where l.company_id = d.company_id and l.domain_id = d.id))
                    at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as first_day,
            to_char(s.day, 'YYYY-MM-DD') as sealed_day, s.hash as sealed_hash
       from cookie_domains d
       left join lateral (select day, hash from cookie_log_digests g where g.domain_id = d.id order by day desc limit 1) s on true`,
  );
  let sealed = 0;
  for (const d of domains) {
    let day = d.sealed_day ? dayAfter(d.sealed_day) : d.first_day;
    let prev = d.sealed_hash ?? genesisHash(d.id);
    for (let n = 0; n < DAYS_PER_RUN && day <= last; n++, day = dayAfter(day)) {
      const [r] = await db.query<{ rows: string; rows_hash: string }>('select rows, rows_hash from cookie_log_day($1, $2, $3)', [
        d.company_id,
        d.id,
        day,
      ]);
      const rows = Number(r.rows);
      const hash = linkHash(prev, day, rows, r.rows_hash);
      const written = await db.query(
        `insert into cookie_log_digests (domain_id, day, company_id, rows, rows_hash, prev_hash, hash)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning day`,
        [d.id, day, d.company_id, rows, r.rows_hash, prev, hash],
      );
      if (!written.length) break;
      sealed++;
      prev = hash;
    }
  }
  return sealed;
}

interface DigestRow {
  domain_id: string;
  day: string;
  rows: string;
  rows_hash: string;
  prev_hash: string;
  hash: string;
  sealed_at: Date | string;
}

/** 404 unless the domain is the company's. */
export async function ownDomain(q: Queryable, companyId: string, domainId: string) {
  const [row] = await q.query('select 1 from cookie_domains where company_id = $1 and id = $2', [companyId, domainId]);
  if (!row) throw new ApiError(404, 'cookie_domain_not_found');
}

/** The seals' filter: the company's, of one domain when named, within the days when given. */
type DigestFilter = Omit<CookieDigestQuery, 'domainId'> & { domainId?: string };
function digestWhere(companyId: string, query: DigestFilter) {
  const params: unknown[] = [companyId];
  let where = 'company_id = $1';
  if (query.domainId) where += ` and domain_id = $${params.push(query.domainId)}`;
  if (query.from) where += ` and day >= $${params.push(query.from)}`;
  if (query.to) where += ` and day <= $${params.push(query.to)}`;
  return { where, params };
}

async function digestRows(q: Queryable, companyId: string, query: DigestFilter, order: 'asc' | 'desc', page?: { limit: number; offset: number }) {
  const { where, params } = digestWhere(companyId, query);
  const paged = page ? ` limit $${params.push(page.limit)} offset $${params.push(page.offset)}` : '';
  return q.query<DigestRow>(
    `select domain_id, to_char(day, 'YYYY-MM-DD') as day, rows, rows_hash, prev_hash, hash, sealed_at
       from cookie_log_digests where ${where} order by day ${order}, domain_id${paged}`,
    params,
  );
}

const toDigest = (r: DigestRow): CookieDigest => ({
  domainId: r.domain_id,
  day: r.day,
  rows: Number(r.rows),
  rowsHash: r.rows_hash,
  prevHash: r.prev_hash,
  hash: r.hash,
  sealedAt: new Date(r.sealed_at).toISOString(),
});

/** How many problems a verification names (the first ones, by day). */
const PROBLEMS_SHOWN = 50;

/**
 * Recomputes a domain's seals (all, or those of `from`–`to`): each day's link to the one before, no day
 * left out, and each day's rows from the log as it is now (the days whose month the retention removed:
 * their links only).
 */
export async function verifyCookieLog(db: Queryable, companyId: string, query: CookieDigestQuery): Promise<CookieVerifyReply> {
  await ownDomain(db, companyId, query.domainId);
  const seals = await digestRows(db, companyId, query, 'asc');
  const reply: CookieVerifyReply = { ok: true, days: seals.length, rows: 0, expiredDays: 0, lastDay: null, lastHash: null, problems: [] };
  if (!seals.length) return reply;
  const problem = (day: string, kind: CookieDigestProblem) => {
    reply.ok = false;
    if (reply.problems.length < PROBLEMS_SHOWN) reply.problems.push({ day, problem: kind });
  };

  // the links: into the range from the seal before it (or the domain's start), then day after day
  const [before] = await db.query<{ hash: string }>(
    'select hash from cookie_log_digests where company_id = $1 and domain_id = $2 and day < $3 order by day desc limit 1',
    [companyId, query.domainId, seals[0].day],
  );
  let expected = before?.hash ?? genesisHash(query.domainId);
  let previousDay: string | undefined;
  for (const s of seals) {
    if (previousDay && s.day !== dayAfter(previousDay)) problem(dayAfter(previousDay), 'day_missing');
    if (s.prev_hash !== expected || s.hash !== linkHash(s.prev_hash, s.day, Number(s.rows), s.rows_hash)) problem(s.day, 'chain_broken');
    expected = s.hash;
    previousDay = s.day;
  }

  // the rows: one pass over the range's choices still kept, grouped by Bangkok day
  const [{ kept_from: keptFrom }] = await db.query<{ kept_from: string | null }>(
    `select to_char(min(to_date(substr(c.relname, 12), 'YYYYMM')), 'YYYY-MM-DD') as kept_from
       from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'cookie_log'::regclass and c.relname ~ '^cookie_log_\\d{6}$'`,
  );
  const first = keptFrom && keptFrom > seals[0].day ? keptFrom : seals[0].day;
  const lastDay = seals[seals.length - 1].day;
  const recomputed = new Map<string, { rows: number; hash: string }>();
  if (keptFrom && first <= lastDay) {
    const days = await db.query<{ day: string; rows: string; rows_hash: string }>(
      `select day, count(*) as rows, encode(sha256(convert_to(string_agg(h, E'\\n' order by h), 'UTF8')), 'hex') as rows_hash
         from (select to_char(l.created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day,
                      encode(sha256(convert_to(cookie_log_line(l.created_at, l.visitor_id, l.version, l.method, l.choices,
                                                               l.path, l.lang, l.gpc, l.browser, l.ip_hash), 'UTF8')), 'hex') as h
                 from cookie_log l
                where l.company_id = $1 and l.domain_id = $2
                  and l.created_at >= ($3::date::timestamp at time zone 'Asia/Bangkok')
                  and l.created_at < (($4::date + 1)::timestamp at time zone 'Asia/Bangkok')) x
        group by day`,
      [companyId, query.domainId, first, lastDay],
    );
    for (const d of days) recomputed.set(d.day, { rows: Number(d.rows), hash: d.rows_hash });
  }
  for (const s of seals) {
    if (!keptFrom || s.day < keptFrom) {
      reply.expiredDays++;
      continue;
    }
    const now = recomputed.get(s.day) ?? { rows: 0, hash: EMPTY_DAY };
    reply.rows += now.rows;
    if (now.rows !== Number(s.rows) || now.hash !== s.rows_hash) problem(s.day, 'rows_changed');
  }
  reply.problems.sort((a, b) => a.day.localeCompare(b.day));
  reply.lastDay = lastDay;
  reply.lastHash = seals[seals.length - 1].hash;
  return reply;
}

/** The seals as CSV: the day as the screen shows it and in ISO, the counts and hashes, when it was sealed. */
function digestCsv(rows: DigestRow[], lang: 'th' | 'en') {
  const h = cookieTexts[lang].cookie.proof.csv;
  let out = CSV_BOM + csvLine([h.day, h.dayIso, h.rows, h.rowsHash, h.prevHash, h.hash, h.sealedAt, h.sealedAtIso]);
  for (const r of rows) {
    const sealed = new Date(r.sealed_at);
    out += csvLine([formatDate(r.day, lang), r.day, r.rows, r.rows_hash, r.prev_hash, r.hash, formatMoment(sealed, lang), sealed.toISOString()]);
  }
  return out;
}

export const cookieDigestRoutes = [
  route({
    method: 'GET',
    url: '/cookie/log/digests',
    access,
    query: cookieDigestListQuery,
    reply: z.object({ digestList: z.array(z.unknown()), totalItem: z.number() }),
    handler: async ({ db, session, query }) => {
      if (query.domainId) await ownDomain(db, session.companyId, query.domainId);
      const rows = await digestRows(db, session.companyId, query, 'desc', { limit: query.limit, offset: pageOffset(query) });
      const { where, params } = digestWhere(session.companyId, query);
      const [{ n }] = await db.query<{ n: string }>(`select count(*) as n from cookie_log_digests where ${where}`, params);
      return { digestList: rows.map(toDigest), totalItem: Number(n) };
    },
  }),

  route({
    method: 'GET',
    url: '/cookie/log/digests/export',
    access,
    query: cookieDigestQuery,
    handler: async ({ db, session, query, reply, lang }) => {
      await ownDomain(db, session.companyId, query.domainId);
      const rows = await digestRows(db, session.companyId, query, 'asc');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="cookie-consent-log-seals.csv"')
        .send(Readable.from([digestCsv(rows, lang)]));
      return undefined;
    },
  }),

  // recomputes the seals from the log: a read, though it may take a while over a long range
  route({
    method: 'POST',
    url: '/cookie/log/verify',
    access,
    body: cookieVerifyBody,
    reply: z.object({ verification: z.unknown() }),
    handler: async ({ db, session, body }) => ({ verification: await verifyCookieLog(db, session.companyId, body) }),
  }),
];
