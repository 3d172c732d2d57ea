import polyglotI18nProvider from 'ra-i18n-polyglot';
import th from './th';
import en from './en';
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

export const i18nProvider = polyglotI18nProvider(
  (locale) => {
    setApiLocale(locale);
    localStorage.setItem(LOCALE_KEY, locale);
    document.documentElement.lang = locale;
    return locale === 'en' ? en : th;
  },
  savedLocale(),
  LOCALES,
  { allowMissing: false },
);
