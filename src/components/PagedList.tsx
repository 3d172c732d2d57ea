import type { ReactNode } from 'react';
import { List, useListContext, type SortPayload } from 'react-admin';
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
  /** the order asked of the server (a list whose server sorts must name one it knows) */
  sort?: SortPayload;
  /**
   * The page's main list keeps its filters, order and page in the address (a link or a reload opens
   * it as it was); a list beside others on its page keeps them to itself.
   */
  syncWithLocation?: boolean;
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
export function PagedList({ resource, screenCode, filterDefaultValues, sort, syncWithLocation = false, children }: Props) {
  const notifyError = useNotifyError();
  return (
    <List
      resource={resource}
      perPage={DEFAULT_PAGE_SIZE}
      pagination={<ListPagination />}
      filterDefaultValues={filterDefaultValues}
      sort={sort}
      actions={false}
      empty={false}
      exporter={false}
      storeKey={false}
      disableSyncWithLocation={!syncWithLocation}
      title={false as unknown as string}
      error={<ListLoadFailed screenCode={screenCode} />}
      loading={<LoadingSkeleton shape="list" />}
      queryOptions={{ retry: false, onError: (error: unknown) => notifyError(error, screenCode) }}
    >
      {children}
    </List>
  );
}
