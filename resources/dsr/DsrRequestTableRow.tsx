import { EmailText } from '../../src/components/EmailText';
import { Chip, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RIGHT_SECTION, statusKeyOf, type DsrRequestRow } from '../../contract/dsr';
import { statusColour } from './ClockBadge';
import { DsrDatesCell } from './DsrDatesCell';

/** The columns of the request list, in order (headers: `dsr.list.columns.<key>`). */
export const DSR_LIST_COLUMNS = ['reference', 'subject', 'rights', 'status', 'dates', 'assignee'] as const;

/** One request of the list; a click opens its drawer. Long texts wrap so the clock and assignee stay on screen. */
export function DsrRequestTableRow({ row, onOpen }: { row: DsrRequestRow; onOpen: (id: string) => void }) {
  const translate = useTranslate();
  return (
    <TableRow hover onClick={() => onOpen(row._id)} sx={{ cursor: 'pointer', verticalAlign: 'top' }} data-testid={`dsr-row-${row.referenceCode}`}>
      <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>{row.referenceCode}</TableCell>
      <TableCell sx={{ minWidth: 170 }}>
        <Typography variant="body2">{row.subjectName}</Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate(`dsr.requester.${row.requesterType}`)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'break-word' }}>
          <EmailText email={row.email} />
        </Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 160, maxWidth: 280 }}>
        {row.rights.map((right) => (
          <Typography key={right} variant="body2">
            {translate(`dsr.rights.${right}`)}{' '}
            <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              ({translate('dsr.section')} {RIGHT_SECTION[right]})
            </Typography>
          </Typography>
        ))}
      </TableCell>
      <TableCell>
        <Chip size="small" color={statusColour(row.statusId)} label={translate(`dsr.status.${statusKeyOf(row.statusId)}`)} />
      </TableCell>
      <TableCell data-testid="dsr-clock">
        <DsrDatesCell row={row} />
      </TableCell>
      <TableCell sx={{ minWidth: 96 }}>
        {row.assignee ? (
          <Typography variant="body2">{row.assignee.name}</Typography>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {translate('dsr.list.unassigned')}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
