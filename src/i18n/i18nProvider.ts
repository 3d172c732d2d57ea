import polyglotI18nProvider from 'ra-i18n-polyglot';
import th from './th';
import { setApiLocale } from '../../dataProvider/http';

export const LOCALES = [
  { locale: 'th', name: 'ไทย' },
  { locale: 'en', name: 'English' },
];

/**
 * The language is the device's preference, not the session's: kept under its own key, so signing
 * out (which clears react-admin's store) does not forget it. Thai by default.
 */
const LOCALE_KEY = 'pdpa.locale';
const savedLocale = () => {
  const saved = localStorage.getItem(LOCALE_KEY);
  return LOCALES.some((l) => l.locale === saved) ? saved! : 'th';
};

type Catalogue = typeof th;
/** Thai ships with the first load; English is fetched when first chosen (a smaller sign-in page). */
const catalogues: Record<string, Catalogue | undefined> = { th };
const loadEnglish = () =>
  import('./en').then((m) => {
    catalogues.en = m.default as Catalogue;
    return catalogues.en;
  });

/** read before the provider starts in Thai (starting it records Thai as the language) */
const initialLocale = savedLocale();

const applyLocale = (locale: string) => {
  setApiLocale(locale);
  localStorage.setItem(LOCALE_KEY, locale);
  document.documentElement.lang = locale;
};

export const i18nProvider = polyglotI18nProvider(
  (locale) => {
    applyLocale(locale);
    const loaded = catalogues[locale];
    if (loaded) return loaded;
    // react-admin waits for the promise when the language is switched
    return (locale === 'en' ? loadEnglish() : Promise.resolve(th)) as unknown as Catalogue;
  },
  'th',
  LOCALES,
  { allowMissing: false },
);

/** Switches to the saved language (loading its catalogue) before the first render: no Thai flash. */
export const localeReady: Promise<unknown> = initialLocale === 'th' ? Promise.resolve() : i18nProvider.changeLocale(initialLocale);
