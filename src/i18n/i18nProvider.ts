import polyglotI18nProvider from 'ra-i18n-polyglot';
import th from './th';
import en from './en';
import { setApiLocale } from '../../dataProvider/http';

export const LOCALES = [
  { locale: 'th', name: 'ไทย' },
  { locale: 'en', name: 'English' },
];

/** Thai by default; the choice is kept by react-admin's store (local storage). */
export const i18nProvider = polyglotI18nProvider(
  (locale) => {
    setApiLocale(locale);
    document.documentElement.lang = locale;
    return locale === 'en' ? en : th;
  },
  'th',
  LOCALES,
  { allowMissing: false },
);
