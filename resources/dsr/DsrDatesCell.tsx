import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { DSR_ANSWERED, type DsrRequestRow } from '../../contract/dsr';
import { formatDate } from '../../i18n/dates';
import { ClockBadge } from './ClockBadge';

type Dates = Pick<DsrRequestRow, 'receivedAt' | 'dueAt' | 'statusId' | 'daysLeft' | 'overdue' | 'extended'>;

/**
 * The 30-day clock of one request in one compact cell: received, then due (red when overdue), then
 * the days-left or overdue badge. One column instead of three, so the clock fits a 1280 px window.
 */
export function DsrDatesCell({ row }: { row: Dates }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const late = row.overdue && !DSR_ANSWERED.includes(row.statusId);
  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          columnGap: 1,
          justifyContent: 'start',
          alignItems: 'baseline',
          whiteSpace: 'nowrap',
        }}
      >
        <Typography variant="caption" color="text.secondary">
          {translate('dsr.list.received_on')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDate(row.receivedAt, locale)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('dsr.list.due_on')}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} color={late ? 'error' : 'text.primary'}>
          {formatDate(row.dueAt, locale)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mt: 0.5 }}>
        <ClockBadge row={row} />
        {row.extended ? (
          <Typography variant="caption" color="text.secondary">
            {translate('dsr.list.extended')}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
