/**
 * The cookie banner a company's website embeds, first in <head>, after the Consent Mode stub
 * (`cookieSnippet` in contract/cookie.ts: the stub sets the defaults, denied, before any tag):
 *   <script>…stub…</script><script async src="https://<app>/cookie-banner.js" data-domain="<domain id>"></script>
 * It sets those defaults itself when an older snippet has no stub, reads the visitor's stored
 * choice (first-party cookie `pdpa_cc`), fetches the domain's published configuration, shows the
 * banner in a shadow root when the choice is missing, outdated (a version that changed the
 * categories) or older than the re-ask period, runs the blocked scripts and iframes of accepted
 * categories, and logs each choice with the token the server gave this visitor: a choice waits in
 * localStorage until the server has it (sent again, with the same submission id, after a failure or on
 * the next page), so none is lost and none is stored twice. Its API for the site's own code is
 * `window.pdpaCookies` (show, getConsent, acceptCategory, receipt, onFirstConsent, onChange) and the
 * window events `pdpa:consent`, `pdpa:first-consent` and `pdpa:change`. No framework, no dependency.
 */
import type { CookieBannerConfig } from '../contract/cookie';
import { allChoices, renderBanner, renderReopen, type Choices, type Lang } from './render';

interface Stored {
  id: string;
  v: number;
  c: Choices;
  t: number;
}
/** A choice not yet acknowledged by the server: its beacon (without the token), when it was made, the tries so far. */
interface Pending {
  b: { d: string; v: number; id: string; m: string; c: Choices; p: string; l: Lang; gpc: boolean; u: string[]; s: string };
  at: number;
  n: number;
}
type W = Window & { dataLayer?: unknown[]; gtag?: (...a: unknown[]) => void; pdpaCookies?: unknown; pdpaConsentDefault?: number };

(() => {
  const w = window as W;
  const me = document.currentScript as HTMLScriptElement | null;
  const domainId = me?.dataset.domain;
  if (!me || !domainId) return;
  const base = new URL(me.src).origin;
  const NAME = 'pdpa_cc';

  w.dataLayer = w.dataLayer || [];
  const gtag =
    w.gtag ||
    function () {
      // Consent Mode reads the arguments object, as Google's own snippet pushes it
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
  w.gtag = gtag;
  const mode = (c: Choices) => {
    const g = (on: boolean | undefined) => (on ? 'granted' : 'denied');
    return {
      ad_storage: g(c.marketing),
      ad_user_data: g(c.marketing),
      ad_personalization: g(c.marketing),
      analytics_storage: g(c.analytics),
      functionality_storage: g(c.functional),
      personalization_storage: g(c.functional),
      security_storage: 'granted',
    };
  };
  // the snippet's stub (contract/cookie.ts) set the defaults before any tag; an older snippet had none
  if (!w.pdpaConsentDefault) gtag('consent', 'default', { ...mode({}), wait_for_update: 500 });

  const readStored = (): Stored | undefined => {
    const raw = document.cookie.split('; ').find((p) => p.startsWith(NAME + '='));
    try {
      return raw ? (JSON.parse(decodeURIComponent(raw.slice(NAME.length + 1))) as Stored) : undefined;
    } catch {
      return undefined;
    }
  };
  const uuid = () =>
    crypto.randomUUID
      ? crypto.randomUUID()
      : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
          (+c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (+c / 4)))).toString(16),
        );
  const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  const lang: Lang = /^en/i.test(document.documentElement.lang || navigator.language || '') ? 'en' : 'th';

  let stored = readStored();
  let current: Choices = {};
  let cfg: CookieBannerConfig;
  /** The visitor's id: the stored choice's, or one made for this page until a choice stores it. */
  let fresh: string | undefined;
  const visitorId = () => stored?.id || (fresh ??= uuid());
  /**
   * The token a choice must carry (server/modules/cookie/token.ts): asked for this visitor once a page,
   * again after 90 minutes (the server takes them for two hours) or after a failure.
   */
  /** A reply's JSON, or a rejection naming its status. */
  const json = (r: Response) => (r.ok ? r.json() : Promise.reject(new Error('cookie banner: ' + r.status)));
  let token: Promise<string> | undefined;
  let tokenAt = 0;
  let tokenFor = '';
  const takeToken = (id = visitorId()) => {
    if (!token || tokenFor !== id || Date.now() - tokenAt > 5_400_000) {
      tokenAt = Date.now();
      tokenFor = id;
      const t = (token = fetch(`${base}/api/v1/cookie/public/token/${domainId}?id=${id}`, { mode: 'cors', cache: 'no-store' })
        .then(json)
        .then((reply: { token: string }) => reply.token));
      t.catch(() => {
        if (token === t) token = undefined;
      });
    }
    return token;
  };

  /**
   * The choices the server has not acknowledged (localStorage `pdpa_cc_q`, or this page's memory when
   * the browser refuses storage): each is sent with its submission id `s` until the server answers it —
   * stored, or refused for good (a 4xx) — and dropped after six tries or a day (the server keeps the ids
   * two days, so a repeat is stored once). Read and written whole each time: another tab may send too.
   */
  const QUEUE = 'pdpa_cc_q';
  let memory: Pending[] = [];
  /** Still worth sending: well-formed, fewer than six tries, made within the day. */
  const live = (x: Pending) => x && x.b && x.n < 6 && Date.now() - x.at < 86_400_000;
  const load = (): Pending[] => {
    try {
      const raw = localStorage.getItem(QUEUE);
      return raw ? (JSON.parse(raw) as Pending[]) : [];
    } catch {
      return memory;
    }
  };
  const update = (f: (q: Pending[]) => void) => {
    const q = load().filter(live);
    f(q);
    memory = q;
    try {
      if (q.length) localStorage.setItem(QUEUE, JSON.stringify(q));
      else localStorage.removeItem(QUEUE);
    } catch {
      // kept in memory for this page
    }
  };
  let sending: Promise<void> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** Sends the queue in order, one at a time; after a failure tries again later (2 s, 8 s, 32 s, …). */
  const send = (): Promise<void> =>
    (sending ??= (async () => {
      clearTimeout(retry);
      for (;;) {
        const item = load().find(live);
        if (!item) break;
        let status = 0;
        try {
          const t = await takeToken(item.b.id);
          const r = await fetch(base + cfg.beacon, {
            method: 'POST',
            body: JSON.stringify({ ...item.b, t }),
            keepalive: true,
            mode: 'cors',
            headers: { 'content-type': 'text/plain' },
          });
          status = r.status;
        } catch {
          // offline, unreachable, or an answer without CORS: try again
        }
        // 401: the token ran out (a new one is taken at once); 408, 429 and 5xx: the server could not take it now
        const done = status >= 200 && status < 500 && status !== 401 && status !== 408 && status !== 429;
        if (status === 401) token = undefined;
        update((q) => {
          const i = q.findIndex((x) => x.b.s === item.b.s);
          if (i < 0) return;
          if (done) q.splice(i, 1);
          else q[i].n++;
        });
        if (!done && status !== 401) {
          retry = setTimeout(() => void send(), 2000 * 4 ** item.n);
          break;
        }
      }
    })().finally(() => (sending = undefined)));
  /** A window event for the site's own code: `pdpa:consent` (every page, once the choice applies), `pdpa:first-consent`, `pdpa:change`. */
  const emit = (name: string, detail: unknown) => dispatchEvent(new CustomEvent('pdpa:' + name, { detail }));

  const matches = (name: string, pattern: string) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern);
  const cookieNames = () =>
    document.cookie
      .split('; ')
      .map((p) => p.split('=')[0])
      .filter(Boolean);

  /**
   * Runs what the accepted categories allow, in document order: an external script is waited for (its
   * load or error) before the next one runs, as the parser would have. Blocked elements added later are
   * caught by the observer.
   */
  const queued = new WeakSet<Element>();
  const pending: HTMLScriptElement[] = [];
  let waiting = false;
  /** Runs the queued scripts, at once while none is loading; an external one holds the rest until it loads or fails. */
  const pump = () => {
    while (!waiting && pending.length) {
      const old = pending.shift()!;
      const s = document.createElement('script');
      for (const a of old.attributes) if (a.name !== 'type') s.setAttribute(a.name, a.value);
      if (old.dataset.type) s.type = old.dataset.type;
      s.text = old.text;
      if (s.src) {
        waiting = true;
        s.async = false;
        s.onload = s.onerror = () => {
          waiting = false;
          pump();
        };
      }
      old.replaceWith(s);
    }
  };
  /** Whether a blocked element may run: its category accepted, and its service (`data-service`) not refused. */
  const allowed = (e: HTMLElement) => {
    const key = e.dataset.category!;
    return !!current[key] && (!e.dataset.service || current[`${key}.${e.dataset.service}`] !== false);
  };
  const activate = (root: ParentNode) => {
    root.querySelectorAll<HTMLScriptElement>('script[type="text/plain"][data-category]').forEach((old) => {
      if (!allowed(old) || queued.has(old)) return;
      queued.add(old);
      pending.push(old);
    });
    pump();
    root.querySelectorAll<HTMLIFrameElement>('iframe[data-src][data-category]').forEach((f) => {
      const key = f.dataset.category!;
      const holder = holders.get(f);
      if (allowed(f)) {
        if (!f.src) f.src = f.dataset.src!;
        if (holder) {
          holder.remove();
          holders.delete(f);
          f.style.display = '';
        }
      } else if (cfg && !holder && !f.src) placeholder(f, key);
    });
  };
  /** A blocked iframe's stand-in: who its content is from, which category it needs, a button that allows it. */
  const holders = new WeakMap<HTMLIFrameElement, HTMLElement>();
  const placeholder = (f: HTMLIFrameElement, key: string) => {
    const L = cfg.labels[lang];
    const category = cfg.categories.find((c) => c.key === key);
    const provider = f.dataset.provider || new URL(f.dataset.src!, location.href).hostname;
    const box = document.createElement('div');
    box.setAttribute('data-pdpa-placeholder', key);
    box.style.cssText = `display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;box-sizing:border-box;padding:12px;text-align:center;font:14px/1.4 system-ui,sans-serif;background:#f3f4f6;color:#1f2937;border:1px solid #d1d5db;max-width:100%;width:${f.width || 300}px;min-height:${f.height || 150}px`;
    const text = document.createElement('p');
    text.style.margin = '0';
    text.textContent = L.iframeBlocked.replace('%{provider}', provider).replace('%{category}', category ? category.name[lang] : key);
    const allow = document.createElement('button');
    allow.type = 'button';
    allow.textContent = L.iframeLoad;
    allow.style.cssText = `font:inherit;padding:6px 12px;border:0;border-radius:4px;cursor:pointer;background:${cfg.colors.primary};color:${cfg.colors.primaryText}`;
    // the choice as it is, with this category on, and of its services this iframe's (or all, when it names none)
    allow.onclick = () => {
      const c = allChoices(cfg, (k) => !!current[k]);
      for (const k in current) if (k.includes('.')) c[k] = current[k];
      c[key] = true;
      const service = f.dataset.service;
      if (service) c[`${key}.${service}`] = true;
      else for (const v of category?.services ?? []) c[`${key}.${v.key}`] = true;
      choose(c, 'custom');
    };
    box.append(text, allow);
    f.style.display = 'none';
    f.before(box);
    holders.set(f, box);
  };
  new MutationObserver((list) => {
    if (list.some((m) => m.addedNodes.length)) activate(document);
  }).observe(document.documentElement, { childList: true, subtree: true });

  /** A withdrawn category's declared first-party cookies go (on this host and its parents). */
  const removeCookies = (key: string) => {
    const cat = cfg.categories.find((c) => c.key === key);
    if (!cat) return;
    const parts = location.hostname.split('.');
    for (const name of cookieNames())
      if (cat.cookies.some((p) => matches(name, p)))
        for (let i = 0; i < parts.length; i++) {
          const domain = i ? '; domain=.' + parts.slice(i).join('.') : '';
          document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
        }
  };

  const apply = (c: Choices) => {
    for (const k in current) if (current[k] && !c[k]) removeCookies(k);
    current = c;
    gtag('consent', 'update', mode(c));
    activate(document);
    emit('consent', { ...c });
  };

  const host = document.createElement('pdpa-cookie-banner');
  host.style.cssText = 'position:fixed;width:0;height:0;z-index:2147483646';
  const root = host.attachShadow({ mode: 'open' });
  let returnFocus: Element | null = null;

  const reopen = () => {
    if (cfg.reopenButton) renderReopen(root, cfg, lang, () => open());
    else root.textContent = '';
  };
  const choose = (c: Choices, m: 'accept_all' | 'reject_all' | 'custom' | 'gpc') => {
    const id = visitorId();
    const before = stored && stored.c;
    stored = { id, v: cfg.version, c, t: Date.now() };
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${NAME}=${encodeURIComponent(JSON.stringify(stored))}; Max-Age=${cfg.reaskMonths * 2_629_746}; path=/; SameSite=Lax${secure}`;
    // a category taken back whose scripts already ran: only a new page stops them
    const withdrawn = Object.keys(current).some((k) => current[k] && !c[k]);
    apply(c);
    const declared = cfg.categories.flatMap((k) => k.cookies).concat(NAME);
    const u = cookieNames()
      .filter((n) => !declared.some((p) => matches(n, p)))
      .slice(0, 30);
    const p = location.pathname.slice(0, 512);
    const reload = withdrawn && cfg.reloadOnWithdrawal;
    // the choice waits in the queue until the server has it; a reload waits for the first try only
    update((q) => q.push({ b: { d: domainId, v: cfg.version, id, m, c, p, l: lang, gpc, u, s: uuid() }, at: Date.now(), n: 0 }));
    const sent = send();
    if (reload) void sent.then(() => location.reload());
    const changed = before ? Object.keys({ ...before, ...c }).filter((k) => !!before[k] !== !!c[k]) : [];
    if (!before) emit('first-consent', { choices: { ...c } });
    else if (changed.length) emit('change', { choices: { ...c }, changed });
    if (reload) return;
    reopen();
    (returnFocus as HTMLElement | null)?.focus?.();
  };
  /** Shows the banner; the focus moves into it when the visitor asked for it, or when it is a wall. */
  function open(asked = true) {
    returnFocus = document.activeElement;
    // the token the choice will carry, taken while the visitor reads
    takeToken().catch(() => undefined);
    // nothing but the necessary category is switched on before the visitor chooses (no pre-ticked boxes)
    const initial = stored ? stored.c : { necessary: true };
    const d = renderBanner(
      root,
      cfg,
      lang,
      'banner',
      initial,
      { choose, close: stored ? reopen : undefined, receipt: stored ? receipt : undefined },
      { gpc },
    );
    if (asked || cfg.consentWall) (d.querySelector('button') as HTMLElement).focus();
  }

  /** The visitor's receipt of their latest choices, from the server (each with its row's hash and its day's seal). */
  const receiptOf = () =>
    fetch(`${base}/api/v1/cookie/public/receipt/${domainId}?id=${visitorId()}`, { mode: 'cors', cache: 'no-store' })
      .then(json)
      .then((x: { receipt: unknown }) => x.receipt);
  /** Downloads the receipt as a JSON file. */
  const receipt = () =>
    void receiptOf().then((r) => {
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([JSON.stringify(r, null, 2)], { type: 'application/json' }));
      a.download = `consent-receipt-${location.hostname}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    }, console.warn);

  const on = (name: string) => (f: (detail: unknown) => void) => addEventListener('pdpa:' + name, (e) => f((e as CustomEvent).detail));
  /**
   * `acceptCategory()`: all; `acceptCategory([])`: only the necessary; `acceptCategory('analytics')` or a list: those and
   * the necessary. A category's key accepts it with its services; a service's (`marketing.meta`) that one, and its category.
   */
  const acceptCategory = (keys?: string | string[]) => {
    if (!cfg) return;
    const want = keys === undefined ? cfg.categories.map((c) => c.key) : ([] as string[]).concat(keys);
    const c = allChoices(cfg, (k) => want.includes(k));
    for (const k of want) if (k.includes('.') && k in c) c[k] = c[k.split('.')[0]] = true;
    const accepted = Object.keys(c).filter((k) => c[k]).length;
    choose(c, accepted === Object.keys(c).length ? 'accept_all' : accepted <= 1 ? 'reject_all' : 'custom');
  };
  w.pdpaCookies = {
    show: () => cfg && open(),
    open: () => cfg && open(),
    getConsent: () => ({ ...current }),
    choices: () => ({ ...current }),
    acceptCategory,
    receipt: receiptOf,
    onFirstConsent: on('first-consent'),
    onChange: on('change'),
  };

  fetch(`${base}/api/v1/cookie/public/config/${domainId}`, { mode: 'cors' })
    .then(json)
    .then((reply: { config: CookieBannerConfig }) => {
      cfg = reply.config;
      // choices an earlier page could not deliver
      if (load().length) void send();
      const start = () => {
        document.body.append(host);
        const fresh = stored && stored.v >= cfg.consentVersion && Date.now() - stored.t < cfg.reaskMonths * 2_629_746_000;
        if (fresh) {
          apply(stored!.c);
          reopen();
        } else {
          // the blocked iframes show what they need before the visitor chooses
          activate(document);
          open(false);
        }
      };
      if (document.body) start();
      else addEventListener('DOMContentLoaded', start);
    })
    .catch((e: unknown) => console.warn(e));
})();
