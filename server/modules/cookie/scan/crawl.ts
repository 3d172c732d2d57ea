import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startEgress } from './egress';

/** How far one scan may go. */
export interface ScanLimits {
  /** pages visited (the 50) */
  pages: number;
  /** the whole scan, in ms */
  totalMs: number;
  /** one page's load, in ms */
  pageMs: number;
  /** bytes received from the sites, all pages together */
  bytes: number;
  /** how long a page is watched after its load event for late scripts, in ms */
  settleMs: number;
}

export const DEFAULT_SCAN_LIMITS: ScanLimits = { pages: 50, totalMs: 180_000, pageMs: 20_000, bytes: 50 * 1024 * 1024, settleMs: 1_500 };

export interface CrawlOptions {
  host: string;
  includeSubdomains: boolean;
  /** tests and a developer's machine: plain http, loopback and private addresses */
  allowPrivate: boolean;
  executablePath: string;
  limits: ScanLimits;
  /** cuts the scan short (the server stopping): the browser is closed */
  signal?: AbortSignal;
}

export interface FoundCookie {
  name: string;
  domain: string;
  kind: 'cookie' | 'localStorage' | 'sessionStorage';
  /** a cookie's origin: a Set-Cookie header of some reply, or else a script */
  setBy: 'header' | 'script' | null;
  /** whole days until it expires; null for a session cookie or a storage key */
  expiresDays: number | null;
  /** set on the site's own host (or a parent domain of it), not by another site */
  firstParty: boolean;
  /** found before any consent was given (the scanner gives none until its last step) */
  beforeConsent: boolean;
  /** the page it first appeared on (the browser keeps it for the pages after) */
  page: string;
}

export interface FoundHost {
  host: string;
  requests: number;
  beforeConsent: boolean;
}

export interface CrawlResult {
  startUrl: string;
  pages: string[];
  /** links and redirects that led off the registered host, not followed */
  offSite: number;
  /** pages that failed to load, with why */
  failed: { url: string; reason: string }[];
  /** the product's banner was on the first page and its "accept all" was pressed */
  consentGiven: boolean;
  /** hosts the browser was not let reach (private, loopback, another port) */
  refused: string[];
  bytes: number;
  stoppedBy: 'pages' | 'time' | 'bytes' | null;
  cookies: FoundCookie[];
  hosts: FoundHost[];
}

const DAY = 86_400_000;
/** pages looked at again once consent is given, the first included */
const AFTER_CONSENT_PAGES = 5;
/** links kept waiting at most (a site's sitemap may list thousands) */
const QUEUE_LIMIT = 1_000;

/**
 * Visits the registered host's pages in headless Chromium, up to the limits: first its sitemap's
 * addresses and the first page, then the links found, never a page of another host. Every cookie
 * (with where it came from) and every storage key set, and every other host the pages called, are
 * recorded as "before consent" — no choice is made on any banner — then, when the product's own
 * banner is on the first page, its "accept all" is pressed and a few pages are seen again: what
 * appears only then was held back until consent, as it should be.
 */
export async function crawl(o: CrawlOptions): Promise<CrawlResult> {
  const started = Date.now();
  const scheme = o.allowPrivate ? 'http' : 'https';
  const startUrl = `${scheme}://${o.host}/`;
  const onSite = (text: string) => {
    try {
      const u = new URL(text);
      const host = u.host.toLowerCase();
      return (
        (u.protocol === 'https:' || (o.allowPrivate && u.protocol === 'http:')) &&
        (host === o.host || (o.includeSubdomains && host.endsWith('.' + o.host)))
      );
    } catch {
      return false;
    }
  };
  const siteName = o.host.replace(/:\d+$/, '');
  const isFirstParty = (domain: string) => {
    const d = domain.replace(/^\./, '').toLowerCase();
    return d === siteName || siteName.endsWith('.' + d) || d.endsWith('.' + siteName);
  };

  const egress = await startEgress(o.allowPrivate, o.limits.bytes);
  const browser = await chromium.launch({
    executablePath: o.executablePath,
    headless: true,
    // every connection through the egress (Playwright adds `<-loopback>`, so loopback goes there too);
    // WebRTC may not go around it
    proxy: { server: egress.server },
    args: ['--force-webrtc-ip-handling-policy=disable_non_proxied_udp', '--disable-features=WebRtcHideLocalIpsWithMdns'],
  });
  const onAbort = () => void browser.close().catch(() => {});
  o.signal?.addEventListener('abort', onAbort, { once: true });
  const cookies = new Map<string, FoundCookie>();
  const hosts = new Map<string, FoundHost>();
  const headerSet = new Set<string>();
  const pages: string[] = [];
  const failed: CrawlResult['failed'] = [];
  let offSite = 0;
  let consentGiven = false;
  let phase: 'before' | 'after' = 'before';
  let stoppedBy: CrawlResult['stoppedBy'] = null;

  const found = (key: string, make: () => Omit<FoundCookie, 'page' | 'beforeConsent'>, page: string) => {
    if (!cookies.has(key)) cookies.set(key, { ...make(), beforeConsent: phase === 'before', page });
  };
  const collect = async (context: BrowserContext, page: Page, url: string) => {
    for (const c of await context.cookies()) {
      found(
        `cookie|${c.name}|${c.domain}`,
        () => ({
          name: c.name,
          domain: c.domain.replace(/^\./, ''),
          kind: 'cookie',
          setBy: headerSet.has(`${c.name}|${c.domain.replace(/^\./, '')}`) || headerSet.has(`${c.name}|*`) ? 'header' : 'script',
          expiresDays: c.expires > 0 ? Math.max(0, Math.round((c.expires * 1000 - Date.now()) / DAY)) : null,
          firstParty: isFirstParty(c.domain),
        }),
        url,
      );
    }
    const storage = await page
      .evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }))
      .catch(() => ({ local: [] as string[], session: [] as string[] }));
    const domain = new URL(url).hostname;
    for (const [kind, names] of [
      ['localStorage', storage.local],
      ['sessionStorage', storage.session],
    ] as const)
      for (const name of names)
        found(`${kind}|${name}|${domain}`, () => ({ name, domain, kind, setBy: null, expiresDays: null, firstParty: true }), url);
  };
  const outOfBudget = () => {
    if (o.signal?.aborted) stoppedBy = 'time';
    else if (Date.now() - started > o.limits.totalMs) stoppedBy = 'time';
    else if (egress.received() > o.limits.bytes) stoppedBy = 'bytes';
    return stoppedBy !== null;
  };

  try {
    const context = await browser.newContext({ serviceWorkers: 'block', locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
    const page = await context.newPage();
    context.on('request', (req) => {
      let host: string;
      try {
        host = new URL(req.url()).hostname.toLowerCase();
      } catch {
        return;
      }
      if (!host || isFirstParty(host)) return;
      const h = hosts.get(host) ?? { host, requests: 0, beforeConsent: false };
      h.requests++;
      if (phase === 'before') h.beforeConsent = true;
      hosts.set(host, h);
    });
    context.on('response', (res) => {
      const host = (() => {
        try {
          return new URL(res.url()).hostname.toLowerCase();
        } catch {
          return '';
        }
      })();
      res
        .headerValues('set-cookie')
        .then((values) => {
          for (const line of values.flatMap((v) => v.split('\n'))) {
            const name = line.split('=')[0]?.trim();
            if (!name) continue;
            const domain = /;\s*domain=\.?([^;]+)/i.exec(line)?.[1]?.trim().toLowerCase();
            headerSet.add(`${name}|${domain ?? host}`);
          }
        })
        .catch(() => {});
    });
    // a page of the site may not take the browser to another host
    await page.route('**/*', (route) => {
      const req = route.request();
      if (req.isNavigationRequest() && req.frame() === page.mainFrame() && /^https?:/.test(req.url()) && !onSite(req.url())) {
        offSite++;
        return route.abort('blockedbyclient');
      }
      return route.continue();
    });

    const queue: string[] = [startUrl];
    const seen = new Set<string>([startUrl]);
    const enqueue = (href: string) => {
      try {
        const u = new URL(href);
        u.hash = '';
        const text = u.toString();
        if (!onSite(text)) return;
        if (seen.has(text) || queue.length >= QUEUE_LIMIT) return;
        seen.add(text);
        queue.push(text);
      } catch {
        /* not an address */
      }
    };
    // the sitemap's pages come after the first page, before the links found on pages
    try {
      const res = await page.goto(`${startUrl}sitemap.xml`, { timeout: o.limits.pageMs });
      if (res?.ok()) for (const m of (await res.text()).matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)) enqueue(m[1]!.replace(/&amp;/g, '&'));
    } catch {
      /* no sitemap: the links will do */
    }
    await context.clearCookies();

    while (queue.length && !outOfBudget()) {
      if (pages.length >= o.limits.pages) {
        stoppedBy = 'pages';
        break;
      }
      const url = queue.shift()!;
      try {
        await page.goto(url, { waitUntil: 'load', timeout: Math.min(o.limits.pageMs, Math.max(1_000, o.limits.totalMs - (Date.now() - started))) });
      } catch (err) {
        failed.push({
          url,
          reason: String((err as Error).message)
            .split('\n')[0]!
            .slice(0, 200),
        });
        continue;
      }
      const landed = page.url();
      if (!onSite(landed)) {
        offSite++;
        continue;
      }
      await page.waitForTimeout(o.limits.settleMs);
      pages.push(landed);
      await collect(context, page, landed);
      const links = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href)).catch(() => [] as string[]);
      links.forEach(enqueue);
    }

    // consent: the product's banner on the first page, "accept all"
    if (!outOfBudget() && pages.length) {
      try {
        await page.goto(pages[0]!, { waitUntil: 'load', timeout: o.limits.pageMs });
        const accept = page.locator('button[data-act="accept"]').first();
        await accept.click({ timeout: 5_000 });
        consentGiven = true;
        phase = 'after';
        await page.waitForTimeout(o.limits.settleMs);
        await collect(context, page, pages[0]!);
        for (const url of pages.slice(0, AFTER_CONSENT_PAGES)) {
          if (outOfBudget()) break;
          await page.goto(url, { waitUntil: 'load', timeout: o.limits.pageMs }).catch(() => null);
          await page.waitForTimeout(o.limits.settleMs);
          await collect(context, page, url);
        }
      } catch {
        /* no banner of ours, or it could not be used: everything found stays "before consent" */
      }
    }
    await context.close();
  } catch (err) {
    if (!o.signal?.aborted) throw err;
  } finally {
    o.signal?.removeEventListener('abort', onAbort);
    await browser.close().catch(() => {});
    await egress.close();
  }
  return {
    startUrl,
    pages,
    offSite,
    failed: failed.slice(0, 50),
    consentGiven,
    refused: egress.refused().slice(0, 50),
    bytes: egress.received(),
    stoppedBy,
    cookies: [...cookies.values()],
    hosts: [...hosts.values()].sort((a, b) => b.requests - a.requests).slice(0, 200),
  };
}
