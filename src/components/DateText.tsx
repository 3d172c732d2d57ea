import { useLocaleState, useRecordContext } from 'react-admin';
import { formatDate } from '../../i18n/dates';

/** A record's date in the Buddhist era, long format, Bangkok time. */
export function DateText({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return <span>{formatDate(record?.[source], locale)}</span>;
}
