/**
 * The HTTP constants of the API, without zod: the sign-in page's first load reads them without
 * loading the schemas (`contract/http.ts` re-exports them beside the schemas).
 */
/** Every call lives under this base path. */
export const API_BASE = '/api/v1';
/** The statuses a failure may carry; anything else is a server fault. */
export const FAILURE_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429] as const;
/** JSON bodies larger than this are refused with 413 (uploads declare their own limit). */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** The largest page any list returns. */
export const MAX_PAGE_SIZE = 100;
/**
 * A search's matches are counted up to this many (a list can page through them all); past it the reply
 * says the total is a lower bound (`totalCapped`) and the pager reads "of more than 200". Counting
 * every match of a word found in most rows would read most rows of a company for each keystroke.
 */
export const SEARCH_COUNT_CAP = 200;
/** The page size of the seed's lists. */
export const DEFAULT_PAGE_SIZE = 20;
