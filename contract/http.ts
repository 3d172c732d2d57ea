import { z } from 'zod';
import { API_BASE, DEFAULT_PAGE_SIZE, FAILURE_STATUSES, JSON_BODY_LIMIT, MAX_PAGE_SIZE, SEARCH_COUNT_CAP } from './constants';

export { API_BASE, DEFAULT_PAGE_SIZE, FAILURE_STATUSES, JSON_BODY_LIMIT, MAX_PAGE_SIZE, SEARCH_COUNT_CAP };

/**
 * A failure's body: the HTTP status repeated, and a message the user can act on. A 400 caused by one
 * field also names it (`field`: its path in the body, `a.0.b`) and the reason alone (`reason`, in the
 * reader's language), so a form puts the reason on that field instead of a toast with the path.
 */
export const failureSchema = z.object({
  status: z.number().int(),
  msg: z.string().min(1),
  field: z.string().min(1).optional(),
  reason: z.string().min(1).optional(),
});
export type Failure = z.infer<typeof failureSchema>;

const intFromQuery = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** `currentPage` and `limit` of the seed's list calls (1-based page). */
export const pagingQuery = z.object({
  currentPage: intFromQuery(1, 1_000_000).default(1),
  limit: intFromQuery(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

/** Present when a search matched more than SEARCH_COUNT_CAP rows: the reply's total is then the cap, a lower bound. */
export const totalCapped = z.literal(true).optional();

/** A search box's text: trimmed; blank means no search. */
export const searchText = z
  .string()
  .max(200)
  .optional()
  .transform((s) => (s && s.trim() ? s.trim() : undefined));

/** A query parameter that carries JSON (ra-data-simple-rest's `sort`, `range`, `filter`), checked by `schema`. */
export const jsonParam = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** A list's `sort=["field","ASC"]` (ra-data-simple-rest): one of `fields` and a direction; `fallback` when absent. */
export const restSort = <const F extends readonly [string, ...string[]]>(fields: F, fallback: readonly [NoInfer<F[number]>, 'ASC' | 'DESC']) =>
  jsonParam(z.tuple([z.enum(fields), z.enum(['ASC', 'DESC'])]))
    .optional()
    .transform((s) => s ?? fallback);
