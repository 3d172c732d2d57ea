/** Each demo company's website with its cookie banner (published), and a month of consent choices. */
import { defaultCookieSettings, type CookieMethod, type CookieSettings } from '../contract/cookie';

export const COOKIE_DEMO_HOSTS: Record<string, string> = { DEMO: 'www.demo-shop.co.th', SIAM: 'www.siam-insure.co.th' };

export function cookieDemoSettings(): CookieSettings {
  const s = defaultCookieSettings();
  const [necessary, functional, analytics, marketing] = s.categories;
  necessary.cookies = [
    {
      name: 'PHPSESSID',
      provider: 'demo-shop.co.th',
      purpose: 'เก็บสถานะการเข้าสู่ระบบและตะกร้าสินค้า',
      duration: 'เมื่อปิดเบราว์เซอร์',
      purposeEn: 'Keeps you signed in and your shopping cart',
      durationEn: 'Until the browser closes',
      party: 'first',
    },
    {
      name: 'pdpa_cc',
      provider: 'demo-shop.co.th',
      purpose: 'จดจำการเลือกเรื่องคุกกี้ของคุณ',
      duration: '12 เดือน',
      purposeEn: 'Remembers your cookie choices',
      durationEn: '12 months',
      party: 'first',
    },
  ];
  functional.cookies = [
    {
      name: 'lang',
      provider: 'demo-shop.co.th',
      purpose: 'จดจำภาษาที่เลือก',
      duration: '1 ปี',
      purposeEn: 'Remembers the language you chose',
      durationEn: '1 year',
      party: 'first',
    },
  ];
  analytics.cookies = [
    {
      name: '_ga',
      provider: 'Google Analytics',
      purpose: 'นับผู้เข้าชมและวิเคราะห์การใช้งาน',
      duration: '2 ปี',
      purposeEn: 'Counts visitors and analyses use',
      durationEn: '2 years',
      party: 'first',
    },
    {
      name: '_ga_*',
      provider: 'Google Analytics',
      purpose: 'เก็บสถานะของการเข้าชมแต่ละครั้ง',
      duration: '2 ปี',
      purposeEn: 'Keeps the state of each visit',
      durationEn: '2 years',
      party: 'first',
    },
  ];
  // the visitor may allow Google's ads and still refuse Meta's pixel (data-service="meta" on its script)
  marketing.services = [
    { key: 'google_ads', name: 'Google Ads' },
    { key: 'meta', name: 'Meta Pixel' },
  ];
  marketing.cookies = [
    {
      name: '_fbp',
      provider: 'Meta',
      purpose: 'วัดผลโฆษณาและแสดงโฆษณาที่เกี่ยวข้อง',
      duration: '3 เดือน',
      purposeEn: 'Measures ads and shows relevant ones',
      durationEn: '3 months',
      party: 'first',
    },
    {
      name: 'IDE',
      provider: 'Google Ads',
      purpose: 'แสดงโฆษณาตามความสนใจ',
      duration: '13 เดือน',
      purposeEn: 'Shows ads based on your interests',
      durationEn: '13 months',
      party: 'third',
    },
  ];
  s.categories.push({
    key: 'chat',
    name: { th: 'แชตกับฝ่ายบริการลูกค้า', en: 'Customer chat' },
    description: { th: 'หน้าต่างแชตสดกับฝ่ายบริการลูกค้า', en: 'The live chat window with customer service.' },
    cookies: [
      {
        name: 'livechat_id',
        provider: 'LiveChat',
        purpose: 'จดจำบทสนทนา',
        duration: '30 วัน',
        purposeEn: 'Remembers the conversation',
        durationEn: '30 days',
        party: 'third',
      },
    ],
    services: [],
  });
  s.policyUrl = 'https://www.demo-shop.co.th/privacy';
  return s;
}

/** Undeclared cookie names the banner has reported (to sort into a category). */
export const COOKIE_DEMO_UNDECLARED = ['_hjSessionUser_123', 'tt_pixel', 'ab_test_group'];

export interface DemoCookieChoice {
  daysAgo: number;
  method: CookieMethod;
  choices: Record<string, boolean>;
  path: string;
  lang: 'th' | 'en';
  browser: string;
}

/** A month of choices: most accept all, a third reject, some choose; the pattern repeats by a fixed rule (no randomness). */
export function cookieDemoChoices(n = 240): DemoCookieChoice[] {
  const paths = ['/', '/products', '/promotion', '/checkout', '/blog/pdpa'];
  const browsers = ['Chrome', 'Safari', 'Edge', 'Firefox', 'Samsung'];
  const out: DemoCookieChoice[] = [];
  for (let i = 0; i < n; i++) {
    const k = (i * 7919) % 100;
    const method: CookieMethod = k < 52 ? 'accept_all' : k < 85 ? 'reject_all' : k < 95 ? 'custom' : 'gpc';
    const all = method === 'accept_all';
    const choices =
      method === 'custom'
        ? { necessary: true, functional: true, analytics: k % 2 === 0, marketing: false, chat: true }
        : method === 'gpc'
          ? { necessary: true, functional: true, analytics: true, marketing: false, chat: true }
          : { necessary: true, functional: all, analytics: all, marketing: all, chat: all };
    out.push({
      daysAgo: Math.floor((i * 30) / n),
      method,
      choices,
      path: paths[i % paths.length],
      lang: i % 4 === 0 ? 'en' : 'th',
      browser: browsers[i % 5],
    });
  }
  return out;
}

/**
 * What the cookie scanner observed on DEMO's shop two days ago (the report is judged by the server's own
 * rules when seeded): Meta's pixel and a Google Ads tag run before consent, Hotjar after it but undeclared.
 */
export function cookieDemoScan(host: string) {
  const at = (path: string) => `https://${host}${path}`;
  const cookie = (
    name: string,
    setBy: 'header' | 'script',
    expiresDays: number | null,
    beforeConsent: boolean,
    path = '/',
    domain = host.replace(/^www\./, ''),
    firstParty = true,
  ) => ({ name, domain, kind: 'cookie' as const, setBy, expiresDays, firstParty, beforeConsent, page: at(path) });
  const pages = [
    '/',
    '/products',
    '/products/rice-cooker',
    '/products/air-fryer',
    '/promotion',
    '/cart',
    '/member/login',
    '/about',
    '/contact',
    '/privacy',
    '/faq',
    '/stores',
  ];
  return {
    startUrl: at('/'),
    pages: pages.map(at),
    offSite: 7,
    failed: [],
    consentGiven: true,
    refused: [],
    bytes: 8_412_337,
    stoppedBy: null,
    cookies: [
      cookie('PHPSESSID', 'header', null, true),
      cookie('lang', 'script', 365, true),
      cookie('_fbp', 'script', 90, true),
      cookie('_gcl_au', 'script', 90, true, '/promotion'),
      cookie('pdpa_cc', 'script', 365, false),
      cookie('_ga', 'script', 400, false),
      cookie('_ga_8XK2M4Q1ZP', 'script', 400, false),
      cookie('_hjSessionUser_123', 'script', 365, false),
      cookie('IDE', 'header', 390, false, '/', 'doubleclick.net', false),
      {
        name: 'cart_items',
        domain: host,
        kind: 'localStorage' as const,
        setBy: null,
        expiresDays: null,
        firstParty: true,
        beforeConsent: true,
        page: at('/cart'),
      },
    ],
    hosts: [
      { host: 'www.googletagmanager.com', requests: 24, beforeConsent: true },
      { host: 'connect.facebook.net', requests: 12, beforeConsent: true },
      { host: 'googleads.g.doubleclick.net', requests: 3, beforeConsent: true },
      { host: 'region1.google-analytics.com', requests: 18, beforeConsent: false },
      { host: 'static.hotjar.com', requests: 6, beforeConsent: false },
    ],
  };
}
