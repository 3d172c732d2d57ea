/**
 * Cookies, storage keys and hosts the scanner recognises: who they belong to and the category a
 * site's banner should put them in. Each entry is a fact about a well-known service (its cookie
 * names and the hosts it loads from); what is not here is reported as unknown for staff to sort.
 * Durations are not listed: the scanner reports each cookie's own expiry as it found it.
 */
export type TrackerCategory = 'necessary' | 'functional' | 'analytics' | 'marketing';

export interface Tracker {
  provider: string;
  category: TrackerCategory;
  /** cookie and storage names: exact, or a prefix ending in `*` */
  names: readonly string[];
  /** host names of the service: the host itself and its sub-domains */
  hosts: readonly string[];
  purpose: { th: string; en: string };
}

export const TRACKERS: readonly Tracker[] = [
  {
    provider: 'PDPA Back Office',
    category: 'necessary',
    names: ['pdpa_cc'],
    hosts: [],
    purpose: { th: 'เก็บทางเลือกเรื่องคุกกี้ของผู้เข้าชม', en: "Keeps the visitor's cookie choice" },
  },
  {
    provider: 'Cloudflare',
    category: 'necessary',
    names: ['__cf_bm', 'cf_clearance', '__cfruid', '_cfuvid'],
    hosts: [],
    purpose: { th: 'แยกผู้เข้าชมจริงออกจากบอตและรักษาความปลอดภัยของเว็บไซต์', en: 'Tells people from bots and protects the site' },
  },
  {
    provider: 'Session of the site',
    category: 'necessary',
    names: ['PHPSESSID', 'JSESSIONID', 'ASP.NET_SessionId', 'connect.sid', 'laravel_session', 'XSRF-TOKEN', 'csrftoken', 'sessionid'],
    hosts: [],
    purpose: { th: 'รักษาการเข้าใช้งานและป้องกันการปลอมคำขอของเว็บไซต์เอง', en: "The site's own session and request-forgery protection" },
  },
  {
    provider: 'Google Analytics',
    category: 'analytics',
    names: ['_ga', '_ga_*', '_gid', '_gat', '_gat_*', '__utma', '__utmb', '__utmc', '__utmt', '__utmz'],
    hosts: ['google-analytics.com', 'analytics.google.com'],
    purpose: { th: 'แยกผู้เข้าชมและรอบการเข้าชมเพื่อทำสถิติการใช้งาน', en: 'Tells visitors and visits apart for usage statistics' },
  },
  {
    provider: 'Google Tag Manager',
    category: 'functional',
    names: [],
    hosts: ['googletagmanager.com'],
    purpose: { th: 'โหลดแท็กอื่น ๆ ของเว็บไซต์ (ตัวเองไม่ตั้งคุกกี้)', en: "Loads the site's other tags (sets no cookie itself)" },
  },
  {
    provider: 'Google Ads',
    category: 'marketing',
    names: ['_gcl_au', '_gcl_aw', '_gcl_dc', '_gcl_gb', '_gcl_*', 'IDE', 'DSID', 'test_cookie', 'NID'],
    hosts: ['doubleclick.net', 'googleadservices.com', 'googlesyndication.com', 'google.com'],
    purpose: { th: 'วัดผลและเลือกโฆษณาของ Google', en: "Measures and chooses Google's advertising" },
  },
  {
    provider: 'Meta (Facebook) Pixel',
    category: 'marketing',
    names: ['_fbp', '_fbc', 'fr'],
    hosts: ['facebook.net', 'facebook.com'],
    purpose: { th: 'วัดผลโฆษณาและสร้างกลุ่มเป้าหมายบน Facebook และ Instagram', en: 'Measures ads and builds audiences on Facebook and Instagram' },
  },
  {
    provider: 'TikTok Pixel',
    category: 'marketing',
    names: ['_ttp', '_tt_enable_cookie', 'ttcsid', 'ttcsid_*'],
    hosts: ['analytics.tiktok.com', 'tiktok.com'],
    purpose: { th: 'วัดผลโฆษณาและสร้างกลุ่มเป้าหมายบน TikTok', en: 'Measures ads and builds audiences on TikTok' },
  },
  {
    provider: 'LINE Tag',
    category: 'marketing',
    names: ['__lt__cid', '__lt__sid'],
    hosts: ['tr.line.me', 'd.line-scdn.net'],
    purpose: { th: 'วัดผลโฆษณาบน LINE และสร้างกลุ่มเป้าหมาย', en: 'Measures LINE ads and builds audiences' },
  },
  {
    provider: 'Shopee',
    category: 'marketing',
    names: [],
    hosts: ['shopee.co.th'],
    purpose: { th: 'ลิงก์และวิดเจ็ตร้านค้าของ Shopee (รวมถึงโปรแกรมแอฟฟิลิเอต)', en: "Shopee's shop links and widgets (affiliate programme included)" },
  },
  {
    provider: 'Lazada',
    category: 'marketing',
    names: [],
    hosts: ['lazada.co.th'],
    purpose: { th: 'ลิงก์และวิดเจ็ตร้านค้าของ Lazada (รวมถึงโปรแกรมแอฟฟิลิเอต)', en: "Lazada's shop links and widgets (affiliate programme included)" },
  },
  {
    provider: 'Hotjar',
    category: 'analytics',
    names: ['_hjSessionUser_*', '_hjSession_*', '_hjid', '_hjFirstSeen', '_hjIncludedInSessionSample*', '_hjAbsoluteSessionInProgress', '_hjTLDTest'],
    hosts: ['hotjar.com', 'hotjar.io'],
    purpose: { th: 'บันทึกการคลิกและการเลื่อนหน้าเพื่อดูการใช้งาน', en: 'Records clicks and scrolling to study how the site is used' },
  },
  {
    provider: 'Microsoft Clarity',
    category: 'analytics',
    names: ['_clck', '_clsk', 'CLID'],
    hosts: ['clarity.ms'],
    purpose: { th: 'บันทึกการใช้งานหน้าเว็บเพื่อทำสถิติและแผนที่ความร้อน', en: 'Records page use for statistics and heatmaps' },
  },
  {
    provider: 'Microsoft Advertising',
    category: 'marketing',
    names: ['_uetsid', '_uetvid', 'MUID'],
    hosts: ['bat.bing.com', 'bing.com'],
    purpose: { th: 'วัดผลโฆษณาบน Bing', en: 'Measures ads on Bing' },
  },
  {
    provider: 'LinkedIn Insight Tag',
    category: 'marketing',
    names: ['li_fat_id', 'lidc', 'bcookie', 'UserMatchHistory', 'AnalyticsSyncHistory'],
    hosts: ['licdn.com', 'linkedin.com'],
    purpose: { th: 'วัดผลโฆษณาและสร้างกลุ่มเป้าหมายบน LinkedIn', en: 'Measures ads and builds audiences on LinkedIn' },
  },
  {
    provider: 'X (Twitter)',
    category: 'marketing',
    names: ['personalization_id', 'muc_ads', 'guest_id'],
    hosts: ['ads-twitter.com', 'twitter.com', 'x.com', 't.co'],
    purpose: { th: 'วัดผลโฆษณาบน X', en: 'Measures ads on X' },
  },
  {
    provider: 'YouTube',
    category: 'marketing',
    names: ['VISITOR_INFO1_LIVE', 'YSC', 'VISITOR_PRIVACY_METADATA'],
    hosts: ['youtube.com', 'ytimg.com'],
    purpose: { th: 'วิดีโอที่ฝังในหน้าเว็บ และการเลือกโฆษณาของ YouTube', en: "Embedded videos, and YouTube's choice of ads" },
  },
];

/** Whether `name` is `pattern` or starts with a `prefix*` pattern's prefix. */
export const nameMatches = (pattern: string, name: string) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name);

/** The service a cookie or storage key belongs to, by its name. */
export const trackerOfName = (name: string) => TRACKERS.find((t) => t.names.some((p) => nameMatches(p, name)));

/** The service a host belongs to: the host itself or one of its sub-domains. */
export const trackerOfHost = (host: string) => {
  const h = host.toLowerCase();
  return TRACKERS.find((t) => t.hosts.some((s) => h === s || h.endsWith('.' + s)));
};
