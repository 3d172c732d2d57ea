import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';

/** How a link names one filter: any text, a flag (`?overdue=true`), or one of a list's choices. */
export type LinkFilter = 'text' | 'flag' | readonly string[];

/** The filters a link names the seed's way (`?state=approved&overdue=true`), those the list accepts. */
export function filtersOfLink(params: URLSearchParams, accept: Record<string, LinkFilter>): Record<string, string | true> {
  const filter: Record<string, string | true> = {};
  for (const [key, kind] of Object.entries(accept)) {
    const value = params.get(key);
    if (!value) continue;
    if (kind === 'flag') {
      if (value === 'true') filter[key] = true;
    } else if (kind === 'text' || kind.includes(value)) filter[key] = value;
  }
  return filter;
}

/**
 * Around a list that keeps its filters in the address (`?filter={…}`): a link naming them the seed's way
 * (the dashboards' figures, a bookmark) is rewritten to the list's own form, so the list opens filtered
 * and its inputs show it.
 */
export function LinkFilters({ accept, children }: { accept: Record<string, LinkFilter>; children: ReactNode }) {
  const [params] = useSearchParams();
  const filter = filtersOfLink(params, accept);
  if (params.has('filter') || !Object.keys(filter).length) return children;
  return <Navigate replace to={{ search: `?${new URLSearchParams({ filter: JSON.stringify(filter) })}` }} />;
}
