import { Skeleton, TableCell, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed';

interface Props {
  /** the table's column count (the state fills one row across them) */
  columns: number;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** no rows: the seed's empty text for this list */
  isEmpty: boolean;
  empty: ReactNode;
}

/**
 * The rows a hand-drawn table shows instead of its records, three looks that never mix: loading
 * (skeleton rows), failed (the reason and a retry; the screen also shows the toast with its code)
 * and empty (the list's own text).
 */
export function TableBodyState({ columns, isPending, error, onRetry, isEmpty, empty }: Props) {
  if (isPending) {
    return Array.from({ length: 3 }, (_, i) => (
      <TableRow key={i} aria-busy="true">
        <TableCell colSpan={columns}>
          <Skeleton variant="text" />
        </TableCell>
      </TableRow>
    ));
  }
  if (error) {
    return (
      <TableRow>
        <TableCell colSpan={columns} sx={{ p: 0 }}>
          <LoadFailed error={error} onRetry={onRetry} />
        </TableCell>
      </TableRow>
    );
  }
  if (!isEmpty) return null;
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ textAlign: 'center', py: 4 }}>
        {empty}
      </TableCell>
    </TableRow>
  );
}
