import { z } from 'zod';

/** Every call lives under this base path. */
export const API_BASE = '/api/v1';

/** A failure's body: the HTTP status repeated, and a message the user can act on. */
export const failureSchema = z.object({ status: z.number().int(), msg: z.string().min(1) });
export type Failure = z.infer<typeof failureSchema>;

/** The statuses a failure may carry; anything else is a server fault. */
export const FAILURE_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429] as const;

/** JSON bodies larger than this are refused with 413 (uploads declare their own limit). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** The largest page any list returns. */
export const MAX_PAGE_SIZE = 100;
/** The page size of the seed's lists. */
export const DEFAULT_PAGE_SIZE = 20;

const intFromQuery = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max);

/** `currentPage` and `limit` of the seed's list calls (1-based page). */
export const pagingQuery = z.object({
  currentPage: intFromQuery(1, 1_000_000).default(1),
  limit: intFromQuery(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

/** A search box's text: trimmed; blank means no search. */
export const searchText = z
  .string()
  .max(200)
  .optional()
  .transform((s) => (s && s.trim() ? s.trim() : undefined));
