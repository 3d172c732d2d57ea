import { useState } from 'react';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { CookieStatsDay } from '../../contract/cookie';
import type { AppDataProvider } from '../../dataProvider';
import { bucketLabel } from '../dashboard/period';
import { DomainSelect } from './DomainSelect';
import { useCategoryNames, useCookieDomains } from './useCookieDomains';

const COLOURS = ['#1d4ed8', '#b91c1c', '#047857', '#7c3aed', '#b45309', '#0e7490', '#be185d'];

/** The opt-in rate per category per day (from the roll-up), as a line chart drawn in SVG. */
export function StatsTab() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const domains = useCookieDomains();
  const [chosen, setChosen] = useState('');
  const domainId = chosen || domains.data?.[0]?._id || '';
  const stats = useQuery({
    queryKey: ['cookie-domains', 'stats', domainId],
    queryFn: () => dataProvider.cookieStats({ domainId }),
    enabled: !!domainId,
  });
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <DomainSelect domains={domains.data ?? []} value={domainId} onChange={setChosen} />
      </Stack>
      {!domainId && !domains.isPending ? (
        <Typography color="text.secondary">{translate('cookie.domain.empty')}</Typography>
      ) : stats.isPending ? (
        <Skeleton variant="rounded" height={320} aria-busy="true" />
      ) : stats.isError ? (
        <Alert severity="error" action={<Button onClick={() => stats.refetch()}>{translate('cookie.log.retry')}</Button>}>
          {translate('cookie.stats.failed')}
        </Alert>
      ) : stats.data.length === 0 ? (
        <Typography color="text.secondary">{translate('cookie.stats.empty')}</Typography>
      ) : (
        <RateChart days={stats.data} domainId={domainId} />
      )}
    </Box>
  );
}

function RateChart({ days, domainId }: { days: CookieStatsDay[]; domainId: string }) {
  const translate = useTranslate();
  const names = useCategoryNames(domainId);
  const [locale] = useLocaleState();
  const keys = [...new Set(days.flatMap((d) => Object.keys(d.accepted)))].filter((k) => k !== 'necessary');
  const W = 760;
  const H = 280;
  const pad = { l: 44, r: 12, t: 12, b: 36 };
  const x = (i: number) => pad.l + (days.length === 1 ? 0 : (i * (W - pad.l - pad.r)) / (days.length - 1));
  const y = (rate: number) => pad.t + (1 - rate) * (H - pad.t - pad.b);
  const rate = (d: CookieStatsDay, k: string) => (d.total ? (d.accepted[k] ?? 0) / d.total : 0);
  // the dashboard's day label: Buddhist era, "Sep" (not "Sept") in English
  const label = (day: string) => bucketLabel(day, 'day', locale);
  const total = days.reduce((s, d) => s + d.total, 0);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('cookie.stats.chartTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('cookie.stats.total')}: {total.toLocaleString()}
      </Typography>
      <Box
        component="svg"
        viewBox={`0 0 ${W} ${H}`}
        sx={{ width: '100%', maxWidth: W, height: 'auto' }}
        role="img"
        aria-label={translate('cookie.stats.chartTitle')}
      >
        {[0, 0.25, 0.5, 0.75, 1].map((g) => (
          <g key={g}>
            <line x1={pad.l} x2={W - pad.r} y1={y(g)} y2={y(g)} stroke="#e5e7eb" />
            <text x={pad.l - 6} y={y(g) + 4} fontSize="11" textAnchor="end" fill="#4b5563">
              {g * 100}
            </text>
          </g>
        ))}
        {days.map((d, i) =>
          i % Math.max(1, Math.ceil(days.length / 8)) === 0 ? (
            <text key={d.day} x={x(i)} y={H - 12} fontSize="11" textAnchor="middle" fill="#4b5563">
              {label(d.day)}
            </text>
          ) : null,
        )}
        {keys.map((k, ki) => (
          <polyline
            key={k}
            fill="none"
            stroke={COLOURS[ki % COLOURS.length]}
            strokeWidth="2"
            points={days.map((d, i) => `${x(i)},${y(rate(d, k))}`).join(' ')}
            data-testid={`cookie-rate-${k}`}
          >
            <title>{names.name(k)}</title>
          </polyline>
        ))}
      </Box>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
        {keys.map((k, ki) => {
          const accepted = days.reduce((s, d) => s + (d.accepted[k] ?? 0), 0);
          return (
            <Stack key={k} direction="row" spacing={0.5} alignItems="center">
              <Box sx={{ width: 14, height: 4, bgcolor: COLOURS[ki % COLOURS.length] }} />
              <Typography variant="body2">
                {names.name(k)}: {total ? Math.round((accepted / total) * 100) : 0}%
              </Typography>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
