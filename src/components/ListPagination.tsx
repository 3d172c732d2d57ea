import { useCallback } from 'react';
import type { TablePaginationProps } from '@mui/material/TablePagination';
import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../contract/http';

/** Every list pages by 20 (the seed's size), up to the server's maximum page. */
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50, MAX_PAGE_SIZE];

/**
 * The pager; a list that failed to load has no pages to count, so it shows none. `sizes`: the page
 * sizes offered (none: the page size is the list's own, as a one-record-a-page preview's). A search
 * the server counted only up to its cap (`meta.totalCapped`) reads "1-20 of more than 200" (a text of
 * the layout, loaded with the application: the pager never waits for a module's texts).
 */
export function ListPagination({ sizes = PAGE_SIZES }: { sizes?: number[] }) {
  const { error, meta } = useListContext();
  const capped = (meta as { totalCapped?: boolean } | undefined)?.totalCapped === true;
  const translate = useTranslate();
  const moreThan = useCallback(
    ({ from, to, count }: { from: number; to: number; count: number }) =>
      translate('mui.rows_more_than', { from, to, total: count.toLocaleString('th-TH') }),
    [translate],
  );
  if (error) return null;
  // react-admin hands the props it does not know to MUI's TablePagination, whose label it otherwise writes itself
  const label: Pick<TablePaginationProps, 'labelDisplayedRows'> = capped ? { labelDisplayedRows: moreThan } : {};
  return <Pagination rowsPerPageOptions={sizes} {...(label as PaginationProps)} />;
}
