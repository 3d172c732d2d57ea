import { Pagination } from 'react-admin';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../contract/http';

/** Every list pages by 20 (the seed's size), up to the server's maximum page. */
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50, MAX_PAGE_SIZE];

export const ListPagination = () => <Pagination rowsPerPageOptions={PAGE_SIZES} />;
