import type { ReactNode } from 'react';
import { EmptyList } from './EmptyList';
import { ListLooks } from './PagedList';

/**
 * Kept only while the quiz, ROPA and sheets lists still draw their own tables (their conversion to
 * `PagedList` removes the last users, then this file goes): the looks are `ListLooks`'.
 */
export function ListState({
  list,
  empty,
  searching,
  children,
}: {
  list: { isPending: boolean; error: unknown; refetch: () => unknown };
  empty: boolean;
  searching: boolean;
  children: ReactNode;
}) {
  return (
    <ListLooks state={{ ...list, isEmpty: empty }} empty={<EmptyList searching={searching} />}>
      {children}
    </ListLooks>
  );
}
