import { z } from 'zod';

/**
 * The cookie scanner (menu 9): a crawl of a registered site in headless Chromium that records every
 * cookie and storage key set, the other hosts called, and what fired before consent.
 *
 * - `POST /cookie/scan` `{ domainId }` (edit) → `{ data: CookieScanRow }` (queued; 409
 *   `cookie_scan_running` while one waits or runs for that site)
 * - `GET /cookie/scan/list?domainId=&currentPage=&limit=` (no domainId: every site's) → `{ scanList: CookieScanRow[], totalItem }`
 * - `GET /cookie/scan/:scanId` → `{ data: CookieScanRow, report: CookieScanReport | null }`
 * - `GET /cookie/scan/:scanId/pdf?lang=` → the report as a PDF (Thai or English, Buddhist-era dates)
 */
export const COOKIE_SCAN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CookieScanStatus = (typeof COOKIE_SCAN_STATUSES)[number];
export const SCAN_CATEGORIES = ['necessary', 'functional', 'analytics', 'marketing'] as const;
/** the pages one scan visits at most (COOKIE_SCAN_PAGES may lower or raise it) */
export const COOKIE_SCAN_PAGES = 50;
/** a weekly scan of every published site (the timed work), besides those asked for */
export const COOKIE_SCAN_EVERY_DAYS = 7;

export const cookieScanBody = z.object({ domainId: z.string().uuid() });
export const cookieScanListQuery = z.object({
  /** one site's scans; absent: every site's */
  domainId: z.string().uuid().optional(),
  currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const cookieScanParams = z.object({ scanId: z.string().uuid() });

const bilingual = z.object({ th: z.string(), en: z.string() });

/** One cookie or storage key the scan found, judged against the site's published banner. */
export const cookieScanFinding = z.object({
  name: z.string(),
  domain: z.string(),
  kind: z.enum(['cookie', 'localStorage', 'sessionStorage']),
  setBy: z.enum(['header', 'script']).nullable(),
  expiresDays: z.number().nullable(),
  firstParty: z.boolean(),
  beforeConsent: z.boolean(),
  page: z.string(),
  /** the known service it belongs to (the scanner's list), if any */
  provider: z.string().nullable(),
  purpose: bilingual.nullable(),
  /** the category the known service belongs in */
  proposed: z.enum(SCAN_CATEGORIES).nullable(),
  /** the category of the published banner that declares it, if one does */
  declared: z.string().nullable(),
  /** set before consent though its category (declared, else known) is not "necessary" */
  firedEarly: z.boolean(),
});
export type CookieScanFinding = z.infer<typeof cookieScanFinding>;

export const cookieScanHost = z.object({
  host: z.string(),
  requests: z.number(),
  beforeConsent: z.boolean(),
  provider: z.string().nullable(),
  proposed: z.enum(SCAN_CATEGORIES).nullable(),
  /** a known non-necessary service called before consent */
  firedEarly: z.boolean(),
});
export type CookieScanHost = z.infer<typeof cookieScanHost>;

export const cookieScanReport = z.object({
  startUrl: z.string(),
  pages: z.array(z.string()),
  offSite: z.number(),
  failed: z.array(z.object({ url: z.string(), reason: z.string() })),
  consentGiven: z.boolean(),
  refused: z.array(z.string()),
  bytes: z.number(),
  stoppedBy: z.enum(['pages', 'time', 'bytes']).nullable(),
  /** the banner version judged against (0: none published) */
  version: z.number(),
  findings: z.array(cookieScanFinding),
  hosts: z.array(cookieScanHost),
});
export type CookieScanReport = z.infer<typeof cookieScanReport>;

export const cookieScanCounts = z.object({
  cookies: z.number(),
  storage: z.number(),
  firedEarly: z.number(),
  undeclared: z.number(),
  hosts: z.number(),
});
export type CookieScanCounts = z.infer<typeof cookieScanCounts>;

export const cookieScanRow = z.object({
  _id: z.string(),
  domainId: z.string(),
  host: z.string(),
  status: z.enum(COOKIE_SCAN_STATUSES),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** who asked; null: the weekly schedule */
  requestedBy: z.string().nullable(),
  pages: z.number(),
  /** why it failed, in the reader's language */
  error: z.string().nullable(),
  counts: cookieScanCounts.nullable(),
});
export type CookieScanRow = z.infer<typeof cookieScanRow>;

export const cookieScanListReply = z.object({ scanList: z.array(cookieScanRow), totalItem: z.number() });
export const cookieScanReply = z.object({ data: cookieScanRow, report: cookieScanReport.nullable() });

/** What a report counts: cookies and storage keys, those set too early, those the banner does not declare, other hosts. */
export const countsOf = (r: Pick<CookieScanReport, 'findings' | 'hosts'>): CookieScanCounts => ({
  cookies: r.findings.filter((f) => f.kind === 'cookie').length,
  storage: r.findings.filter((f) => f.kind !== 'cookie').length,
  firedEarly: r.findings.filter((f) => f.firedEarly).length + r.hosts.filter((h) => h.firedEarly).length,
  undeclared: r.findings.filter((f) => f.kind === 'cookie' && !f.declared).length,
  hosts: r.hosts.length,
});
