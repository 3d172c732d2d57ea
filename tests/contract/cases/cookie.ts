import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { defaultCookieSettings, type CookieBannerConfig, type CookieReceipt, type CookieSettings } from '../../../contract/cookie';
import { expectFailure, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { formatMoment } from '../../../i18n/dates';

/**
 * Cookie consent (menu 9): domains and settings, publishing versions, the banner's public
 * configuration and beacon (CORS for registered origins only; a malformed or oversized beacon is
 * refused and stores nothing), the consent log, tenant isolation and rights.
 */
export function cookieCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const siam = () => ctx.siamAdmin.access_token;
  const viewer = () => ctx.demoViewer.access_token;
  const contact = () => ctx.demoContact.access_token;
  const ORIGIN = 'https://shop.cookie-contract.example';

  const made = { domainId: '' };
  /** The cases' own domain (sub-domains allowed), published once. */
  const theDomain = async () => {
    if (!made.domainId) {
      const reply = await ctx.api.post(
        '/cookie/domain',
        { host: 'cookie-contract.example', name: 'ทดสอบ', includeSubdomains: true },
        { token: admin() },
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      made.domainId = (reply.body as { data: { _id: string } }).data._id;
      const published = await ctx.api.post(`/cookie/setting/${made.domainId}/publish`, {}, { token: admin() });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
    }
    return made.domainId;
  };
  /** The token route's reply for a visitor, asked from `origin` as the banner asks. */
  const tokenReply = (domainId: string, visitorId: string, origin = ORIGIN) =>
    ctx.api.get(`/cookie/public/token/${domainId}?id=${visitorId}`, { headers: { origin } });
  const tokenFor = async (domainId: string, visitorId: string, origin = ORIGIN) => {
    const reply = await tokenReply(domainId, visitorId, origin);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body as { token: string }).token;
  };
  /** A choice as the banner sends it: with its visitor's token unless it names one (`t`) or is not an object. */
  const beacon = async (body: unknown, origin = ORIGIN) => {
    let sent = body;
    if (typeof body === 'object' && body !== null && !('t' in body)) {
      const { d, id } = body as { d?: unknown; id?: unknown };
      if (typeof d === 'string' && typeof id === 'string' && /^[0-9a-f-]{36}$/.test(d) && /^[0-9a-f-]{36}$/.test(id)) {
        // from the registered origin when the beacon's is not (the refusal must come from the beacon's own check)
        const asked = await tokenReply(d, id, origin);
        const token = asked.status === 200 ? (asked.body as { token: string }).token : await tokenFor(d, id);
        sent = { ...body, t: token };
      }
    }
    return ctx.api.post('/cookie/public/consent', undefined, {
      raw: typeof sent === 'string' ? sent : JSON.stringify(sent),
      headers: { 'content-type': 'text/plain', origin },
    });
  };
  const choice = (domainId: string, visitorId = randomUUID(), extra: Record<string, unknown> = {}) => ({
    d: domainId,
    v: 1,
    id: visitorId,
    m: 'custom',
    c: { necessary: true, functional: true, analytics: false, marketing: false },
    p: '/products?q=secret',
    l: 'th',
    ...extra,
  });
  const logOf = async (visitorId: string, token = admin()) => {
    const reply = await ctx.api.get(`/cookie/log?visitorId=${visitorId}`, { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body as { logList: { visitorId: string; method: string; choices: Record<string, boolean>; path: string }[] }).logList;
  };
  const statsTotal = async (domainId: string) => {
    const reply = await ctx.api.get(`/cookie/stats?domainId=${domainId}`, { token: admin() });
    expect(reply.status).toBe(200);
    return (reply.body as { days: { total: number }[] }).days.reduce((s, d) => s + d.total, 0);
  };

  rule.it("cookie consent: lists the company's domains, reads a domain's settings and versions, publishes a new version", async () => {
    const list = await ctx.api.get('/cookie/domain/list', { token: admin() });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const domains = (list.body as { domainList: { _id: string; host: string; version: number }[] }).domainList;
    const demo = domains.find((d) => d.host === 'www.demo-shop.co.th')!;
    expect(demo.version).toBeGreaterThanOrEqual(1);
    const setting = await ctx.api.get(`/cookie/setting/${demo._id}`, { token: admin() });
    expect(setting.status).toBe(200);
    const body = setting.body as { settings: CookieSettings; versions: { version: number }[] };
    expect(body.settings.categories[0].key).toBe('necessary');
    // the list names each domain's categories (the staff log and statistics show these names, not the keys)
    const named = (demo as unknown as { categories: { key: string; name: { th: string; en: string } }[] }).categories;
    expect(named.map((c) => c.key)).toEqual(body.settings.categories.map((c) => c.key));
    expect(named[0].name).toEqual({ th: body.settings.categories[0].name.th, en: body.settings.categories[0].name.en });
    const published = await ctx.api.post(`/cookie/setting/${demo._id}/publish`, {}, { token: admin() });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ version: body.versions[0].version + 1, reasks: false });
    expectFailure(await ctx.api.get(`/cookie/setting/${demo._id}`, { token: siam() }), 404);
    expectFailure(await ctx.api.post(`/cookie/setting/${demo._id}/publish`, {}, { token: viewer() }), 403);
    const log = await ctx.api.get(`/cookie/log?domainId=${demo._id}&method=reject_all&limit=5`, { token: admin() });
    expect(log.status).toBe(200);
    const rows = (log.body as { logList: { method: string }[]; hasMore: boolean }).logList;
    expect(rows.length).toBe(5);
    expect(rows.every((r) => r.method === 'reject_all')).toBe(true);
  });

  rule.describe('cookie consent', () => {
    rule.it('adds a domain with default Thai and English settings; a second one with the same host is refused (409)', async () => {
      const domainId = await theDomain();
      const setting = await ctx.api.get(`/cookie/setting/${domainId}`, { token: admin() });
      expect(setting.status).toBe(200);
      const s = (setting.body as { settings: CookieSettings }).settings;
      expect(s.categories.map((c) => c.key)).toEqual(['necessary', 'functional', 'analytics', 'marketing']);
      expect(s.texts.th.acceptAll).toBe('ยอมรับทั้งหมด');
      expect(s.reaskMonths).toBe(12);
      expectMessage(await ctx.api.post('/cookie/domain', { host: 'cookie-contract.example' }, { token: admin() }), 409, 'cookie_domain_exists');
    });

    rule.it('serves the published configuration with an ETag and a short cache, CORS only for the registered origin', async () => {
      const domainId = await theDomain();
      const ok = await ctx.api.get(`/cookie/public/config/${domainId}`, { headers: { origin: ORIGIN } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(ok.headers.get('cache-control')).toBe('public, max-age=60');
      const etag = ok.headers.get('etag')!;
      expect(etag).toBeTruthy();
      const again = await ctx.api.get(`/cookie/public/config/${domainId}`, { headers: { origin: ORIGIN, 'if-none-match': etag } });
      expect(again.status).toBe(304);
      const refused = await ctx.api.get(`/cookie/public/config/${domainId}`, { headers: { origin: 'https://evil.example' } });
      expectMessage(refused, 403, 'cookie_origin_refused');
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      // a look-alike host is not a sub-domain
      expectFailure(await ctx.api.get(`/cookie/public/config/${domainId}`, { headers: { origin: 'https://evilcookie-contract.example' } }), 403);
    });

    rule.it('stores a choice from the registered origin after commit: the page path without its query, in the log and the statistics', async () => {
      const domainId = await theDomain();
      const before = await statsTotal(domainId);
      const visitor = randomUUID();
      const reply = await beacon(choice(domainId, visitor));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      const rows = await logOf(visitor);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ method: 'custom', path: '/products', choices: { necessary: true, functional: true, analytics: false } });
      expect(await statsTotal(domainId)).toBe(before + 1);
    });

    rule.it('refuses a beacon from an unregistered origin (403) and stores nothing', async () => {
      const domainId = await theDomain();
      const visitor = randomUUID();
      const reply = await beacon(choice(domainId, visitor), 'https://evil.example');
      expectMessage(reply, 403, 'cookie_origin_refused');
      expect(reply.headers.get('access-control-allow-origin')).toBeNull();
      expect(await logOf(visitor)).toHaveLength(0);
    });

    rule.it('refuses malformed and oversized beacons with 400 and stores nothing', async () => {
      const domainId = await theDomain();
      const visitor = randomUUID();
      const before = await statsTotal(domainId);
      for (const bad of [
        'not json',
        '{"d":',
        { ...choice(domainId, visitor), m: 'whatever' },
        { ...choice(domainId, visitor), extra: 1 },
        { ...choice(domainId, visitor), c: { unknown_category: true } },
        { ...choice(domainId, visitor), v: 99 },
        { ...choice(domainId, visitor), m: 'gpc', c: { necessary: true, marketing: true } },
        { ...choice(domainId, visitor), p: '/' + 'x'.repeat(600) },
        { ...choice(domainId, visitor), u: Array.from({ length: 25 }, (_, i) => 'c'.repeat(150) + i) },
      ]) {
        expectMessage(await beacon(bad), 400, 'cookie_beacon_invalid');
      }
      // over 4 KB in all
      expectMessage(await beacon({ ...choice(domainId, visitor), p: '/' + 'x'.repeat(5000) }), 400, 'cookie_beacon_invalid');
      expectMessage(await beacon('{"pad":"' + 'y'.repeat(200_000) + '"}'), 400, 'cookie_beacon_invalid');
      expect(await logOf(visitor)).toHaveLength(0);
      expect(await statsTotal(domainId)).toBe(before);
    });

    rule.it('groups 50 concurrent choices and acknowledges each only once it is stored', async () => {
      const domainId = await theDomain();
      const before = await statsTotal(domainId);
      const visitors = Array.from({ length: 50 }, () => randomUUID());
      const replies = await Promise.all(
        visitors.map((v, i) =>
          beacon(choice(domainId, v, { m: i % 2 ? 'accept_all' : 'reject_all', c: { necessary: true, analytics: i % 2 === 1 } })),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual(visitors.map(() => 200));
      expect(await statsTotal(domainId)).toBe(before + 50);
      expect(await logOf(visitors[7])).toHaveLength(1);
    });

    rule.it('a new version that changes the categories asks again; one that only changes texts does not', async () => {
      const domainId = await theDomain();
      const s = defaultCookieSettings();
      s.texts.th.title = 'ข้อความใหม่';
      expect((await ctx.api.put(`/cookie/setting/${domainId}`, { settings: s }, { token: admin() })).status).toBe(200);
      const same = await ctx.api.post(`/cookie/setting/${domainId}/publish`, {}, { token: admin() });
      expect(same.body).toMatchObject({ reasks: false });
      const v = (same.body as { version: number }).version;
      s.categories.push({ key: 'chat', name: { th: 'แชต', en: 'Chat' }, description: { th: '', en: '' }, cookies: [], services: [] });
      expect((await ctx.api.put(`/cookie/setting/${domainId}`, { settings: s }, { token: admin() })).status).toBe(200);
      const changed = await ctx.api.post(`/cookie/setting/${domainId}/publish`, {}, { token: admin() });
      expect(changed.body).toMatchObject({ version: v + 1, consentVersion: v + 1, reasks: true });
      const config = await ctx.api.get(`/cookie/public/config/${domainId}`, { headers: { origin: ORIGIN } });
      expect(config.body).toMatchObject({ config: { version: v + 1, consentVersion: v + 1 } });
    });

    rule.it(
      'services inside a category: published to the banner; a choice naming one of them is logged, one naming an unknown service refused (400); a key twice refused (400)',
      async () => {
        const host = `services-${randomUUID().slice(0, 8)}.example`;
        const origin = `https://${host}`;
        const made = await ctx.api.post('/cookie/domain', { host, name: 'บริการ' }, { token: admin() });
        const domainId = (made.body as { data: { _id: string } }).data._id;
        const s = defaultCookieSettings();
        s.categories[3].services = [
          { key: 'google_ads', name: 'Google Ads' },
          { key: 'meta', name: 'Meta Pixel' },
        ];
        const twice = structuredClone(s);
        twice.categories[3].services.push({ key: 'meta', name: 'อีกครั้ง' });
        expectFailure(await ctx.api.put(`/cookie/setting/${domainId}`, { settings: twice }, { token: admin() }), 400);
        expect((await ctx.api.put(`/cookie/setting/${domainId}`, { settings: s }, { token: admin() })).status).toBe(200);
        expect((await ctx.api.post(`/cookie/setting/${domainId}/publish`, {}, { token: admin() })).status).toBe(200);
        const config = await ctx.api.get(`/cookie/public/config/${domainId}`, { headers: { origin } });
        const marketing = (config.body as { config: CookieBannerConfig }).config.categories.find((c) => c.key === 'marketing')!;
        expect(marketing.services).toEqual(s.categories[3].services);
        const visitor = randomUUID();
        const c = { necessary: true, functional: false, analytics: false, marketing: true, 'marketing.google_ads': true, 'marketing.meta': false };
        expect((await beacon({ ...choice(domainId, visitor), c }, origin)).status).toBe(200);
        expect((await logOf(visitor))[0].choices).toEqual(c);
        expectMessage(await beacon({ ...choice(domainId, visitor), c: { ...c, 'marketing.tiktok': true } }, origin), 400, 'cookie_beacon_invalid');
        expectMessage(await beacon({ ...choice(domainId, visitor), c: { ...c, 'analytics.meta': true } }, origin), 400, 'cookie_beacon_invalid');
        // the staff list names the services with their category
        const list = await ctx.api.get('/cookie/domain/list', { token: admin() });
        const listed = (
          list.body as { domainList: Array<{ _id: string; categories: Array<{ key: string; services?: unknown[] }> }> }
        ).domainList.find((d) => d._id === domainId)!;
        expect(listed.categories.find((k) => k.key === 'marketing')!.services).toHaveLength(2);
      },
    );

    rule.it(
      'a new service in a category asks again; so does a publish that asks everyone again (the policy changed); a plain one does not',
      async () => {
        const host = `reask-${randomUUID().slice(0, 8)}.example`;
        const made = await ctx.api.post('/cookie/domain', { host, name: 'ถามใหม่' }, { token: admin() });
        const domainId = (made.body as { data: { _id: string } }).data._id;
        const publish = async (body: unknown = {}) => {
          const reply = await ctx.api.post(`/cookie/setting/${domainId}/publish`, body, { token: admin() });
          expect(reply.status, JSON.stringify(reply.body)).toBe(200);
          return reply.body as { version: number; consentVersion: number; reasks: boolean };
        };
        expect(await publish()).toMatchObject({ version: 1, consentVersion: 1 });
        expect(await publish()).toMatchObject({ version: 2, consentVersion: 1, reasks: false });
        expect(await publish({ reaskAll: true })).toMatchObject({ version: 3, consentVersion: 3, reasks: true });
        const s = defaultCookieSettings();
        s.categories[2].services = [{ key: 'hotjar', name: 'Hotjar' }];
        expect((await ctx.api.put(`/cookie/setting/${domainId}`, { settings: s }, { token: admin() })).status).toBe(200);
        expect(await publish()).toMatchObject({ version: 4, consentVersion: 4, reasks: true });
        expectFailure(await ctx.api.post(`/cookie/setting/${domainId}/publish`, { reaskAll: 'yes' }, { token: admin() }), 400);
      },
    );

    rule.it('refuses settings whose colours fail AA contrast, or whose first category is not necessary (400)', async () => {
      const domainId = await theDomain();
      const s = defaultCookieSettings();
      expectFailure(
        await ctx.api.put(`/cookie/setting/${domainId}`, { settings: { ...s, colors: { ...s.colors, text: '#eeeeee' } } }, { token: admin() }),
        400,
      );
      expectFailure(
        await ctx.api.put(`/cookie/setting/${domainId}`, { settings: { ...s, categories: s.categories.slice(1) } }, { token: admin() }),
        400,
      );
    });

    rule.it("keeps each company's domains, settings and log to itself", async () => {
      const domainId = await theDomain();
      const visitor = randomUUID();
      expect((await beacon(choice(domainId, visitor))).status).toBe(200);
      expectFailure(await ctx.api.get(`/cookie/setting/${domainId}`, { token: siam() }), 404);
      expectFailure(await ctx.api.put(`/cookie/setting/${domainId}`, { settings: defaultCookieSettings() }, { token: siam() }), 404);
      expectFailure(await ctx.api.post(`/cookie/setting/${domainId}/publish`, {}, { token: siam() }), 404);
      expectFailure(await ctx.api.delete(`/cookie/domain?dataId=${domainId}`, { token: siam() }), 404);
      const list = await ctx.api.get('/cookie/domain/list', { token: siam() });
      expect((list.body as { domainList: { _id: string }[] }).domainList.map((d) => d._id)).not.toContain(domainId);
      expect(await logOf(visitor, siam())).toHaveLength(0);
      expect(await logOf(visitor)).toHaveLength(1);
      const stats = await ctx.api.get(`/cookie/stats?domainId=${domainId}`, { token: siam() });
      expect((stats.body as { days: unknown[] }).days).toHaveLength(0);
    });

    rule.it('menu 9: a viewer reads but cannot change; a role without the menu is refused', async () => {
      const domainId = await theDomain();
      expect((await ctx.api.get('/cookie/domain/list', { token: viewer() })).status).toBe(200);
      expect((await ctx.api.get(`/cookie/log?domainId=${domainId}`, { token: viewer() })).status).toBe(200);
      expectFailure(await ctx.api.post('/cookie/domain', { host: 'viewer.example' }, { token: viewer() }), 403);
      expectFailure(await ctx.api.post(`/cookie/setting/${domainId}/publish`, {}, { token: viewer() }), 403);
      expectFailure(await ctx.api.get('/cookie/domain/list', { token: contact() }), 403);
      expectFailure(await ctx.api.get(`/cookie/log`, { token: contact() }), 403);
      expectFailure(await ctx.api.get('/cookie/domain/list'), 401);
    });

    rule.it("a visitor's choice marks the banner seen on its site, even when its configuration came from a cache", async () => {
      const host = `seen-${randomUUID().slice(0, 8)}.example`;
      const made = await ctx.api.post('/cookie/domain', { host, name: 'เห็นจากการเลือก' }, { token: admin() });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const domainId = (made.body as { data: { _id: string } }).data._id;
      expect((await ctx.api.post(`/cookie/setting/${domainId}/publish`, {}, { token: admin() })).status).toBe(200);
      const lastSeen = async () =>
        (await ctx.api.get('/cookie/domain/list', { token: admin() })).body.domainList.find((d: { _id: string }) => d._id === domainId).lastSeenAt;
      expect(await lastSeen()).toBeNull();
      expect((await beacon(choice(domainId), `https://${host}`)).status).toBe(200);
      // written in the background, a moment after the reply
      let seen: string | null = null;
      for (let i = 0; i < 30 && !seen; i++) {
        seen = await lastSeen();
        if (!seen) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).not.toBeNull();
      expect(Date.now() - Date.parse(seen!)).toBeLessThan(60_000);
    });

    rule.it("refuses a choice without its visitor's token (403): none, forged, another visitor's or another domain's; stores nothing", async () => {
      const domainId = await theDomain();
      const visitor = randomUUID();
      const before = await statsTotal(domainId);
      const other = await tokenFor(domainId, randomUUID());
      const good = await tokenFor(domainId, visitor);
      // a second domain of the company, for its token
      const host = `token-${randomUUID().slice(0, 8)}.example`;
      const made = await ctx.api.post('/cookie/domain', { host, name: 'โทเค็น' }, { token: admin() });
      const secondId = (made.body as { data: { _id: string } }).data._id;
      expect((await ctx.api.post(`/cookie/setting/${secondId}/publish`, {}, { token: admin() })).status).toBe(200);
      const elsewhere = await tokenFor(secondId, visitor, `https://${host}`);
      const forged = `${Math.floor(Date.now() / 1000).toString(36)}.${'A'.repeat(22)}`;
      for (const t of [undefined, '', 'nonsense', forged, other, elsewhere, good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A')]) {
        const body = { ...choice(domainId, visitor), t };
        if (t === undefined) delete (body as { t?: string }).t;
        const reply = await ctx.api.post('/cookie/public/consent', undefined, {
          raw: JSON.stringify(body),
          headers: { 'content-type': 'text/plain', origin: ORIGIN },
        });
        expectMessage(reply, 403, 'cookie_token_invalid');
      }
      expect(await logOf(visitor)).toHaveLength(0);
      expect(await statsTotal(domainId)).toBe(before);
      // the right one is taken, more than once (a visitor changes their mind)
      for (let i = 0; i < 2; i++) expect((await beacon({ ...choice(domainId, visitor), t: good })).status).toBe(200);
      expect(await logOf(visitor)).toHaveLength(2);
    });

    rule.it(
      'gives tokens to registered sites and same-origin calls, never cached; another site, a malformed visitor id or an unknown domain is refused',
      async () => {
        const domainId = await theDomain();
        const ok = await tokenReply(domainId, randomUUID());
        expect(ok.status).toBe(200);
        expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
        expect(ok.headers.get('cache-control')).toBe('no-store');
        expect((ok.body as { token: string }).token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
        expectMessage(await tokenReply(domainId, randomUUID(), 'https://evil.example'), 403, 'cookie_origin_refused');
        // a same-origin call (our own /cookieex page) names no origin: answered, without CORS
        const sameOrigin = await ctx.api.get(`/cookie/public/token/${domainId}?id=${randomUUID()}`);
        expect(sameOrigin.status, JSON.stringify(sameOrigin.body)).toBe(200);
        expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();
        expectFailure(await tokenReply(domainId, 'not-a-uuid'), 400);
        expectMessage(await tokenReply(randomUUID(), randomUUID()), 404, 'cookie_domain_not_found');
      },
    );

    rule.it(
      "stores a choice sent again with its submission id once; the visitor's receipt lists it with its row's hash, and the company checks that receipt",
      async () => {
        const domainId = await theDomain();
        const visitor = randomUUID();
        const before = await statsTotal(domainId);
        const first = { ...choice(domainId, visitor), s: randomUUID() };
        // the banner's retry after a lost answer, and another tab's at the same moment
        for (let i = 0; i < 3; i++) expect((await beacon(first)).status).toBe(200);
        expect(await logOf(visitor)).toHaveLength(1);
        expect(await statsTotal(domainId)).toBe(before + 1);
        expect((await beacon({ ...choice(domainId, visitor), m: 'reject_all', c: { necessary: true }, s: randomUUID() })).status).toBe(200);
        expect(await logOf(visitor)).toHaveLength(2);
        expectFailure(await beacon({ ...choice(domainId, visitor), s: 'again' }), 400);

        const asked = await ctx.api.get(`/cookie/public/receipt/${domainId}?id=${visitor}`, { headers: { origin: ORIGIN } });
        expect(asked.status, JSON.stringify(asked.body)).toBe(200);
        expect(asked.headers.get('access-control-allow-origin')).toBe(ORIGIN);
        expect(asked.headers.get('cache-control')).toBe('no-store');
        const { receipt } = asked.body as { receipt: CookieReceipt };
        expect(receipt).toMatchObject({ host: 'cookie-contract.example', domainId, visitorId: visitor });
        expect(receipt.choices.map((c) => c.method)).toEqual(['reject_all', 'custom']);
        const mine = receipt.choices[1];
        // the path as logged (no query), the choice, the hash of the row's line; today is not sealed yet
        expect(mine).toMatchObject({ version: 1, path: '/products', choices: first.c, seal: null });
        expect(mine.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(mine.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
        expectMessage(
          await ctx.api.get(`/cookie/public/receipt/${domainId}?id=${visitor}`, { headers: { origin: 'https://evil.example' } }),
          403,
          'cookie_origin_refused',
        );
        expectFailure(await ctx.api.get(`/cookie/public/receipt/${domainId}?id=nobody`), 400);
        // a visitor who never chose: an empty receipt
        const none = await ctx.api.get(`/cookie/public/receipt/${domainId}?id=${randomUUID()}`, { headers: { origin: ORIGIN } });
        expect((none.body as { receipt: CookieReceipt }).receipt.choices).toEqual([]);

        const check = (body: unknown, token = admin()) => ctx.api.post('/cookie/log/receipt', body, { token });
        const shown = { domainId, visitorId: visitor, ...mine };
        const logged = await check(shown);
        expect(logged.status, JSON.stringify(logged.body)).toBe(200);
        expect(logged.body.receiptCheck).toMatchObject({ outcome: 'logged', sealVerified: null, logged: { method: 'custom', choices: first.c } });
        // a receipt whose choice was changed afterwards (the hash no longer matches the row, or the choices shown are not the row's), or made up
        expect((await check({ ...shown, hash: 'f'.repeat(64) })).body.receiptCheck.outcome).toBe('altered');
        expect((await check({ ...shown, choices: { ...first.c, marketing: true } })).body.receiptCheck.outcome).toBe('altered');
        expect((await check({ ...shown, method: 'accept_all' })).body.receiptCheck.outcome).toBe('altered');
        expect((await check({ ...shown, at: new Date(Date.parse(mine.at) - 1000).toISOString() })).body.receiptCheck.outcome).toBe('not_found');
        expect((await check(shown, viewer())).status).toBe(200);
        expectFailure(await check(shown, contact()), 403);
        expectMessage(await check(shown, siam()), 404, 'cookie_domain_not_found');
        expectFailure(await check({ ...shown, hash: 'xyz' }), 400);
      },
    );

    // last of the cases that take tokens: the address has none left for the rest of the minute
    rule.it('gives one address at most 300 tokens a minute (429), counted in the database', async () => {
      const domainId = await theDomain();
      let granted = 0;
      let refused: Awaited<ReturnType<typeof tokenReply>> | undefined;
      while (!refused && granted <= 300) {
        const replies = await Promise.all(Array.from({ length: 25 }, () => tokenReply(domainId, randomUUID())));
        granted += replies.filter((r) => r.status === 200).length;
        refused = replies.find((r) => r.status !== 200);
      }
      expect(granted).toBeLessThanOrEqual(300);
      expectMessage(refused!, 429, 'throttled');
    });

    rule.it('exports the log as CSV with Buddhist-era times', async () => {
      const domainId = await theDomain();
      const reply = await ctx.api.get(`/cookie/log/export?domainId=${domainId}`, { token: admin() });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toContain('text/csv');
      const text = new TextDecoder().decode(reply.bytes);
      const year = new Date().getUTCFullYear() + 543;
      expect(text).toContain('เวลา (พ.ศ.)');
      // the screen's way (Buddhist era, Bangkok) and the same moment in ISO 8601 for machines
      const [, first] = text.replace(/^\uFEFF/, '').split('\r\n');
      const [, shown, iso] = /^([^,]+),.*,(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)$/.exec(first) ?? [];
      expect(shown).toContain(` ${year} `);
      expect(shown).toBe(formatMoment(iso, 'th'));
    });
  });
}
