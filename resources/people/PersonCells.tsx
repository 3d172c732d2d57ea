import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { EmailText } from '../../src/components/EmailText';
import { Box, Chip, Typography } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { Person } from '../../contract/people';
import type { Role } from '../../contract/roles';
import { readSession } from '../../src/auth/session';
import { useRoleName } from '../roles/useRoleName';

/** The company's roles, as the people tab reads them (one cached query for the whole screen). */
export function useRoles(onError?: (error: unknown) => void) {
  return useGetList<Role & { id: string }>(
    'roles',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'created_dt', order: 'ASC' } },
    { onError },
  );
}

/** First and last name; the username and e-mail under it; "you" beside the signed-in person. */
export function PersonNameCell() {
  const person = useRecordContext<Person>();
  const translate = useTranslate();
  if (!person) return null;
  const isMe = readSession()?.user._id === person._id;
  return (
    <Box sx={{ minWidth: 180 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <span>{person.name}</span>
        {isMe ? <Chip size="small" variant="outlined" label={translate('people.you')} /> : null}
      </Box>
      <Typography variant="caption" color="text.secondary" component="div">
        <span style={{ overflowWrap: 'anywhere' }}>{person.username}</span>
        {person.email ? (
          <>
            {' · '}
            <EmailText email={person.email} />
          </>
        ) : null}
      </Typography>
    </Box>
  );
}

/** Staff or contact user, with the contact's sub-account id. */
export function KindCell() {
  const person = useRecordContext<Person>();
  const translate = useTranslate();
  if (!person) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={person.kind === 'contact' ? 'secondary' : 'default'}
        variant="outlined"
        label={translate(`people.kinds.${person.kind}`)}
      />
      {person.subId ? <Typography variant="caption">{person.subId}</Typography> : null}
    </Box>
  );
}

/** Department, and the position under it. */
export function PlacementCell() {
  const person = useRecordContext<Person>();
  if (!person) return null;
  if (!person.departmentName && !person.positionName) return <span>-</span>;
  return (
    <Box>
      <div>{person.departmentName ?? '-'}</div>
      <Typography variant="caption" color="text.secondary">
        {person.positionName ?? ''}
      </Typography>
    </Box>
  );
}

/** The role's name in the reader's language (built-in roles have one per language). */
export function RoleCell() {
  const person = useRecordContext<Person>();
  const roleName = useRoleName();
  const { data = [] } = useRoles();
  if (!person) return null;
  const role = data.find((r) => r.id === person.roleId);
  return <span>{role ? roleName(role) : (person.roleName ?? '-')}</span>;
}

export function StatusCell() {
  const person = useRecordContext<Person>();
  const translate = useTranslate();
  if (!person) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={person.disabled ? 'default' : 'success'}
        variant={person.disabled ? 'outlined' : 'filled'}
        label={translate(person.disabled ? 'people.status.disabled' : 'people.status.active')}
      />
      {person.secondFactor ? (
        <Chip size="small" color="primary" variant="outlined" icon={<VerifiedUserIcon />} label={translate('people.status.second_factor')} />
      ) : person.secondFactorRequired ? (
        <Chip size="small" color="warning" variant="outlined" label={translate('people.status.second_factor_pending')} />
      ) : null}
    </Box>
  );
}
