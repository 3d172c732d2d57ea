import { useLocaleState, useRecordContext } from 'react-admin';
import { itemNameIn } from '../../../contract/consent';
import { truncateGraphemes } from '../../../src/components/truncate';

/** How much of a name the list shows; the whole name is the cell's tooltip. */
const NAME_PREVIEW = 80;

/** The item's name in the reader's language (the Thai when it has no English), the other in the tooltip. */
export function ItemNameCell() {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return null;
  const thai = String(record.name ?? '');
  const english = String(record.name_en ?? '').trim();
  const name = itemNameIn({ name: thai, name_en: english }, locale);
  const other = locale === 'en' ? thai : english;
  const title = other && other !== name ? `${name} · ${other}` : name;
  return (
    <span title={title} lang={locale === 'en' && !english ? 'th' : undefined}>
      {truncateGraphemes(name, NAME_PREVIEW)}
    </span>
  );
}
