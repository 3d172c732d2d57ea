import { TableCell, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { ListLooks } from './PagedList';

interface Props {
  columns: number;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  isEmpty: boolean;
  empty: ReactNode;
}

/**
 * Kept only while the quiz and DPO lists still draw their own tables (their conversion to `PagedList`
 * removes the last users, then this file goes): one row across the table with `ListLooks`' look.
 */
export function TableBodyState({ columns, isPending, error, onRetry, isEmpty, empty }: Props) {
  if (!isPending && !error && !isEmpty) return null;
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ p: 0 }}>
        <ListLooks state={{ isPending, error, refetch: onRetry, isEmpty }} empty={empty} />
      </TableCell>
    </TableRow>
  );
}
