/**
 * Cookie consent (menu 9) for testers: the domains, their draft and published versions, the consent
 * log (demo choices) and its statistics, counted from the log (the server reads a roll-up). The
 * banner's public endpoints (configuration, beacon) are the server's only.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  categoryKeys,
  categoryNames,
  cookieDomainBody,
  cookieDomainParams,
  cookieDomainUpdateBody,
  cookieIdQuery,
  cookieLogQuery,
  cookieSettings,
  cookieStatsQuery,
  defaultCookieSettings,
  type CookieStatsDay,
} from '../../contract/cookie';
import { MENU } from '../../contract/menus';
import { COOKIE_DEMO_HOSTS, cookieDemoChoices, cookieDemoSettings } from '../../demo';
import type { FakeDb, Row } from '../collections';
import { ownRow, ownRows } from '../crud';
import { Failure, now, route, type Call } from '../engine';

const read = { menuId: MENU.cookie.menuId } as const;
const write = { ...read, write: true } as const;
type Domain = Row<'cookieDomains'>;

/** The demo website of a company with its two published versions and a month of choices. */
export function seedCookieFixtures(db: FakeDb, companyId: string, code: string, nextId: () => string, long: string) {
  const settings = cookieDemoSettings();
  const domainId = nextId();
  const host = COOKIE_DEMO_HOSTS[code] ?? `www.${code.toLowerCase()}.co.th`;
  db.cookieDomains.push({
    _id: domainId,
    companyId,
    host,
    name: '',
    includeSubdomains: true,
    draft: settings,
    versions: [1, 2].map((version) => ({ version, consentVersion: 1, publishedAt: long, publishedBy: 'admin', settings })),
    created_dt: long,
  });
  for (const c of cookieDemoChoices(code === 'DEMO' ? 240 : 30))
    db.cookieLog.push({
      _id: nextId(),
      companyId,
      at: new Date(Date.now() - c.daysAgo * 86_400_000).toISOString(),
      domainId,
      host,
      visitorId: randomUUID(),
      version: c.daysAgo > 10 ? 1 : 2,
      method: c.method,
      choices: c.choices,
      path: c.path,
      lang: c.lang,
      browser: c.browser,
      gpc: c.method === 'gpc',
    });
}

const toDomain = (d: Domain, _call: Call) => {
  const last = d.versions.at(-1);
  return {
    _id: d._id,
    host: d.host,
    name: d.name,
    includeSubdomains: d.includeSubdomains,
    version: last?.version ?? 0,
    publishedAt: last?.publishedAt ?? null,
    unpublished: !last || JSON.stringify(last.settings) !== JSON.stringify(d.draft),
    categories: categoryNames(last?.settings, d.draft),
    undeclared: 0,
    created_dt: d.created_dt,
  };
};
const settingReply = (d: Domain, call: Call) => ({
  domain: toDomain(d, call),
  settings: d.draft,
  versions: d.versions.map(({ settings: _s, ...v }) => v).reverse(),
});
const hostTaken = (call: Call, host: string, except?: string) => {
  if (ownRows(call, 'cookieDomains').some((d) => d.host === host && d._id !== except)) throw new Failure(409, 'cookie_domain_exists');
};
const bangkokDay = (iso: string) => new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 10);

export const cookieRoutes = [
  route({
    method: 'get',
    url: '/cookie/domain/list',
    access: read,
    handler: (call) => {
      const rows = ownRows(call, 'cookieDomains').map((d) => toDomain(d, call));
      return { domainList: rows, totalItem: rows.length };
    },
  }),
  route({
    method: 'post',
    url: '/cookie/domain',
    access: write,
    body: cookieDomainBody,
    handler: (call) => {
      hostTaken(call, call.body.host);
      const row: Domain = {
        _id: randomUUID(),
        companyId: call.companyId,
        ...call.body,
        draft: defaultCookieSettings(),
        versions: [],
        created_dt: now(),
      };
      call.db.cookieDomains.push(row);
      return { data: toDomain(row, call) };
    },
  }),
  route({
    method: 'put',
    url: '/cookie/domain',
    access: write,
    body: cookieDomainUpdateBody,
    handler: (call) => {
      const row = ownRow(call, 'cookieDomains', call.body.dataId);
      hostTaken(call, call.body.host, row._id);
      Object.assign(row, { host: call.body.host, name: call.body.name, includeSubdomains: call.body.includeSubdomains });
      return { data: toDomain(row, call) };
    },
  }),
  route({
    method: 'delete',
    url: '/cookie/domain',
    access: write,
    query: cookieIdQuery,
    handler: (call) => {
      const row = ownRow(call, 'cookieDomains', call.query.dataId);
      call.db.cookieDomains.splice(call.db.cookieDomains.indexOf(row), 1);
      return {};
    },
  }),
  route({
    method: 'get',
    url: '/cookie/setting/:cookieDomainId',
    access: read,
    params: cookieDomainParams,
    handler: (call) => settingReply(ownRow(call, 'cookieDomains', call.params.cookieDomainId), call),
  }),
  route({
    method: 'put',
    url: '/cookie/setting/:cookieDomainId',
    access: write,
    params: cookieDomainParams,
    body: z.object({ settings: cookieSettings }),
    handler: (call) => {
      const row = ownRow(call, 'cookieDomains', call.params.cookieDomainId);
      row.draft = call.body.settings;
      return settingReply(row, call);
    },
  }),
  route({
    method: 'post',
    url: '/cookie/setting/:cookieDomainId/publish',
    access: write,
    params: cookieDomainParams,
    handler: (call) => {
      const row = ownRow(call, 'cookieDomains', call.params.cookieDomainId);
      const last = row.versions.at(-1);
      const version = (last?.version ?? 0) + 1;
      const reasks = !last || categoryKeys(last.settings) !== categoryKeys(row.draft);
      const consentVersion = reasks ? version : last.consentVersion;
      row.versions.push({ version, consentVersion, publishedAt: now(), publishedBy: call.session.user.username as string, settings: row.draft });
      return { version, consentVersion, reasks: reasks && !!last, ...settingReply(row, call) };
    },
  }),
  route({
    method: 'get',
    url: '/cookie/example',
    access: 'session',
    handler: (call) => {
      const d = ownRows(call, 'cookieDomains').find((x) => x.versions.length);
      return { domain: d ? { _id: d._id, host: d.host, version: d.versions.at(-1)!.version } : null };
    },
  }),
  route({
    method: 'get',
    url: '/cookie/log',
    access: read,
    query: cookieLogQuery,
    handler: (call) => {
      const q = call.query;
      const rows = ownRows(call, 'cookieLog')
        .filter(
          (r) =>
            (!q.domainId || r.domainId === q.domainId) &&
            (!q.from || bangkokDay(r.at) >= q.from) &&
            (!q.to || bangkokDay(r.at) <= q.to) &&
            (!q.method || r.method === q.method) &&
            (!q.category || r.choices[q.category]) &&
            (!q.visitorId || r.visitorId === q.visitorId),
        )
        .toSorted((a, b) => b.at.localeCompare(a.at));
      const start = (q.currentPage - 1) * q.limit;
      return { logList: rows.slice(start, start + q.limit).map(({ _id: _i, companyId: _c, ...r }) => r), hasMore: rows.length > start + q.limit };
    },
  }),
  route({
    method: 'get',
    url: '/cookie/stats',
    access: read,
    query: cookieStatsQuery,
    handler: (call) => {
      const days = new Map<string, CookieStatsDay>();
      for (const r of ownRows(call, 'cookieLog').filter((x) => x.domainId === call.query.domainId)) {
        const day = bangkokDay(r.at);
        if ((call.query.from && day < call.query.from) || (call.query.to && day > call.query.to)) continue;
        let d = days.get(day);
        if (!d) days.set(day, (d = { day, total: 0, methods: {}, accepted: {} }));
        d.total++;
        d.methods[r.method] = (d.methods[r.method] ?? 0) + 1;
        for (const [k, on] of Object.entries(r.choices)) if (on) d.accepted[k] = (d.accepted[k] ?? 0) + 1;
      }
      return { days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)) };
    },
  }),
  route({
    method: 'get',
    url: '/cookie/undeclared',
    access: read,
    query: z.object({ domainId: z.string().uuid() }),
    handler: (call) => {
      ownRow(call, 'cookieDomains', call.query.domainId);
      return { cookieList: [] };
    },
  }),
];
