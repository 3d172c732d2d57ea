import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useEndFirstPaint } from './firstPaint';

/**
 * A public page's first read (the notice, the request form). React Query hands its reply over through
 * `useSyncExternalStore`, which React renders at once, in one task; the whole page built from the
 * reply renders instead as a deferred update, in slices between which the browser stays responsive
 * (the long task is what Lighthouse's total blocking time counts). Pending until that render is done.
 */
export function usePublicRead<T>(queryKey: QueryKey, read: () => Promise<T>) {
  const query = useQuery({ queryKey, queryFn: read, retry: false });
  const data = useDeferredValue(query.data);
  const isPending = !query.error && data === undefined;
  // the server's first paint of the page stays until the page has drawn its content (or its failure)
  useEndFirstPaint(!isPending);
  return { data, error: query.error, isPending };
}
