import { describe, expect, it } from 'vitest';
import { bannerConfigOf, categoryNames, cookieBeacon, cookieSettings, defaultCookieSettings, type CookieSettings } from './cookie';

const withServices = (): CookieSettings => {
  const s = defaultCookieSettings();
  s.categories[3].services = [
    { key: 'google_ads', name: 'Google Ads' },
    { key: 'meta', name: 'Meta Pixel' },
  ];
  return s;
};
const meta = { domainId: '00000000-0000-4000-8000-000000000001', version: 1, consentVersion: 1, beacon: '/b', labels: {} as never };

describe('services inside a cookie category', () => {
  it('are taken with keys of their own; a key twice in a category, a bad key, an empty name or services of the necessary category are refused', () => {
    expect(cookieSettings.safeParse(withServices()).success).toBe(true);
    const issues = (s: CookieSettings) => (cookieSettings.safeParse(s).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    const twice = withServices();
    twice.categories[3].services.push({ key: 'meta', name: 'Meta again' });
    expect(issues(twice)).toEqual(['categories.3.services.2.key: server.cookie_duplicate_service']);
    const bad = withServices();
    bad.categories[3].services[0] = { key: 'Google-Ads', name: '' };
    expect(
      issues(bad)
        .map((i) => i.split(':')[0])
        .sort(),
    ).toEqual(['categories.3.services.0.key', 'categories.3.services.0.name']);
    const necessary = withServices();
    necessary.categories[0].services = [{ key: 'login', name: 'Sign-in' }];
    expect(issues(necessary)).toEqual(['categories.0.services: server.cookie_necessary_no_services']);
    // settings saved before services existed read as none
    const old = defaultCookieSettings() as unknown as { categories: Array<Record<string, unknown>> };
    for (const c of old.categories) delete c.services;
    expect(cookieSettings.parse(old).categories.every((c) => c.services.length === 0)).toBe(true);
  });

  it('reach the banner and the staff names only where a category has some (the configuration stays small)', () => {
    const config = bannerConfigOf(withServices(), meta);
    expect(config.categories.map((c) => c.services)).toEqual([
      undefined,
      undefined,
      undefined,
      [
        { key: 'google_ads', name: 'Google Ads' },
        { key: 'meta', name: 'Meta Pixel' },
      ],
    ]);
    expect(categoryNames(null, withServices())[3].services).toHaveLength(2);
    expect('services' in categoryNames(null, withServices())[1]).toBe(false);
  });

  it('a choice names a service as <category>.<service>; nothing deeper, nothing in capitals', () => {
    const beacon = (c: Record<string, boolean>) => cookieBeacon.safeParse({ d: meta.domainId, v: 1, id: meta.domainId, m: 'custom', c }).success;
    expect(beacon({ necessary: true, marketing: true, 'marketing.meta': false, 'marketing.google_ads': true })).toBe(true);
    expect(beacon({ 'marketing.meta.x': false })).toBe(false);
    expect(beacon({ 'marketing.Meta': false })).toBe(false);
    expect(beacon({ '.meta': false })).toBe(false);
  });
});
