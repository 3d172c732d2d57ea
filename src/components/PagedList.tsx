import type { ReactNode } from 'react';
import { List, useListContext } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { useNotifyError } from './ErrorToast';
import { ListPagination } from './ListPagination';
import { LoadFailed } from './LoadFailed';
import { LoadingSkeleton } from './LoadingSkeleton';

interface Props {
  resource: string;
  /** the screen code of the toast when the list cannot load */
  screenCode: string;
  filterDefaultValues?: Record<string, unknown>;
  children: ReactNode;
}

/** The list area of a list that could not load: the reason, its screen code and a retry (never an empty table). */
export function ListLoadFailed({ screenCode }: { screenCode: string }) {
  const { error, refetch } = useListContext();
  return <LoadFailed error={error} screenCode={screenCode} onRetry={() => void refetch()} />;
}

/**
 * A list inside a module page, as the seed's lists behave: 20 a page, its own toolbar (no
 * react-admin title, actions or export), the empty state drawn by the table, state kept per visit.
 * Loading shows the table's skeleton rows; a failure shows the toast and, in the list's place, the
 * reason with a retry — no rows, no "1-20 of 20".
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
      error={<ListLoadFailed screenCode={screenCode} />}
      loading={<LoadingSkeleton shape="list" />}
      queryOptions={{ retry: false, onError: (error: unknown) => notifyError(error, screenCode) }}
    >
      {children}
    </List>
  );
}
