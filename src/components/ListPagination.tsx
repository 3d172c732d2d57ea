import { Pagination, useListContext } from 'react-admin';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../contract/http';

/** Every list pages by 20 (the seed's size), up to the server's maximum page. */
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50, MAX_PAGE_SIZE];

/**
 * The pager; a list that failed to load has no pages to count, so it shows none. `sizes`: the page
 * sizes offered (none: the page size is the list's own, as a one-record-a-page preview's).
 */
export function ListPagination({ sizes = PAGE_SIZES }: { sizes?: number[] }) {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={sizes} />;
}
