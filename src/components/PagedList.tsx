import type { ReactNode } from 'react';
import { List } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { useNotifyError } from './ErrorToast';
import { ListPagination } from './ListPagination';

interface Props {
  resource: string;
  /** the screen code of the toast when the list cannot load */
  screenCode: string;
  filterDefaultValues?: Record<string, unknown>;
  children: ReactNode;
}

/**
 * A list inside a module page, as the seed's lists behave: 20 a page, its own toolbar (no
 * react-admin title, actions or export), the empty state drawn by the table, state kept per visit.
 */
export function PagedList({ resource, screenCode, filterDefaultValues, children }: Props) {
  const notifyError = useNotifyError();
  return (
    <List
      resource={resource}
      perPage={DEFAULT_PAGE_SIZE}
      pagination={<ListPagination />}
      filterDefaultValues={filterDefaultValues}
      actions={false}
      empty={false}
      exporter={false}
      storeKey={false}
      disableSyncWithLocation
      title={false as unknown as string}
      queryOptions={{ onError: (error: unknown) => notifyError(error, screenCode) }}
    >
      {children}
    </List>
  );
}
