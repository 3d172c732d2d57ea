import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DSR_ANSWERED, type DsrRequestRow } from '../../contract/dsr';

/** The 30-day clock of a request: days left, due today, or the red overdue badge; answered requests show no clock. */
export function ClockBadge({ row }: { row: Pick<DsrRequestRow, 'statusId' | 'daysLeft' | 'overdue' | 'extended'> }) {
  const translate = useTranslate();
  if (DSR_ANSWERED.includes(row.statusId)) return <Chip size="small" variant="outlined" label={translate('dsr.list.answered')} />;
  if (row.overdue) {
    return (
      <Chip
        size="small"
        color="error"
        label={`${translate('dsr.list.overdue')} · ${translate('dsr.list.days_over', { days: Math.abs(row.daysLeft) })}`}
      />
    );
  }
  const label = row.daysLeft === 0 ? translate('dsr.list.due_today') : translate('dsr.list.days_left', { days: row.daysLeft });
  return <Chip size="small" color={row.daysLeft <= 7 ? 'warning' : 'success'} variant={row.daysLeft <= 7 ? 'filled' : 'outlined'} label={label} />;
}

const STATUS_COLOURS: Record<number, 'default' | 'info' | 'primary' | 'success' | 'warning' | 'error'> = {
  1: 'info',
  2: 'warning',
  3: 'primary',
  4: 'success',
  5: 'success',
  6: 'error',
  7: 'default',
};
export const statusColour = (statusId: number) => STATUS_COLOURS[statusId] ?? 'default';
