import { useLocaleState } from 'react-admin';
import { formatDate } from '../../i18n/dates';

/** The toasts' screen codes of the DPO screens (menu 4). */
export const SCREEN = {
  list: 'DPO#001',
  save: 'DPO#002',
  end: 'DPO#003',
  order: 'DPO#004',
  assessment: 'DPO#005',
  assessmentSave: 'DPO#006',
  people: 'DPO#007',
  reports: 'DPO#008',
  reportSave: 'DPO#009',
  reportDelete: 'DPO#010',
} as const;

/** A calendar date `YYYY-MM-DD` (or an instant) as the reader writes it, in the Buddhist era. */
export function useDate() {
  const [locale] = useLocaleState();
  return (value: string | null | undefined) =>
    value ? formatDate(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+07:00` : value, locale) : '';
}
