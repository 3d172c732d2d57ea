import audit from './audit';
import auth from './auth';
import breach from './breach';
import company from './company';
import consent from './consent';
import cookie from './cookie';
import datamap from './datamap';
import ropa from './ropa';
import dsr from './dsr';
import dpo from './dpo';
import people from './people';
import risk from './risk';
import roles from './roles';
import server from './server';
import layout from './layout';
import shell from './shell';
import quiz from './quiz';
import sheets from './sheets';
import dashboard from './dashboard';

/**
 * The product's texts, one catalogue per area (`i18n/<area>.ts`: Thai and English side by side).
 * The browser loads an area with the screens that use it (src/i18n/i18nProvider.ts); the server
 * imports the areas it words replies, e-mails and exports with. Nothing here imports anything else.
 */
export const AREAS = {
  shell,
  layout,
  auth,
  risk,
  company,
  audit,
  roles,
  people,
  consent,
  dsr,
  datamap,
  server,
  quiz,
  dpo,
  cookie,
  ropa,
  breach,
  sheets,
  dashboard,
};
export type AreaName = keyof typeof AREAS;
export type Lang = 'th' | 'en';

/** Every area at once (tests, the fake-api): the same keys the browser sees once all are loaded. */
export const th = {
  ...shell.th,
  ...layout.th,
  ...auth.th,
  ...risk.th,
  ...company.th,
  ...audit.th,
  ...roles.th,
  ...people.th,
  ...consent.th,
  ...dsr.th,
  ...datamap.th,
  ...ropa.th,
  ...server.th,
  ...quiz.th,
  ...dpo.th,
  ...cookie.th,
  ...breach.th,
  ...sheets.th,
  ...dashboard.th,
};
export const en: typeof th = {
  ...shell.en,
  ...layout.en,
  ...auth.en,
  ...risk.en,
  ...company.en,
  ...audit.en,
  ...roles.en,
  ...people.en,
  ...consent.en,
  ...dsr.en,
  ...datamap.en,
  ...ropa.en,
  ...server.en,
  ...quiz.en,
  ...dpo.en,
  ...cookie.en,
  ...breach.en,
  ...sheets.en,
  ...dashboard.en,
};
export const catalogue = (lang: Lang) => (lang === 'en' ? en : th);

/** The text at a dotted key (`datamap.categories.entity`), or undefined. */
export function textAt(lang: Lang, key: string): string | undefined {
  let node: unknown = catalogue(lang);
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}
