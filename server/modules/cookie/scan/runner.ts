import { existsSync } from 'node:fs';
import { COOKIE_SCAN_EVERY_DAYS, type CookieScanReport } from '../../../../contract/cookieScan';
import type { CookieSettings } from '../../../../contract/cookie';
import type { ServerConfig } from '../../../config';
import type { Db, Queryable } from '../../../db/client';
import { crawl, DEFAULT_SCAN_LIMITS, type CrawlResult, type ScanLimits } from './crawl';
import { nameMatches, trackerOfHost, trackerOfName } from './trackers';

/**
 * What a crawl found, judged against the site's published banner: which category declares each
 * cookie, which known service it belongs to, and what was set before consent though its category
 * (the declared one, else the known service's) is not "necessary". A known analytics or advertising
 * host called before consent counts too (a tag manager does not: it loads the others, and under
 * Consent Mode it should).
 */
export function judge(found: CrawlResult, settings: CookieSettings | null, version: number): CookieScanReport {
  // the banner's own cookie needs no declaring: the product sets it, as strictly necessary
  const declaredIn = (name: string) =>
    name === BANNER_COOKIE ? 'necessary' : (settings?.categories.find((c) => c.cookies.some((k) => nameMatches(k.name, name)))?.key ?? null);
  const findings = found.cookies.map((c) => {
    const tracker = trackerOfName(c.name);
    const declared = declaredIn(c.name);
    const category = declared ?? tracker?.category ?? null;
    return {
      ...c,
      provider: tracker?.provider ?? null,
      purpose: tracker?.purpose ?? null,
      proposed: tracker?.category ?? null,
      declared,
      firedEarly: c.beforeConsent && category !== null && category !== 'necessary',
    };
  });
  const hosts = found.hosts.map((h) => {
    const tracker = trackerOfHost(h.host);
    return {
      ...h,
      provider: tracker?.provider ?? null,
      proposed: tracker?.category ?? null,
      firedEarly: h.beforeConsent && (tracker?.category === 'analytics' || tracker?.category === 'marketing'),
    };
  });
  const order = (f: { firedEarly: boolean; declared: string | null; name: string }) => `${f.firedEarly ? 0 : 1}${f.declared ? 1 : 0}${f.name}`;
  return {
    startUrl: found.startUrl,
    pages: found.pages,
    offSite: found.offSite,
    failed: found.failed,
    consentGiven: found.consentGiven,
    refused: found.refused,
    bytes: found.bytes,
    stoppedBy: found.stoppedBy,
    version,
    findings: findings.sort((a, b) => order(a).localeCompare(order(b))),
    hosts,
  };
}

/** Why a scan could not run, as a message key of i18n/server.ts. */
export class ScanFailure extends Error {
  constructor(readonly key: 'cookie_scan_no_browser' | 'cookie_scan_unreachable' | 'cookie_scan_interrupted' | 'cookie_scan_error') {
    super(key);
  }
}

interface Claimed {
  id: string;
  company_id: string;
  domain_id: string;
  host: string;
  include_subdomains: boolean;
  version: number | null;
  settings: CookieSettings | null;
}

/** A scan still "running" after this long belongs to a process that died: it is failed, and may be asked again. */
const LEASE_MINUTES = 10;

/**
 * Takes the oldest waiting scan (`for update skip locked`: each is run by one server process), runs it
 * and writes its report or why it failed; returns whether there was one. The site's registered host
 * is all it visits; what the crawl found that no category declares is added to the domain's
 * undeclared cookies, for staff to sort as they sort those the banner reports.
 */
export async function runNextScan(db: Db, config: ServerConfig, limits: Partial<ScanLimits> = {}, signal?: AbortSignal): Promise<boolean> {
  await db.query(
    `update cookie_scans set status = 'failed', error = 'cookie_scan_interrupted', finished_at = now()
      where status = 'running' and started_at < now() - interval '${LEASE_MINUTES} minutes'`,
  );
  const [scan] = await db.query<Claimed>(
    `with next as (select id from cookie_scans where status = 'queued' order by requested_at limit 1 for update skip locked),
     taken as (update cookie_scans s set status = 'running', started_at = now() from next where s.id = next.id
               returning s.id, s.company_id, s.domain_id)
     select t.id, t.company_id, t.domain_id, d.host, d.include_subdomains, v.version, v.settings
       from taken t join cookie_domains d on d.id = t.domain_id
       left join lateral (select version, settings from cookie_versions v where v.domain_id = d.id order by version desc limit 1) v on true`,
  );
  if (!scan) return false;
  try {
    if (!existsSync(config.cookieScan.chromiumPath)) throw new ScanFailure('cookie_scan_no_browser');
    const found = await crawl({
      host: scan.host,
      includeSubdomains: scan.include_subdomains,
      allowPrivate: config.cookieScan.allowPrivate,
      executablePath: config.cookieScan.chromiumPath,
      limits: { ...DEFAULT_SCAN_LIMITS, pages: config.cookieScan.pages, ...limits },
      signal,
    });
    if (signal?.aborted) throw new ScanFailure('cookie_scan_interrupted');
    if (!found.pages.length) throw new ScanFailure('cookie_scan_unreachable');
    const report = judge(found, scan.settings, scan.version ?? 0);
    await db.tx(async (q) => {
      await q.query(
        `update cookie_scans set status = 'done', finished_at = now(), pages = $2, report = $3, error = null where id = $1 and status = 'running'`,
        [scan.id, report.pages.length, JSON.stringify(report)],
      );
      await noteUndeclared(q, scan, report);
    });
  } catch (err) {
    const key = err instanceof ScanFailure ? err.key : 'cookie_scan_error';
    await db.query(`update cookie_scans set status = 'failed', finished_at = now(), error = $2 where id = $1 and status = 'running'`, [scan.id, key]);
    if (!(err instanceof ScanFailure)) throw err;
  }
  return true;
}

/** the banner's cookie (banner/main.ts) */
const BANNER_COOKIE = 'pdpa_cc';
/** what a category may declare (contract/cookie.ts's cookieDeclaration): other names are shown in the report only */
const DECLARABLE = /^[!#$%&'+\-.^_`|~0-9A-Za-z]{1,100}$/;

async function noteUndeclared(q: Queryable, scan: Claimed, report: CookieScanReport) {
  const names = [...new Set(report.findings.filter((f) => f.kind === 'cookie' && !f.declared && DECLARABLE.test(f.name)).map((f) => f.name))];
  if (!names.length) return;
  await q.query(
    `insert into cookie_undeclared (domain_id, name, company_id) select $1, n, $2 from unnest($3::text[]) n
     on conflict (domain_id, name) do update set last_seen = now(), seen = cookie_undeclared.seen + 1`,
    [scan.domain_id, scan.company_id, names],
  );
}

/**
 * The weekly scans: a site scanned before (the first scan is asked by a person) whose last scan was
 * asked more than COOKIE_SCAN_EVERY_DAYS ago is queued again. The unique index on waiting and running
 * scans keeps several processes from queueing one site twice.
 */
export async function queueWeeklyScans(q: Queryable): Promise<number> {
  const rows = await q.query(
    `insert into cookie_scans (company_id, domain_id)
     select d.company_id, d.id from cookie_domains d
      where exists (select 1 from cookie_scans s where s.domain_id = d.id)
        and not exists (select 1 from cookie_scans s where s.domain_id = d.id and s.requested_at > now() - interval '${COOKIE_SCAN_EVERY_DAYS} days')
        and exists (select 1 from cookie_versions v where v.domain_id = d.id)
     on conflict do nothing returning id`,
  );
  return rows.length;
}

/** How often a server process looks for waiting scans. */
export const SCAN_POLL_MS = 3_000;

/** Runs waiting scans one at a time in this process, and queues the weekly ones hourly; returns the stop function. */
export function startScanWorker(db: Db, config: ServerConfig, log: (error: unknown) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  let scheduledAt = 0;
  const abort = new AbortController();
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      if (Date.now() - scheduledAt > 3_600_000) {
        scheduledAt = Date.now();
        await queueWeeklyScans(db);
      }
      while (!stopped && (await runNextScan(db, config, {}, abort.signal)));
    })()
      .catch(log)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, SCAN_POLL_MS);
  timer.unref();
  wakers.add(tick);
  return async () => {
    stopped = true;
    wakers.delete(tick);
    clearInterval(timer);
    // a scan under way is cut short (its browser closed) and failed as interrupted
    abort.abort();
    await running;
  };
}

const wakers = new Set<() => void>();
/** A scan just asked for starts now rather than at the next poll (in this process, if its worker runs). */
export const wakeScanWorker = () => wakers.forEach((wake) => wake());
