/**
 * Draws the cookie banner into a shadow root: the first view (Accept all and Reject all equally
 * prominent, preferences) and the preferences view (a switch per category). Plain DOM, no framework:
 * the banner script (banner/main.ts) and the staff screens' live preview both use it.
 */
import type { CookieBannerConfig } from '../contract/cookie';

export type Lang = 'th' | 'en';
export type Choices = Record<string, boolean>;

export interface BannerHandlers {
  /** a choice: every category's state, and how it was made */
  choose(choices: Choices, method: 'accept_all' | 'reject_all' | 'custom' | 'gpc'): void;
  /** Escape after an earlier choice: close without a new one */
  close?(): void;
  /** after a choice: downloads the visitor's receipt of their choices */
  receipt?(): void;
}

const POS: Record<CookieBannerConfig['position'], string> = {
  bottom: 'left:0;right:0;bottom:0;border-radius:0',
  top: 'left:0;right:0;top:0;border-radius:0',
  corner: 'right:16px;bottom:16px;max-width:420px',
  center: 'left:50%;top:50%;transform:translate(-50%,-50%);max-width:560px;width:calc(100% - 32px)',
};

/**
 * The banner's styles. Its colours, font and corners are CSS variables set on the host element, from the
 * domain's settings; a site restyles the banner from its own style sheet, whose rule on the element wins:
 *   pdpa-cookie-banner { --pdpa-primary: #0b5; --pdpa-radius: 0; --pdpa-font: "Kanit", sans-serif }
 * Variables: --pdpa-bg, --pdpa-text, --pdpa-primary, --pdpa-primary-text, --pdpa-font, --pdpa-radius.
 */
const css = (c: CookieBannerConfig) =>
  `:host{all:initial;--pdpa-bg:${c.colors.background};--pdpa-text:${c.colors.text};--pdpa-primary:${c.colors.primary};` +
  `--pdpa-primary-text:${c.colors.primaryText};--pdpa-font:Sarabun,"Noto Sans Thai",system-ui,sans-serif;--pdpa-radius:10px}` +
  `*{box-sizing:border-box;font-family:var(--pdpa-font)}` +
  `.d{position:fixed;z-index:2147483646;border-radius:var(--pdpa-radius);${POS[c.position]};background:var(--pdpa-bg);color:var(--pdpa-text);` +
  `padding:16px 20px;box-shadow:0 4px 24px rgba(0,0,0,.25);max-height:90vh;overflow:auto;font-size:15px;line-height:1.5}` +
  `.w{max-width:1100px;margin:0 auto}h2{font-size:17px;margin:0 0 6px}p{margin:0 0 12px}a{color:inherit}` +
  `.r{display:flex;flex-wrap:wrap;gap:8px;align-items:center}` +
  `button{font:inherit;font-size:15px;cursor:pointer;border-radius:6px;padding:8px 18px;min-height:40px}` +
  `.m{background:var(--pdpa-primary);color:var(--pdpa-primary-text);border:2px solid var(--pdpa-primary);min-width:150px;font-weight:600}` +
  `.l{background:transparent;color:inherit;border:2px solid transparent;text-decoration:underline}` +
  `button:focus-visible,input:focus-visible{outline:3px solid var(--pdpa-primary);outline-offset:2px}` +
  `.c{border-top:1px solid rgba(127,127,127,.35);padding:10px 0}.h{display:flex;justify-content:space-between;gap:12px;align-items:center;font-weight:600}` +
  `.c p{margin:4px 0 0;font-size:14px}.s{font-weight:400;padding:4px 0 0 16px;font-size:14px}input{width:20px;height:20px;accent-color:var(--pdpa-primary)}` +
  `.o{position:fixed;z-index:2147483645;left:16px;bottom:16px;background:var(--pdpa-primary);color:var(--pdpa-primary-text);border:0;box-shadow:0 2px 8px rgba(0,0,0,.3)}` +
  `.bd{position:fixed;inset:0;z-index:2147483645;background:rgba(0,0,0,.45)}.g{font-size:14px;border-left:4px solid var(--pdpa-primary);padding-left:8px}` +
  `table{border-collapse:collapse;width:100%;font-size:13px;margin-top:6px}th,td{text-align:left;padding:3px 6px;border-bottom:1px solid rgba(127,127,127,.25);vertical-align:top}`;

/**
 * A choice of every category and service: each on when `on(category key)` says so (the necessary always);
 * a category's services follow it.
 */
export function allChoices(cfg: CookieBannerConfig, on: (key: string) => boolean): Choices {
  const c: Choices = {};
  for (const k of cfg.categories) {
    const v = k.key === 'necessary' || on(k.key);
    c[k.key] = v;
    for (const s of k.services ?? []) c[`${k.key}.${s.key}`] = v;
  }
  return c;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) => {
  const e = document.createElement(tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
};

/**
 * The banner's styles as a constructed style sheet of its shadow root: a site's Content-Security-Policy
 * (ours on /cookieex and the settings' preview too) refuses a `<style>` without its nonce, not these.
 */
function adoptCss(root: ShadowRoot, text: string) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  root.adoptedStyleSheets = [sheet];
}

/**
 * Renders the banner (`view` 'banner' or 'prefs') into `root`, replacing what was there; `initial`
 * is the switches' starting state. Returns the dialog element (focus is moved into it unless `preview`).
 */
export function renderBanner(
  root: ShadowRoot,
  cfg: CookieBannerConfig,
  lang: Lang,
  view: 'banner' | 'prefs',
  initial: Choices,
  handlers: BannerHandlers,
  opts: { gpc?: boolean; preview?: boolean } = {},
): HTMLElement {
  const t = cfg.texts[lang];
  root.textContent = '';
  adoptCss(root, css(cfg) + (opts.preview ? ':host{display:block;position:absolute;top:0;left:0;right:0;bottom:0}.d{position:absolute}' : ''));
  const L = cfg.labels[lang];
  // a consent wall is modal (the page behind dimmed, the focus kept inside); by default the banner is not and a keyboard user may Tab past it
  const wall = cfg.consentWall;
  const d = el('div', { class: 'd', role: 'dialog', 'aria-labelledby': 'pdpa-t', 'aria-describedby': 'pdpa-b', lang });
  if (wall) d.setAttribute('aria-modal', 'true');
  const w = el('div', { class: 'w' });
  d.append(w);
  w.append(el('h2', { id: 'pdpa-t' }, view === 'prefs' ? t.preferences : t.title));
  const body = el('p', { id: 'pdpa-b' }, t.body + ' ');
  if (cfg.policyUrl) body.append(el('a', { href: cfg.policyUrl, target: '_blank', rel: 'noopener' }, L.policy));
  w.append(body);
  // Global Privacy Control honoured openly: said, and Accept all says what it does
  const gpcOff = !!opts.gpc && cfg.gpcMarketingOff && cfg.categories.some((c) => c.key === 'marketing');
  if (gpcOff) w.append(el('p', { class: 'g', 'data-gpc': '' }, L.gpcHonoured));
  const accept = el('button', { class: 'm', type: 'button', 'data-act': 'accept' }, gpcOff ? L.acceptAllButMarketing : t.acceptAll);
  const reject = el('button', { class: 'm', type: 'button', 'data-act': 'reject' }, t.rejectAll);
  accept.onclick = () =>
    gpcOff
      ? handlers.choose(
          allChoices(cfg, (k) => k !== 'marketing'),
          'gpc',
        )
      : handlers.choose(
          allChoices(cfg, () => true),
          'accept_all',
        );
  reject.onclick = () =>
    handlers.choose(
      allChoices(cfg, () => false),
      'reject_all',
    );
  const row = el('div', { class: 'r' });
  if (view === 'prefs') {
    const boxes: HTMLInputElement[] = [];
    for (const c of cfg.categories) {
      const box = el('div', { class: 'c' });
      const id = `pdpa-c-${c.key}`;
      const h = el('div', { class: 'h' });
      const label = el('label', { for: id }, c.name[lang]);
      const input = el('input', { type: 'checkbox', role: 'switch', id, 'data-key': c.key, 'aria-describedby': id + '-d' });
      input.checked = c.key === 'necessary' || !!initial[c.key];
      input.disabled = c.key === 'necessary';
      boxes.push(input);
      h.append(label, input);
      box.append(h, el('p', { id: id + '-d' }, c.description[lang]));
      // its services, each refusable alone: the category is on while one of them is
      const services = (c.services ?? []).map((v) => {
        const key = `${c.key}.${v.key}`;
        const row = el('div', { class: 'h s' });
        const sw = el('input', { type: 'checkbox', role: 'switch', id: `pdpa-s-${c.key}-${v.key}`, 'data-key': key });
        sw.checked = initial[key] ?? input.checked;
        sw.onchange = () => (input.checked = services.some((x) => x.checked));
        row.append(el('label', { for: sw.id }, v.name), sw);
        box.append(row);
        boxes.push(sw);
        return sw;
      });
      if (services.length) input.onchange = () => services.forEach((x) => (x.checked = input.checked));
      // each declared cookie of the category: name, provider, purpose, duration
      if (c.details.length) {
        const table = el('table');
        const head = el('tr');
        for (const k of ['cookieName', 'provider', 'purpose', 'duration'] as const) head.append(el('th', { scope: 'col' }, L[k]));
        table.append(head);
        for (const k of c.details) {
          const tr = el('tr');
          const en = lang === 'en';
          for (const v of [k.name, k.provider, (en && k.purposeEn) || k.purpose, (en && k.durationEn) || k.duration]) tr.append(el('td', {}, v));
          table.append(tr);
        }
        box.append(table);
      }
      w.append(box);
    }
    const save = el('button', { class: 'l', type: 'button', 'data-act': 'save' }, t.save);
    save.onclick = () => handlers.choose(Object.fromEntries(boxes.map((b) => [b.dataset.key!, b.checked])), 'custom');
    row.append(reject, accept, save);
    if (handlers.receipt) {
      const receipt = el('button', { class: 'l', type: 'button', 'data-act': 'receipt' }, L.receipt);
      receipt.onclick = handlers.receipt;
      row.append(receipt);
    }
  } else {
    const prefs = el('button', { class: 'l', type: 'button', 'data-act': 'prefs' }, t.preferences);
    prefs.onclick = () => {
      const dialog = renderBanner(root, cfg, lang, 'prefs', initial, handlers, opts);
      (dialog.querySelector('input:not([disabled])') as HTMLElement | null)?.focus();
    };
    row.append(reject, accept, prefs);
  }
  w.append(row);
  // a wall keeps the focus in the dialog: Tab from the last control goes to the first, Shift+Tab the other way
  d.addEventListener('keydown', (e) => {
    const items = [...d.querySelectorAll<HTMLElement>('button,input:not([disabled]),a[href]')];
    if (wall && e.key === 'Tab' && items.length) {
      const i = items.indexOf(root.activeElement as HTMLElement);
      const next = e.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : i === items.length - 1 ? 0 : i + 1;
      items[next].focus();
      e.preventDefault();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (view === 'prefs') {
        const dialog = renderBanner(root, cfg, lang, 'banner', initial, handlers, opts);
        (dialog.querySelector('[data-act=prefs]') as HTMLElement).focus();
      } else handlers.close?.();
    }
  });
  if (wall && !opts.preview) root.append(el('div', { class: 'bd', 'aria-hidden': 'true' }));
  root.append(d);
  return d;
}

/** The small button that opens the banner again after a choice. */
export function renderReopen(root: ShadowRoot, cfg: CookieBannerConfig, lang: Lang, open: () => void) {
  root.textContent = '';
  adoptCss(root, css(cfg));
  const b = el('button', { class: 'o', type: 'button', 'aria-haspopup': 'dialog' }, cfg.texts[lang].reopen);
  b.onclick = open;
  root.append(b);
}
