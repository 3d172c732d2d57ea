import { useDataProvider, useLocaleState } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { MENU } from '../../contract/menus';
import { useServerMenu } from '../../src/layout/useServerMenu';

/** The toasts' screen codes of the knowledge tests' screens. */
export const SCREEN = {
  my: 'QZ#001',
  start: 'QZ#002',
  attempt: 'QZ#003',
  submit: 'QZ#004',
  certificate: 'QZ#005',
  verify: 'QZ#006',
  tests: 'QZT#001',
  testSave: 'QZT#002',
  testDelete: 'QZT#003',
  results: 'QZT#004',
  export: 'QZT#005',
  standing: 'QZT#006',
  team: 'QZ#007',
  questions: 'QZQ#001',
  questionSave: 'QZQ#002',
  questionDelete: 'QZQ#003',
} as const;

export const useQuizApi = () => useDataProvider<AppDataProvider>();

/** A Thai or English text of a bilingual pair, by the reader's language. */
export function useBilingual() {
  const [locale] = useLocaleState();
  return (text: { th: string; en: string }) => (locale === 'en' ? text.en || text.th : text.th);
}

/** Whether the user's role opens menu 7 (managing the tests); the server checks it again on every call. */
export function useCanManageTests() {
  const { menu } = useServerMenu();
  return menu.some((m) => m.menuId === MENU.sheets.menuId);
}

/** A Bangkok calendar day (yyyy-mm-dd) as an instant at its start, for the date formatter. */
export const dayStart = (day: string) => `${day}T00:00:00+07:00`;
