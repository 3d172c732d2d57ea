import { Box, Typography } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { TIME_ZONE, formatDate } from '../../../i18n/dates';

const localeTag = (locale: string) => (locale === 'en' ? 'en-GB-u-ca-buddhist' : 'th-TH');

/**
 * An instant for a narrow table cell: the short date in the Buddhist era ("18 พ.ย. 2569",
 * "18 Nov 2569 BE"), the Bangkok time under it; the long form as its tooltip.
 */
export function CompactDateTime({ at }: { at: string }) {
  const [locale] = useLocaleState();
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(localeTag(locale), { ...options, timeZone: TIME_ZONE }).format(date);
  return (
    <Box component="time" dateTime={at} title={formatDate(at, locale, true)} sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {part({ dateStyle: 'medium' })}
      </Typography>
      <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
        {part({ timeStyle: 'short' })}
      </Typography>
    </Box>
  );
}
