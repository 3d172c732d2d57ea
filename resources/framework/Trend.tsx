import { Box, Tooltip, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';

/** A requirement's (or area's) score for each of the last 12 months kept: a bar a month, the month named in the reader's calendar. */
export function Trend({ points }: { points: { month: string; score: number | null }[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const name = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'th-TH-u-ca-buddhist', { month: 'short', year: '2-digit', timeZone: 'UTC' });
  if (!points.some((p) => p.score !== null)) return <Typography color="text.secondary">{translate('framework.trend_none')}</Typography>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, height: 90 }} data-testid="framework-trend">
      {points.map((p) => {
        const month = name.format(new Date(`${p.month}T00:00:00Z`));
        return (
          <Tooltip key={p.month} title={`${month}: ${p.score === null ? '–' : `${p.score}%`}`}>
            <Box sx={{ flex: 1, textAlign: 'center' }}>
              <Box
                sx={{
                  height: `${Math.max(2, (p.score ?? 0) * 0.6)}px`,
                  bgcolor: p.score === null ? 'action.disabled' : 'primary.main',
                  borderRadius: 0.5,
                }}
              />
              <Typography variant="caption" sx={{ fontSize: 10 }}>
                {month}
              </Typography>
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
}
