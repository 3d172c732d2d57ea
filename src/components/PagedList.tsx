import { forwardRef, lazy, Suspense, useContext, type ReactNode } from 'react';
import { DatagridBody, DatagridRow, List, ListContext, useRecordContext, type DatagridRowProps, type RaRecord, type SortPayload } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { EmptyList } from './EmptyList';
import { useNotifyError } from './ErrorToast';
import { LinkFilters, type LinkFilter } from './LinkFilters';
import { ListPagination } from './ListPagination';
import { LoadFailed } from './LoadFailed';
import { LoadingSkeleton } from './LoadingSkeleton';
import type { ListToolsOptions } from './ListTools';

// export, import and saved filters load with the first list that offers them
const ListTools = lazy(() => import('./ListTools').then((m) => ({ default: m.ListTools })));

/** A list's state when it is not read from react-admin's list context (a table drawn from a hook). */
export interface ListLooksState {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
  /** no rows to show */
  isEmpty: boolean;
}

/** Whether any filter narrows the list (a cleared box or an unticked box does not). */
export const isFiltered = (filterValues: Record<string, unknown> = {}) =>
  Object.values(filterValues).some((v) => v !== undefined && v !== '' && v !== false);

/**
 * The one place a list's looks that are not its rows are drawn, three that never mix: loading (the
 * skeleton), failed (the reason, its screen code and a retry; never an empty list) and empty (`empty`,
 * or the seed's two texts: nothing yet / nothing found). With rows, it draws `children`. It reads the
 * list context; `state` serves a table fed by a hook.
 */
export function ListLooks({
  screenCode,
  empty,
  state,
  children = null,
}: {
  screenCode?: string;
  empty?: ReactNode;
  state?: ListLooksState;
  children?: ReactNode;
}) {
  const context = useContext(ListContext);
  const list = state ?? {
    // no data yet (the sign-in check before the first call included) is loading, never empty
    isPending: Boolean(context?.isPending || (!context?.error && !context?.data)),
    error: context?.error,
    refetch: () => context?.refetch(),
    isEmpty: !context?.data?.length,
  };
  if (list.isPending) return <LoadingSkeleton shape="list" />;
  if (list.error) return <LoadFailed error={list.error} screenCode={screenCode} onRetry={() => void list.refetch()} />;
  if (list.isEmpty) return <>{empty ?? <EmptyList searching={isFiltered(context?.filterValues)} />}</>;
  return <>{children}</>;
}

/** The list area of a list that could not load: the reason, its screen code and a retry (never an empty table). */
export function ListLoadFailed({ screenCode }: { screenCode: string }) {
  return <ListLooks screenCode={screenCode} />;
}

interface Props {
  resource: string;
  /** the screen code of the toast when the list cannot load */
  screenCode: string;
  filterDefaultValues?: Record<string, unknown>;
  /** a filter the list always has (the user cannot clear it) */
  filter?: Record<string, unknown>;
  sort?: SortPayload;
  /**
   * The page's main list: its filters, sort and page live in the address (back, reload and links keep
   * them). Leave it off where a page shows more than one list, so they do not fight over the address.
   */
  syncWithLocation?: boolean;
  /**
   * The filters a plain, readable link may name (`?overdue=true`, `?statusId=3`: the dashboard's figures,
   * notifications) and how: the list opens with exactly those (see `LinkFilters`). Needs `syncWithLocation`.
   */
  linkFilters?: Record<string, LinkFilter>;
  /**
   * The toolbar's shared extras the list opts into: export of what it shows, saved filters,
   * the import dialog. The resource's definition names the routes (`bulk`).
   */
  tools?: ListToolsOptions;
  children: ReactNode;
}

/**
 * A list inside a module page, as the seed's lists behave: 20 a page, its own toolbar (no
 * react-admin title, actions or export), the empty state drawn by the table (`ListLooks`).
 * Loading shows the skeleton; a failure shows the toast and, in the list's place, the reason with a
 * retry — no rows, no "1-20 of 20".
 */
export function PagedList({
  resource,
  screenCode,
  filterDefaultValues,
  filter,
  sort,
  syncWithLocation = false,
  linkFilters,
  tools,
  children,
}: Props) {
  const notifyError = useNotifyError();
  const looks = <ListLooks screenCode={screenCode} />;
  const list = (
    <List
      resource={resource}
      perPage={DEFAULT_PAGE_SIZE}
      pagination={<ListPagination />}
      filterDefaultValues={filterDefaultValues}
      filter={filter}
      sort={sort}
      actions={false}
      empty={false}
      exporter={false}
      storeKey={false}
      disableSyncWithLocation={!syncWithLocation}
      title={false as unknown as string}
      error={looks}
      loading={looks}
      queryOptions={{ retry: false, onError: (error: unknown) => notifyError(error, screenCode) }}
      // the list's column (a flex item) may shrink below its table's width: a wide table scrolls inside its card
      sx={{ '& .RaList-main': { minWidth: 0 } }}
    >
      {tools ? (
        <Suspense fallback={null}>
          <ListTools resource={resource} screenCode={screenCode} tools={tools} />
        </Suspense>
      ) : null}
      {children}
    </List>
  );
  // react-admin would take a readable link's `?overdue=true` for its own parameters and drop it
  return syncWithLocation && linkFilters ? <LinkFilters accept={linkFilters}>{list}</LinkFilters> : list;
}

type RowAttributes = (record: RaRecord) => Record<string, string | boolean | undefined>;

const RowWithAttributes = forwardRef<HTMLTableRowElement, DatagridRowProps & { attributes: RowAttributes }>(function RowWithAttributes(
  { attributes, ...props },
  ref,
) {
  const record = useRecordContext(props);
  return <DatagridRow ref={ref} {...props} {...(record ? attributes(record) : {})} />;
});

/** A Datagrid body whose rows carry attributes of their record (`data-testid`, `data-unread`): `<Datagrid body={rowsWith(...)}>`. */
export const rowsWith = (attributes: RowAttributes) => <DatagridBody row={<RowWithAttributes attributes={attributes} />} />;
