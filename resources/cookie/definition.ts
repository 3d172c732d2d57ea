import type {
  CookieDomain,
  CookieLogQuery,
  CookieLogRow,
  CookieSettings,
  CookieStatsDay,
  CookieUndeclaredRow,
  CookieVersionRow,
} from '../../contract/cookie';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../types';

export interface CookieSettingReply {
  domain: CookieDomain;
  settings: CookieSettings;
  versions: CookieVersionRow[];
}
type LogFilter = Partial<Omit<CookieLogQuery, 'currentPage' | 'limit'>>;
const logQuery = (f: LogFilter) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

/** Cookie consent (menu 9): the domains, a domain's banner settings and versions, the consent log and its statistics. */
const definition = {
  name: 'cookie-domains',
  menu: 'cookie',
  api: {},
  calls: {
    cookieExampleDomain: apiCall({
      method: 'GET',
      path: () => '/cookie/example',
      reply: (body) => body.domain as { _id: string; host: string; version: number } | null,
    }),
    cookieDomains: apiCall({
      method: 'GET',
      path: () => '/cookie/domain/list',
      reply: (body) => body.domainList as CookieDomain[],
    }),
    createCookieDomain: apiCall({
      method: 'POST',
      path: () => '/cookie/domain',
      body: (b: { host: string; name: string; includeSubdomains: boolean }) => b,
      reply: (body) => body.data as CookieDomain,
    }),
    updateCookieDomain: apiCall({
      method: 'PUT',
      path: () => '/cookie/domain',
      body: (b: { dataId: string; host: string; name: string; includeSubdomains: boolean }) => b,
      reply: (body) => body.data as CookieDomain,
    }),
    deleteCookieDomain: apiCall({
      method: 'DELETE',
      path: () => '/cookie/domain',
      query: ({ dataId }: { dataId: string }) => ({ dataId }),
      reply: () => undefined,
    }),
    cookieSetting: apiCall({
      method: 'GET',
      path: ({ domainId }: { domainId: string }) => `/cookie/setting/${encodeURIComponent(domainId)}`,
      reply: (body) => body as unknown as CookieSettingReply,
    }),
    saveCookieSetting: apiCall({
      method: 'PUT',
      path: ({ domainId }: { domainId: string; settings: CookieSettings }) => `/cookie/setting/${encodeURIComponent(domainId)}`,
      body: ({ settings }) => ({ settings }),
      reply: (body) => body as unknown as CookieSettingReply,
    }),
    publishCookieSetting: apiCall({
      method: 'POST',
      path: ({ domainId }: { domainId: string }) => `/cookie/setting/${encodeURIComponent(domainId)}/publish`,
      body: () => ({}),
      reply: (body) => body as unknown as { version: number; consentVersion: number; reasks: boolean } & Omit<CookieSettingReply, 'settings'>,
    }),
    cookieLog: apiCall({
      method: 'GET',
      path: () => '/cookie/log',
      query: ({ page, limit, ...f }: LogFilter & { page: number; limit: number }) => ({ currentPage: page, limit, ...logQuery(f) }),
      reply: (body) => ({ rows: body.logList as CookieLogRow[], hasMore: body.hasMore as boolean }),
    }),
    exportCookieLog: fileCall({
      method: 'GET',
      path: () => '/cookie/log/export',
      query: (f: LogFilter) => logQuery(f),
      fileName: () => 'cookie-consent-log.csv',
    }),
    cookieStats: apiCall({
      method: 'GET',
      path: () => '/cookie/stats',
      query: (q: { domainId: string; from?: string; to?: string }) => logQuery(q),
      reply: (body) => body.days as CookieStatsDay[],
    }),
    cookieUndeclared: apiCall({
      method: 'GET',
      path: () => '/cookie/undeclared',
      query: ({ domainId }: { domainId: string }) => ({ domainId }),
      reply: (body) => body.cookieList as CookieUndeclaredRow[],
    }),
    assignCookieUndeclared: apiCall({
      method: 'POST',
      path: () => '/cookie/undeclared/assign',
      body: (b: { domainId: string; name: string; category: string }) => b,
      reply: () => undefined,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
