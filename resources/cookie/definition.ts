import type {
  CookieDigest,
  CookieReceiptCheck,
  CookieReceiptCheckReply,
  CookieVerifyReply,
  CookieDomain,
  CookieLogQuery,
  CookieLogRow,
  CookieSettings,
  CookieStatsDay,
  CookieUndeclaredRow,
  CookieVersionRow,
} from '../../contract/cookie';
import type { CookieScanReport, CookieScanRow } from '../../contract/cookieScan';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../types';

export interface CookieSettingReply {
  domain: CookieDomain;
  settings: CookieSettings;
  versions: CookieVersionRow[];
}
type LogFilter = Partial<Omit<CookieLogQuery, 'currentPage' | 'limit'>>;
const logQuery = (f: LogFilter) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A visitor's id as typed into the log's filter: asked of the server only once it is a whole id. */
export const visitorOf = (typed: unknown) => (typeof typed === 'string' && UUID.test(typed.trim()) ? typed.trim() : undefined);
/** The log's filter values as the server's query: blank ones left out, a visitor only by a whole id. */
export const logFilter = ({ visitorId, ...f }: Record<string, unknown>): Record<string, string> => ({
  ...logQuery(f as LogFilter),
  ...(visitorOf(visitorId) ? { visitorId: visitorOf(visitorId)! } : {}),
});

/**
 * The consent log (menu 9), newest first, by domain, day, how chosen, accepted category and visitor. The
 * server does not count it (a log of millions): a page says whether another follows.
 */
export const cookieLog = {
  name: 'cookie-log',
  menu: 'cookie',
  api: {
    getList: {
      method: 'GET',
      path: () => '/cookie/log',
      query: ({ pagination, filter }) => ({
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? DEFAULT_PAGE_SIZE,
        ...logFilter(filter ?? {}),
      }),
      reply: (body, { pagination }) => {
        const page = pagination?.page ?? 1;
        // a choice has no id of its own: its place in the log (newest first) names its row
        const first = (page - 1) * (pagination?.perPage ?? DEFAULT_PAGE_SIZE);
        const data = (body.logList as CookieLogRow[]).map((row, i) => ({ ...row, id: first + i }));
        // the last page tells how many there are ("21-27 of 27"); before it, only that more follow
        return body.hasMore
          ? { data, pageInfo: { hasNextPage: true, hasPreviousPage: page > 1 } }
          : { data, total: first + data.length, pageInfo: { hasNextPage: false, hasPreviousPage: page > 1 } };
      },
    },
  },
} satisfies ResourceDefinition;

/**
 * The consent log's daily seals (menu 9), newest first, of every domain or one (`filter.domainId`); the calls
 * verify them against the log and export them as CSV.
 */
export const cookieDigests = {
  name: 'cookie-digests',
  menu: 'cookie',
  api: {
    getList: {
      method: 'GET',
      path: () => '/cookie/log/digests',
      query: ({ pagination, filter }) => ({
        ...(filter?.domainId ? { domainId: String(filter.domainId) } : {}),
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? DEFAULT_PAGE_SIZE,
      }),
      reply: (body) => ({
        data: (body.digestList as CookieDigest[]).map((row) => ({ ...row, id: `${row.domainId}:${row.day}` })),
        total: body.totalItem as number,
      }),
    },
  },
  calls: {
    verifyCookieLog: apiCall({
      method: 'POST',
      path: () => '/cookie/log/verify',
      body: (b: { domainId: string }) => b,
      reply: (body) => body.verification as CookieVerifyReply,
    }),
    checkCookieReceipt: apiCall({
      method: 'POST',
      path: () => '/cookie/log/receipt',
      body: (b: CookieReceiptCheck) => b,
      reply: (body) => body.receiptCheck as CookieReceiptCheckReply,
    }),
    exportCookieDigests: fileCall({
      method: 'GET',
      path: () => '/cookie/log/digests/export',
      query: ({ domainId }: { domainId: string; host: string }) => ({ domainId }),
      fileName: ({ host }) => `cookie-consent-log-seals-${host.replace(/[^a-z0-9.-]/gi, '_')}.csv`,
    }),
  },
} satisfies ResourceDefinition;

/** A scan as a list's row and a record (`report` only on the record). */
export type CookieScanRecord = CookieScanRow & { id: string; report?: CookieScanReport | null };

/** The cookie scanner's scans of one site (menu 9), newest first; a record carries its report. */
export const cookieScans = {
  name: 'cookie-scans',
  menu: 'cookie',
  api: {
    getList: {
      method: 'GET',
      path: () => '/cookie/scan/list',
      query: ({ pagination, filter }) => ({
        ...(filter?.domainId ? { domainId: String(filter.domainId) } : {}),
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? DEFAULT_PAGE_SIZE,
      }),
      reply: (body) => ({
        data: (body.scanList as CookieScanRow[]).map((row) => ({ ...row, id: row._id })),
        total: body.totalItem as number,
      }),
    },
    getOne: {
      method: 'GET',
      path: ({ id }) => `/cookie/scan/${encodeURIComponent(String(id))}`,
      reply: (body) => {
        const row = body.data as CookieScanRow;
        return { data: { ...row, id: row._id, report: body.report as CookieScanReport | null } };
      },
    },
  },
  calls: {
    startCookieScan: apiCall({
      method: 'POST',
      path: () => '/cookie/scan',
      body: (b: { domainId: string }) => b,
      reply: (body) => body.data as CookieScanRow,
    }),
    downloadCookieScanPdf: fileCall({
      method: 'GET',
      path: ({ id }: { id: string; host: string }) => `/cookie/scan/${encodeURIComponent(id)}/pdf`,
      fileName: ({ host }) => `cookie-scan-${host.replace(/[^a-z0-9.-]/gi, '_')}.pdf`,
    }),
  },
} satisfies ResourceDefinition;

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
      path: ({ domainId }: { domainId: string; reaskAll?: boolean }) => `/cookie/setting/${encodeURIComponent(domainId)}/publish`,
      body: ({ reaskAll = false }: { domainId: string; reaskAll?: boolean }) => ({ reaskAll }),
      reply: (body) => body as unknown as { version: number; consentVersion: number; reasks: boolean } & Omit<CookieSettingReply, 'settings'>,
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
  interface DefinedCalls extends CallsOf<typeof definition>, CallsOf<typeof cookieScans>, CallsOf<typeof cookieDigests> {}
}
