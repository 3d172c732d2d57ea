import Polyglot from 'node-polyglot';
import type { I18nProvider } from 'ra-core';
import { use } from 'react';
import type { AreaName, Lang } from '../../i18n';
import auth from '../../i18n/auth';
import shell from '../../i18n/shell';
import { setApiLocale } from '../../dataProvider/http';

export const LOCALES = [
  { locale: 'th', name: 'ไทย' },
  { locale: 'en', name: 'English' },
];

type Messages = Record<string, unknown>;
interface Area {
  th: Messages;
  en: Messages;
}

/**
 * The texts load by area (`i18n/<area>.ts`): the shell's and the sign-in pages' with the first
 * page, a module's with the module (`useTexts`), react-admin's own with the application
 * (`registerApplicationTexts`, with the application's own `layout`). Thai and English of an area arrive together, so switching the
 * language never waits for a module's texts; react-admin's English is fetched when first chosen.
 */
/** Every area but those loaded with the first page, found by convention (each `i18n/<area>.ts`). */
export type LazyArea = Exclude<AreaName, 'shell' | 'auth' | 'layout'>;
const LOADERS = Object.fromEntries(
  Object.entries(
    import.meta.glob<{ default: Area }>([
      '../../i18n/*.ts',
      '!**/index.ts',
      '!**/dates.ts',
      '!**/messages.ts',
      '!**/shell.ts',
      '!**/auth.ts',
      '!**/layout.ts',
    ]),
  ).map(([path, load]) => [path.replace(/^.*\/(\w+)\.ts$/, '$1'), load]),
) as Record<LazyArea, () => Promise<{ default: Area }>>;
export const LAZY_AREAS = Object.keys(LOADERS) as LazyArea[];

const areas: Area[] = [shell, auth];
const reactAdmin: Partial<Record<Lang, Messages>> = {};
const loading = new Map<LazyArea, Promise<void>>();
const loaded = new Set<LazyArea>();

/**
 * The language is the device's preference, not the session's: kept under its own key, so signing
 * out (which clears react-admin's store) does not forget it. Thai by default.
 */
const LOCALE_KEY = 'pdpa.locale';
const savedLocale = (): Lang => (localStorage.getItem(LOCALE_KEY) === 'en' ? 'en' : 'th');

let locale: Lang = 'th';
const polyglot = new Polyglot({ locale, phrases: {}, allowMissing: false });

const phrasesOf = (lang: Lang) => [reactAdmin[lang] ?? {}, ...areas.map((a) => a[lang])];

const localeListeners = new Set<(lang: Lang) => void>();

/**
 * Calls `listener` with the language now and on every change: what words itself outside the catalogue
 * follows the language too (zod's messages, src/zodConfig.ts, loaded with zod and not before).
 */
export function onLocaleChange(listener: (lang: Lang) => void) {
  localeListeners.add(listener);
  listener(locale);
}

function applyLocale(lang: Lang) {
  locale = lang;
  polyglot.locale(lang);
  polyglot.replace({});
  for (const phrases of phrasesOf(lang)) polyglot.extend(phrases);
  setApiLocale(lang);
  for (const listener of localeListeners) listener(lang);
  localStorage.setItem(LOCALE_KEY, lang);
  document.documentElement.lang = lang;
}

function addArea(area: Area) {
  if (areas.includes(area)) return;
  areas.push(area);
  polyglot.extend(area[locale]);
}

/**
 * The texts the application brings with it (src/App.tsx), not the sign-in page: its own (`i18n/layout.ts`:
 * the menu, the notifications, its pages) and react-admin's (`ra.*`: Thai given, English loaded when chosen).
 */
export function registerApplicationTexts(layout: Area, thai: Messages) {
  addArea(layout);
  reactAdmin.th = thai;
  if (locale === 'th') polyglot.extend(thai);
}

/** Loads an area's texts once; resolves when they are in the catalogue. */
export function loadTexts(name: LazyArea): Promise<void> {
  let promise = loading.get(name);
  if (!promise) {
    promise = LOADERS[name]().then((m) => {
      addArea(m.default);
      loaded.add(name);
    });
    loading.set(name, promise);
  }
  return promise;
}

/** Suspends the screen (its Suspense shows the loader) until its areas' texts are in the catalogue. */
export function useTexts(...names: LazyArea[]) {
  for (const name of names) if (!loaded.has(name)) use(loadTexts(name));
}

export const i18nProvider: I18nProvider = {
  translate: (key: string, options: Record<string, unknown> = {}) => polyglot.t(key, options),
  changeLocale: async (next: string) => {
    const lang: Lang = next === 'en' ? 'en' : 'th';
    if (lang === 'en' && !reactAdmin.en) reactAdmin.en = (await import('ra-language-english')).default as Messages;
    applyLocale(lang);
  },
  getLocale: () => locale,
  getLocales: () => LOCALES,
};

const initialLocale = savedLocale();
applyLocale('th');

/** Switches to the saved language (loading react-admin's English) before the first render: no Thai flash. */
export const localeReady: Promise<unknown> = initialLocale === 'th' ? Promise.resolve() : i18nProvider.changeLocale(initialLocale);
