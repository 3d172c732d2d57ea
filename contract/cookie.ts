import { z } from 'zod';
import { pagingQuery } from './http';

/**
 * Cookie consent (menu 9): the sites (domains) a company runs, each with its banner settings, the
 * banner versions publishing makes, and the consent log the banner script writes to.
 */

/** The standard categories, in order; a company may add custom ones after them. Necessary is always on. */
export const STANDARD_CATEGORIES = ['necessary', 'functional', 'analytics', 'marketing'] as const;
export const COOKIE_POSITIONS = ['bottom', 'top', 'corner', 'center'] as const;
export const COOKIE_METHODS = ['accept_all', 'reject_all', 'custom', 'gpc'] as const;
export type CookieMethod = (typeof COOKIE_METHODS)[number];

const th_en = (max: number, min = 0) => z.object({ th: z.string().trim().min(min).max(max), en: z.string().trim().min(min).max(max) });
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'server.cookie_colour');

export const cookieDeclaration = z.object({
  /** a cookie name, or a pattern ending in `*` (`_ga_*`) */
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[!#$%&'+\-.^_`|~0-9A-Za-z]+\*?$/, 'server.cookie_name_format'),
  provider: z.string().trim().max(100).default(''),
  purpose: z.string().trim().max(300).default(''),
  duration: z.string().trim().max(60).default(''),
  /** the purpose and duration for English-speaking visitors (empty: the Thai ones are shown) */
  purposeEn: z.string().trim().max(300).default(''),
  durationEn: z.string().trim().max(60).default(''),
  party: z.enum(['first', 'third']).default('first'),
});
export type CookieDeclaration = z.infer<typeof cookieDeclaration>;

/** A category key, and a choice's key: a category's (`analytics`) or one of its services' (`analytics.hotjar`). */
const KEY = /^[a-z][a-z0-9_]{1,30}$/;
export const CHOICE_KEY = /^[a-z][a-z0-9_]{1,30}(?:\.[a-z][a-z0-9_]{1,30})?$/;

/**
 * A service inside a category (a tool or vendor: Google Analytics, Hotjar): the visitor may refuse it while
 * accepting the rest of its category. The site marks its scripts and iframes `data-service="<key>"` beside
 * `data-category`; a choice names it `<category>.<service>`.
 */
export const cookieService = z.object({
  key: z.string().regex(KEY, 'server.cookie_key_format'),
  name: z.string().trim().min(1).max(80),
});
export type CookieService = z.infer<typeof cookieService>;

export const cookieCategory = z.object({
  key: z
    .string()
    .regex(KEY, 'server.cookie_key_format')
    .refine((k) => k !== 'gpc', 'server.cookie_key_reserved'),
  name: th_en(80, 1),
  description: th_en(600),
  cookies: z.array(cookieDeclaration).max(100).default([]),
  services: z.array(cookieService).max(20).default([]),
});
export type CookieCategory = z.infer<typeof cookieCategory>;

const bannerTexts = z.object({
  title: z.string().trim().min(1).max(120),
  body: z.string().trim().min(1).max(1200),
  acceptAll: z.string().trim().min(1).max(40),
  rejectAll: z.string().trim().min(1).max(40),
  preferences: z.string().trim().min(1).max(40),
  save: z.string().trim().min(1).max(40),
  reopen: z.string().trim().min(1).max(40),
});
export type BannerTexts = z.infer<typeof bannerTexts>;

/** WCAG relative luminance of #RRGGBB. */
function luminance(hex: string) {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
/** WCAG contrast ratio of two colours (1 to 21); AA asks 4.5 for body text. */
export function contrastRatio(a: string, b: string) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
export const AA_CONTRAST = 4.5;

export const cookieSettings = z
  .object({
    categories: z.array(cookieCategory).min(1).max(12),
    texts: z.object({ th: bannerTexts, en: bannerTexts }),
    colors: z.object({ background: colour, text: colour, primary: colour, primaryText: colour }),
    position: z.enum(COOKIE_POSITIONS).default('bottom'),
    reopenButton: z.boolean().default(true),
    /** how long a choice lasts before the banner asks again */
    reaskMonths: z.number().int().min(1).max(24).default(12),
    /** Global Privacy Control turns marketing off (unless the visitor turns it on) */
    gpcMarketingOff: z.boolean().default(true),
    /** a consent wall: the banner is modal (focus kept in it, the page behind dimmed) until the visitor chooses */
    consentWall: z.boolean().default(false),
    /** a withdrawn category's scripts are already running: the page reloads so they stop (off: they run until the next page) */
    reloadOnWithdrawal: z.boolean().default(false),
    policyUrl: z
      .string()
      .trim()
      .max(500)
      .refine((u) => u === '' || /^https?:\/\/[^\s"'<>]+$/i.test(u), 'server.cookie_policy_url')
      .default(''),
  })
  .superRefine((s, ctx) => {
    if (s.categories[0]?.key !== 'necessary')
      ctx.addIssue({ code: 'custom', path: ['categories', 0, 'key'], message: 'server.cookie_necessary_first' });
    const keys = s.categories.map((c) => c.key);
    keys.forEach((k, i) => {
      if (keys.indexOf(k) !== i) ctx.addIssue({ code: 'custom', path: ['categories', i, 'key'], message: 'server.cookie_duplicate_category' });
    });
    s.categories.forEach((c, i) => {
      const services = c.services.map((v) => v.key);
      services.forEach((k, j) => {
        if (services.indexOf(k) !== j)
          ctx.addIssue({ code: 'custom', path: ['categories', i, 'services', j, 'key'], message: 'server.cookie_duplicate_service' });
      });
      if (c.key === 'necessary' && services.length)
        ctx.addIssue({ code: 'custom', path: ['categories', i, 'services'], message: 'server.cookie_necessary_no_services' });
    });
    if (contrastRatio(s.colors.text, s.colors.background) < AA_CONTRAST)
      ctx.addIssue({ code: 'custom', path: ['colors', 'text'], message: 'server.cookie_contrast' });
    if (contrastRatio(s.colors.primaryText, s.colors.primary) < AA_CONTRAST)
      ctx.addIssue({ code: 'custom', path: ['colors', 'primaryText'], message: 'server.cookie_contrast' });
  });
export type CookieSettings = z.infer<typeof cookieSettings>;

/**
 * A domain's host as the browser's `Origin` names it: `example.co.th`, or `localhost:8080` with a
 * port. Sub-domains (`www.example.co.th`) are accepted when the domain allows them.
 */
export const cookieHost = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/,
    'expected a host name such as example.co.th',
  );

export const cookieDomainBody = z.object({
  host: cookieHost,
  includeSubdomains: z.boolean().default(true),
  name: z.string().trim().max(120).default(''),
});
export const cookieDomainUpdateBody = cookieDomainBody.extend({ dataId: z.string().uuid() });
export const cookieIdQuery = z.object({ dataId: z.string().uuid() });
export const cookieDomainParams = z.object({ cookieDomainId: z.string().uuid() });

/** Whether a page at `origin` belongs to the registered host. */
export function originMatches(origin: string, host: string, includeSubdomains: boolean): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const got = url.host.toLowerCase();
  return got === host || (includeSubdomains && got.endsWith('.' + host));
}

export interface CookieDomain {
  _id: string;
  host: string;
  name: string;
  includeSubdomains: boolean;
  /** the latest published version, 0 when none */
  version: number;
  publishedAt: string | null;
  /** the draft differs from the published version */
  unpublished: boolean;
  undeclared: number;
  created_dt: string;
  /** the categories of the published version (the draft's before the first publish), named in Thai and English */
  categories: Array<{ key: string; name: { th: string; en: string }; services?: CookieService[] }>;
  /** when a visitor's browser last loaded the banner's configuration (within a few minutes), null: never */
  lastSeenAt: string | null;
  /** published, yet not seen loading for COOKIE_SILENT_DAYS: the snippet may be gone from the site */
  silent: boolean;
}

/** A published banner not seen loading for this many days is flagged on the staff list. */
export const COOKIE_SILENT_DAYS = 7;

/** A domain's categories as the staff screens name them (the published version's, else the draft's). */
export const categoryNames = (published: CookieSettings | null | undefined, draft: CookieSettings): CookieDomain['categories'] =>
  (published ?? draft).categories.map((c) => ({
    key: c.key,
    name: { th: c.name.th, en: c.name.en },
    ...(c.services?.length ? { services: c.services.map(({ key, name }) => ({ key, name })) } : {}),
  }));

export interface CookieVersionRow {
  version: number;
  /** the version whose categories a choice must have been made under; a category change sets it to the new version */
  consentVersion: number;
  publishedAt: string;
  publishedBy: string;
}

/** The banner's fixed words in one language (i18n/cookie.ts `cookie.visitor`). */
export interface BannerLabels {
  policy: string;
  cookieName: string;
  provider: string;
  purpose: string;
  duration: string;
  /** the line shown when the browser sends Global Privacy Control and it turns marketing off */
  gpcHonoured: string;
  /** Accept all's label then: it says what it will do */
  acceptAllButMarketing: string;
  /** a blocked iframe's placeholder: `%{provider}`, `%{category}` */
  iframeBlocked: string;
  /** its button: accepts the iframe's category and loads it */
  iframeLoad: string;
  /** the preferences view's button, once a choice was made: downloads the visitor's receipt */
  receipt: string;
}
/** A cookie as the preferences view shows it: the English purpose and duration only when they differ from the Thai (the config stays small). */
type CookieDetail = Pick<CookieDeclaration, 'name' | 'provider' | 'purpose' | 'duration'> & { purposeEn?: string; durationEn?: string };

/** What the banner script fetches: the published version of one domain. */
export interface CookieBannerConfig {
  domainId: string;
  version: number;
  consentVersion: number;
  categories: {
    key: string;
    name: { th: string; en: string };
    description: { th: string; en: string };
    /** the names (or `prefix*`) a withdrawal removes */
    cookies: string[];
    /** what the preferences view shows of each cookie */
    details: CookieDetail[];
    /** the services a visitor may refuse within it (only when there are some) */
    services?: CookieService[];
  }[];
  texts: { th: BannerTexts; en: BannerTexts };
  labels: { th: BannerLabels; en: BannerLabels };
  colors: CookieSettings['colors'];
  position: CookieSettings['position'];
  reopenButton: boolean;
  reaskMonths: number;
  gpcMarketingOff: boolean;
  consentWall: boolean;
  reloadOnWithdrawal: boolean;
  policyUrl: string;
  /** where to send choices */
  beacon: string;
}

/** The banner's configuration from a domain's settings: the server's published config and the staff screen's preview alike. */
export const bannerConfigOf = (
  s: CookieSettings,
  meta: Pick<CookieBannerConfig, 'domainId' | 'version' | 'consentVersion' | 'beacon' | 'labels'>,
): CookieBannerConfig => ({
  ...meta,
  categories: s.categories.map((c) => ({
    key: c.key,
    name: c.name,
    description: c.description,
    cookies: c.cookies.map((k) => k.name),
    details: c.cookies.map(({ name, provider, purpose, duration, purposeEn, durationEn }) => ({
      name,
      provider,
      purpose,
      duration,
      ...(purposeEn && purposeEn !== purpose ? { purposeEn } : {}),
      ...(durationEn && durationEn !== duration ? { durationEn } : {}),
    })),
    ...(c.services?.length ? { services: c.services.map(({ key, name }) => ({ key, name })) } : {}),
  })),
  texts: s.texts,
  colors: s.colors,
  position: s.position,
  reopenButton: s.reopenButton,
  reaskMonths: s.reaskMonths,
  gpcMarketingOff: s.gpcMarketingOff,
  consentWall: s.consentWall ?? false,
  reloadOnWithdrawal: s.reloadOnWithdrawal ?? false,
  policyUrl: s.policyUrl,
});

/** Size limit of one beacon's body (bytes): anything bigger is refused with 400, nothing stored. */
export const BEACON_MAX_BYTES = 4096;

/** One choice as the banner sends it (short keys: it travels with every choice). */
export const cookieBeacon = z
  .object({
    d: z.string().uuid(),
    v: z.number().int().min(1).max(1_000_000),
    id: z.string().uuid(),
    m: z.enum(COOKIE_METHODS),
    /** each category's state, and of a category with services each service's (`analytics.hotjar`) */
    c: z.record(z.string().regex(CHOICE_KEY), z.boolean()),
    p: z.string().max(512).default('/'),
    l: z.enum(['th', 'en']).default('th'),
    gpc: z.boolean().default(false),
    /** cookie names seen on the page that no category declares */
    u: z.array(z.string().min(1).max(100)).max(30).default([]),
    /** the token the banner took for this visitor (GET /cookie/public/token/:cookieDomainId); the server refuses a choice without one */
    t: z.string().max(40).optional(),
    /** this choice's id: the banner sends a choice again with the same id after a failure, and the server stores it once */
    s: z.string().uuid().optional(),
  })
  .strict();
export type CookieBeacon = z.infer<typeof cookieBeacon>;

/** GET /cookie/public/token/:cookieDomainId?id=<visitor id>: the token that visitor's beacons carry (`t`). */
export const cookieTokenQuery = z.object({ id: z.string().uuid() });
export const cookieTokenReply = z.object({ token: z.string() });

/** GET /cookie/public/receipt/:cookieDomainId?id=<visitor id>: the visitor's receipt of their latest choices. */
export const cookieReceiptQuery = z.object({ id: z.string().uuid() });
/** How many of a visitor's latest choices a receipt holds. */
export const RECEIPT_CHOICES = 20;

/** A period of Bangkok days, both ends optional (YYYY-MM-DD). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dayRange = { from: day.optional(), to: day.optional() };

export const cookieLogQuery = pagingQuery.extend({
  domainId: z.string().uuid().optional(),
  ...dayRange,
  method: z.enum(COOKIE_METHODS).optional(),
  /** choices in which this category was accepted */
  category: z
    .string()
    .regex(/^[a-z][a-z0-9_]{1,30}$/)
    .optional(),
  visitorId: z.string().uuid().optional(),
});
export type CookieLogQuery = z.infer<typeof cookieLogQuery>;

/** One choice as the staff log shows it. */
export const cookieLogRow = z.object({
  at: z.string(),
  domainId: z.string().uuid(),
  host: z.string(),
  visitorId: z.string().uuid(),
  version: z.number().int(),
  method: z.enum(COOKIE_METHODS),
  choices: z.record(z.string(), z.boolean()),
  path: z.string(),
  lang: z.string(),
  browser: z.string(),
  gpc: z.boolean(),
});
export type CookieLogRow = z.infer<typeof cookieLogRow>;

/** One choice as its visitor's receipt shows it: what was logged, and the hash the company's seal of that day covers. */
export const cookieReceiptChoice = cookieLogRow
  .pick({ at: true, version: true, method: true, choices: true, path: true, lang: true, gpc: true })
  .extend({
    /** sha256 of the row's line (`cookie_log_line`): one of the hashes the day's seal is taken over */
    hash: z.string(),
    /** the Bangkok day of the choice */
    day: z.string(),
    /** the day's seal, once the day is over and sealed */
    seal: z.object({ hash: z.string(), rows: z.number().int(), sealedAt: z.string() }).nullable(),
  });
export type CookieReceiptChoice = z.infer<typeof cookieReceiptChoice>;

export const cookieReceipt = z.object({
  /** the site the choices were made on, and its banner's domain id */
  host: z.string(),
  domainId: z.string().uuid(),
  visitorId: z.string().uuid(),
  issuedAt: z.string(),
  /** the latest first */
  choices: z.array(cookieReceiptChoice),
});
export type CookieReceipt = z.infer<typeof cookieReceipt>;
export const cookieReceiptReply = z.object({ receipt: cookieReceipt });

/**
 * POST /cookie/log/receipt: one choice of a receipt a visitor shows, checked against the log and its
 * seals: the row of that visitor at that moment, its hash, and what the receipt says of it.
 */
export const cookieReceiptCheck = cookieReceiptChoice.omit({ day: true, seal: true }).extend({
  domainId: z.string().uuid(),
  visitorId: z.string().uuid(),
  at: z.string().datetime({ offset: true }),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type CookieReceiptCheck = z.infer<typeof cookieReceiptCheck>;
/**
 * What the log says of a receipt's choice: not_found (no row of that visitor at that moment), altered (a
 * row there, but another hash, or the receipt shows other choices than the row), logged; and its day's seal.
 */
export const COOKIE_RECEIPT_OUTCOMES = ['logged', 'altered', 'not_found'] as const;
export const cookieReceiptCheckReply = z.object({
  outcome: z.enum(COOKIE_RECEIPT_OUTCOMES),
  /** the row as logged, when there is one at that time for that visitor */
  logged: cookieReceiptChoice.omit({ seal: true, day: true }).nullable(),
  /** whether the day's seal still verifies (its rows' hashes and the chain), null: the day is not sealed yet */
  sealVerified: z.boolean().nullable(),
});
export type CookieReceiptCheckReply = z.infer<typeof cookieReceiptCheckReply>;

export const cookieStatsQuery = z.object({
  domainId: z.string().uuid(),
  ...dayRange,
});
export interface CookieStatsDay {
  day: string;
  total: number;
  methods: Partial<Record<CookieMethod, number>>;
  /** choices that accepted each category */
  accepted: Record<string, number>;
}

/**
 * The consent log's daily seals (server/modules/cookie/digests.ts): one per Bangkok day of a domain,
 * chained by hash. `GET /cookie/log/digests[?domainId=]` lists them (newest first, every domain's or one's; `from`/`to` narrow
 * them); `.../digests/export` gives them as CSV; `POST /cookie/log/verify` recomputes them.
 */
/** a domain and, optionally, a range of Bangkok days: the statistics' query */
export const cookieDigestQuery = cookieStatsQuery;
export type CookieDigestQuery = z.infer<typeof cookieDigestQuery>;
/** the list: every domain of the company, or one */
export const cookieDigestListQuery = pagingQuery.extend(cookieDigestQuery.shape).extend({ domainId: z.string().uuid().optional() });
export interface CookieDigest {
  domainId: string;
  day: string;
  rows: number;
  rowsHash: string;
  prevHash: string;
  hash: string;
  sealedAt: string;
}
/** What a verification found wrong with a day: its rows, its link to the day before, a day left out. */
export const COOKIE_DIGEST_PROBLEMS = ['rows_changed', 'chain_broken', 'day_missing'] as const;
export type CookieDigestProblem = (typeof COOKIE_DIGEST_PROBLEMS)[number];
export const cookieVerifyBody = cookieDigestQuery;
export interface CookieVerifyReply {
  ok: boolean;
  /** sealed days looked at, and the choices recomputed (days whose month the retention removed are checked by their links only) */
  days: number;
  rows: number;
  /** days before the retention's first month: their links checked, their rows gone */
  expiredDays: number;
  /** the last sealed day and its hash: what a copy kept elsewhere should show */
  lastDay: string | null;
  lastHash: string | null;
  problems: Array<{ day: string; problem: CookieDigestProblem }>;
}

export const cookieUndeclaredAssignBody = z.object({
  domainId: z.string().uuid(),
  name: z.string().min(1).max(100),
  category: z.string().regex(/^[a-z][a-z0-9_]{1,30}$/),
});
export interface CookieUndeclaredRow {
  name: string;
  firstSeen: string;
  lastSeen: string;
  seen: number;
}

/**
 * Google Consent Mode v2's defaults (all denied but security), set synchronously before any tag, and a
 * returning visitor's stored choice (cookie `pdpa_cc`) applied at once. The snippet carries it inline,
 * first in `<head>`; a site whose CSP refuses inline scripts loads the same text from
 * `/cookie-consent-stub.js` (written by the banner's build). Whatever becomes of the banner script, the
 * defaults stay denied. Under 1 KB (scripts/size-budget.mjs).
 */
export const CONSENT_MODE_STUB =
  "(function(w,d){w.dataLayer=w.dataLayer||[];w.gtag=w.gtag||function(){w.dataLayer.push(arguments)};var n='denied'," +
  "g=function(o){return o?'granted':n},m=function(c){return{ad_storage:g(c.marketing),ad_user_data:g(c.marketing)," +
  'ad_personalization:g(c.marketing),analytics_storage:g(c.analytics),functionality_storage:g(c.functional),' +
  "personalization_storage:g(c.functional),security_storage:'granted'}},a=m({});a.wait_for_update=500;" +
  "w.gtag('consent','default',a);w.pdpaConsentDefault=1;var k=d.cookie.match(/(?:^|; )pdpa_cc=([^;]*)/);" +
  "try{var c=k&&JSON.parse(decodeURIComponent(k[1])).c;if(c)w.gtag('consent','update',m(c))}catch(e){}})(window,document);";

/** The install snippet of a domain: the Consent Mode stub inline, then the banner, async. First in `<head>`. */
export const cookieSnippet = (appUrl: string, domainId: string) =>
  `<script>${CONSENT_MODE_STUB}</script>\n<script async src="${appUrl.replace(/\/+$/, '')}/cookie-banner.js" data-domain="${domainId}"></script>`;

/** The same for a site whose Content-Security-Policy refuses inline scripts: the stub as a small synchronous file. */
export const cookieSnippetNoInline = (appUrl: string, domainId: string) => {
  const app = appUrl.replace(/\/+$/, '');
  return `<script src="${app}/cookie-consent-stub.js"></script>\n<script async src="${app}/cookie-banner.js" data-domain="${domainId}"></script>`;
};

/** The settings a new domain starts with: the four standard categories, Thai and English texts. */
export const defaultCookieSettings = (): CookieSettings => ({
  categories: [
    {
      key: 'necessary',
      name: { th: 'คุกกี้ที่จำเป็น', en: 'Strictly necessary' },
      description: {
        th: 'จำเป็นต่อการทำงานของเว็บไซต์ เช่น การเข้าสู่ระบบและความปลอดภัย ปิดไม่ได้',
        en: 'Needed for the site to work, such as sign-in and security. Always on.',
      },
      cookies: [],
      services: [],
    },
    {
      key: 'functional',
      name: { th: 'คุกกี้เพื่อการใช้งาน', en: 'Functional' },
      description: { th: 'จดจำการตั้งค่า เช่น ภาษา', en: 'Remember your settings, such as the language.' },
      cookies: [],
      services: [],
    },
    {
      key: 'analytics',
      name: { th: 'คุกกี้เพื่อการวิเคราะห์', en: 'Analytics' },
      description: { th: 'ช่วยให้เราเข้าใจการใช้งานเว็บไซต์เพื่อปรับปรุงบริการ', en: 'Help us understand how the site is used.' },
      cookies: [],
      services: [],
    },
    {
      key: 'marketing',
      name: { th: 'คุกกี้เพื่อการตลาด', en: 'Marketing' },
      description: { th: 'ใช้แสดงโฆษณาที่ตรงกับความสนใจของคุณ', en: 'Used to show advertising that matches your interests.' },
      cookies: [],
      services: [],
    },
  ],
  texts: {
    th: {
      title: 'เว็บไซต์นี้ใช้คุกกี้',
      body: 'เราใช้คุกกี้ที่จำเป็นเพื่อให้เว็บไซต์ทำงานได้ และขอความยินยอมของคุณสำหรับคุกกี้ประเภทอื่น คุณเปลี่ยนใจได้ทุกเมื่อ',
      acceptAll: 'ยอมรับทั้งหมด',
      rejectAll: 'ปฏิเสธทั้งหมด',
      preferences: 'ตั้งค่าคุกกี้',
      save: 'บันทึกการตั้งค่า',
      reopen: 'ตั้งค่าคุกกี้',
    },
    en: {
      title: 'This site uses cookies',
      body: 'We use necessary cookies to make the site work and ask your consent for the others. You can change your mind at any time.',
      acceptAll: 'Accept all',
      rejectAll: 'Reject all',
      preferences: 'Cookie settings',
      save: 'Save settings',
      reopen: 'Cookie settings',
    },
  },
  colors: { background: '#ffffff', text: '#1f2937', primary: '#1d4ed8', primaryText: '#ffffff' },
  position: 'bottom',
  reopenButton: true,
  consentWall: false,
  reloadOnWithdrawal: false,
  reaskMonths: 12,
  gpcMarketingOff: true,
  policyUrl: '',
});

/** Category keys of a version, each with its services' (the set that, when changed, asks every visitor again: a new vendor needs its own consent). */
export const categoryKeys = (s: Pick<CookieSettings, 'categories'>) =>
  s.categories.map((c) => c.key + (c.services?.length ? `[${c.services.map((v) => v.key).join(',')}]` : '')).join(',');

/** POST /cookie/setting/:cookieDomainId/publish: `reaskAll` asks every visitor again though the categories are the same (the policy changed). */
export const cookiePublishBody = z.object({ reaskAll: z.boolean().default(false) });
