import { Pagination, useListContext } from 'react-admin';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../contract/http';

/** Every list pages by 20 (the seed's size), up to the server's maximum page. */
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50, MAX_PAGE_SIZE];

/** The pager; a list that failed to load has no pages to count, so it shows none. */
export function ListPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={PAGE_SIZES} />;
}
