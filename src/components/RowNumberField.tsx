import { useListContext, useRecordContext } from 'react-admin';

/** The row's number across pages: it follows the list's own page size (the seed's 30 was a bug). */
export function RowNumberField(_props: { label?: string }) {
  const record = useRecordContext();
  const { data = [], page, perPage } = useListContext();
  if (!record) return null;
  return <span>{(page - 1) * perPage + data.findIndex((r) => r.id === record.id) + 1}</span>;
}
