import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

const LETTERS = [
  ['confidentiality', 'C'],
  ['integrity', 'I'],
  ['availability', 'A'],
] as const;

/** The impact badges of the row's risk event: C, I and A, filled when the event affects that property. */
export function CiaBadges() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      {LETTERS.map(([field, letter]) => (
        <Chip
          key={field}
          size="small"
          label={letter}
          title={translate(`risk.cia.${field}`)}
          aria-label={`${translate(`risk.cia.${field}`)}: ${record[field] ? '✓' : '✗'}`}
          color={record[field] ? 'primary' : 'default'}
          variant={record[field] ? 'filled' : 'outlined'}
          sx={{ minWidth: 32, opacity: record[field] ? 1 : 0.45 }}
        />
      ))}
    </Stack>
  );
}
