import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';

/** How a link names one filter: any text, a flag (`?overdue=true`), or one of a list's choices (`?statusId=3` as the number 3). */
export type LinkFilter = 'text' | 'flag' | readonly (string | number)[];

/** The filters a link names the seed's way (`?state=approved&overdue=true`), those the list accepts. */
export function filtersOfLink(params: URLSearchParams, accept: Record<string, LinkFilter>): Record<string, string | number | true> {
  const filter: Record<string, string | number | true> = {};
  for (const [key, kind] of Object.entries(accept)) {
    const value = params.get(key);
    if (!value) continue;
    if (kind === 'flag') {
      if (value === 'true') filter[key] = true;
    } else if (kind === 'text') filter[key] = value;
    else {
      const choice = kind.find((c) => String(c) === value);
      if (choice !== undefined) filter[key] = choice;
    }
  }
  return filter;
}

/**
 * Around a list that keeps its filters in the address (`?filter={…}`, `PagedList`'s `linkFilters`): a
 * link naming them the seed's way (the dashboards' figures, a notification, a bookmark) is replaced by
 * the list's own form before the list reads it, so the list opens with exactly those filters, its
 * inputs show them, and from there on the address has one form only.
 */
export function LinkFilters({ accept, children }: { accept: Record<string, LinkFilter>; children: ReactNode }) {
  const [params] = useSearchParams();
  const filter = filtersOfLink(params, accept);
  if (params.has('filter') || !Object.keys(filter).length) return children;
  return <Navigate replace to={{ search: `?${new URLSearchParams({ filter: JSON.stringify(filter) })}` }} />;
}
