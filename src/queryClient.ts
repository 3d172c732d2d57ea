import { QueryClient } from '@tanstack/react-query';
import { ApiFailure } from '../dataProvider/http';

/** How many times a read that failed for want of an answer (network, timeout, 5xx) is tried again. */
const RETRIES = 3;

/**
 * A read is tried again only when asking again may help: never after the server's own refusal (4xx:
 * not found, forbidden, bad request), which would only make the person wait (three retries with
 * back-off: about 8 s) before the same answer.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiFailure && error.status >= 400 && error.status < 500) return false;
  return failures < RETRIES;
}

/** The signed-in application's query client (react-admin's `<Admin queryClient>`). */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
