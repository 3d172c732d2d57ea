import { EmailText } from '../../src/components/EmailText';
import { Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RIGHT_SECTION, statusKeyOf, type DsrRequestRow } from '../../contract/dsr';
import { statusColour } from './ClockBadge';

/** The cells of the request list that are more than a text. Long texts wrap so the clock and assignee stay on screen. */
export function DsrSubjectCell({ row }: { row: DsrRequestRow }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2">{row.subjectName}</Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(`dsr.requester.${row.requesterType}`)} · {translate(`dsr.intake.channels.${row.channel}`)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'break-word' }}>
        <EmailText email={row.email} />
      </Typography>
    </>
  );
}

export function DsrRightsCell({ row }: { row: DsrRequestRow }) {
  const translate = useTranslate();
  return row.rights.map((right) => (
    <Typography key={right} variant="body2">
      {translate(`dsr.rights.${right}`)}{' '}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        ({translate('dsr.section')} {RIGHT_SECTION[right]})
      </Typography>
    </Typography>
  ));
}

export function DsrStatusCell({ row }: { row: DsrRequestRow }) {
  const translate = useTranslate();
  return <Chip size="small" color={statusColour(row.statusId)} label={translate(`dsr.status.${statusKeyOf(row.statusId)}`)} />;
}

export function DsrAssigneeCell({ row }: { row: DsrRequestRow }) {
  const translate = useTranslate();
  return row.assignee ? (
    <Typography variant="body2">{row.assignee.name}</Typography>
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
      {translate('dsr.list.unassigned')}
    </Typography>
  );
}
