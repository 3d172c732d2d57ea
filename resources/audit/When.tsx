import { Box, Typography } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { TIME_ZONE, formatDate } from '../../i18n/dates';

/** Secondary text under a cell's first line. */
export const caption = { variant: 'caption', color: 'text.secondary', component: 'div' } as const;

/** An instant of the trail: the day in the Buddhist era, the time (Bangkok) under it, to the second when `seconds`. */
export function When({ at, seconds = false }: { at: string; seconds?: boolean }) {
  const [locale] = useLocaleState();
  const time = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'th-TH', {
    timeStyle: seconds ? 'medium' : 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(at));
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2">{formatDate(at, locale)}</Typography>
      <Typography {...caption}>{time}</Typography>
    </Box>
  );
}
