import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl, DEFAULT_SCAN_LIMITS, type CrawlResult } from './crawl';
import { startTestSite, type TestSite } from './testSite';

/**
 * The scanner on a real local site in the system's Chromium (testSite.ts: cookies by header and by
 * script, linked pages and a page only its sitemap names, storage keys, a third-party host, a banner
 * whose "accept all" sets one more).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let site: TestSite;
let siteHost = '';
beforeAll(async () => {
  site = await startTestSite();
  siteHost = site.host;
});
afterAll(() => site?.close());

const limits = { ...DEFAULT_SCAN_LIMITS, settleMs: 300, totalMs: 60_000 };
const cookie = (r: CrawlResult, name: string) => r.cookies.find((c) => c.name === name);

describe('the cookie scanner on a local site', () => {
  it('finds every cookie and storage key, says who set it and whether it came before consent, and stays on the site', async () => {
    const r = await crawl({ host: siteHost, includeSubdomains: false, allowPrivate: true, executablePath: CHROMIUM, limits });
    expect(r.pages.map((p) => new URL(p).pathname).sort()).toEqual(['/', '/about', '/hidden']);
    expect(r.offSite).toBe(0); // the off-site link is never queued
    expect(cookie(r, 'site_session')).toMatchObject({ setBy: 'header', firstParty: true, beforeConsent: true, expiresDays: null });
    expect(cookie(r, '_ga')).toMatchObject({ setBy: 'script', beforeConsent: true, kind: 'cookie' });
    expect(cookie(r, '_ga')!.expiresDays).toBe(400); // Chromium caps a cookie at 400 days
    expect(cookie(r, '_fbp')).toMatchObject({ setBy: 'script', beforeConsent: true });
    expect(cookie(r, 'hidden_cookie')).toMatchObject({ setBy: 'header', expiresDays: 1, page: `http://${siteHost}/hidden` });
    expect(cookie(r, 'ls_pref')).toMatchObject({ kind: 'localStorage' });
    expect(cookie(r, '_hjSession_1')).toMatchObject({ kind: 'sessionStorage', page: `http://${siteHost}/about` });
    // pressed "accept all": what came after is not "before consent"
    expect(r.consentGiven).toBe(true);
    expect(cookie(r, 'after_consent')).toMatchObject({ beforeConsent: false });
    expect(cookie(r, 'pdpa_cc')).toMatchObject({ beforeConsent: false });
    expect(r.hosts).toEqual([expect.objectContaining({ host: '127.0.0.1', beforeConsent: true })]);
    expect(r.stoppedBy).toBeNull();
  }, 90_000);

  it('stops at its page limit', async () => {
    const r = await crawl({
      host: siteHost,
      includeSubdomains: false,
      allowPrivate: true,
      executablePath: CHROMIUM,
      limits: { ...limits, pages: 1 },
    });
    expect(r.pages).toHaveLength(1);
    expect(r.stoppedBy).toBe('pages');
  }, 60_000);

  it('reaches no loopback or private address outside tests, whatever the site asks', async () => {
    const r = await crawl({
      host: siteHost,
      includeSubdomains: false,
      allowPrivate: false,
      executablePath: CHROMIUM,
      limits: { ...limits, pageMs: 5_000 },
    });
    expect(r.pages).toEqual([]);
    expect(r.cookies).toEqual([]);
    expect(r.failed.length).toBeGreaterThan(0);
  }, 60_000);
});
