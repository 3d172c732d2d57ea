import type { ReactNode } from 'react';
import { EmptyList } from './EmptyList';
import { LoadFailed } from './LoadFailed';
import { ScreenLoader } from './ScreenLoader';

/**
 * A module list's four looks, each its own: loading (the skeleton), failed (the reason, its code and a
 * retry — never an empty list), empty (searching or not), and the rows (`children`).
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
  if (list.isPending) return <ScreenLoader />;
  if (list.error) return <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  return empty ? <EmptyList searching={searching} /> : children;
}
