import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { BreachRecord } from '../../contract/breach';
import { formatDate } from '../../i18n/dates';

/** Every change and note of a breach, oldest first: when, what, in which state, by whom. */
export function BreachTimeline({ timeline }: { timeline: BreachRecord['timeline'] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="breach-timeline">
      {timeline.map((h, i) => (
        <Box component="li" key={i} sx={{ borderLeft: 2, borderColor: 'divider', pl: 2, pb: 1.5, position: 'relative' }}>
          <Typography variant="caption" color="text.secondary">
            {formatDate(h.at, locale, true)} · {h.by ?? '-'}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate(`breach.timeline.${h.action}`)} · {translate(`breach.status.${h.status}`)}
          </Typography>
          {h.note ? (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {h.note}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
