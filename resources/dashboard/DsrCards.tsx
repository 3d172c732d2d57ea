import { Box, Chip, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { expireDsrReply, fetchGraphReply, summaryDsrReply, type DashboardQuery } from '../../contract/dashboard';
import { statusKeyOf } from '../../contract/dsr';
import { LoadingSkeleton } from '../../src/components/LoadingSkeleton';
import { FeedCard } from './FeedCard';
import { Figure, listLink } from './Figure';
import { bucketLabel } from './period';
import { useFeed } from './useFeed';
import { useLocaleState } from 'react-admin';

const TrendChart = lazy(() => import('./Charts').then((m) => ({ default: m.TrendChart })));
const CountBars = lazy(() => import('./Charts').then((m) => ({ default: m.CountBars })));
const DSR_LIST = '/consents/datasubject/list';
export const chartFallback = <LoadingSkeleton shape="card" />;

/** `fetch-graph`: requests and consents over the period. */
export function GraphCard({ query }: { query: DashboardQuery }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const feed = useFeed('fetch-graph', query, fetchGraphReply);
  return (
    <FeedCard title={translate('dashboard.graph.title')} feed={feed} testId="feed-fetch-graph">
      {(d) => (
        <Suspense fallback={chartFallback}>
          <TrendChart
            labels={d.points.map((p) => bucketLabel(p.bucket, d.unit, locale))}
            series={[
              { label: translate('dashboard.graph.requests'), data: d.points.map((p) => p.requests) },
              { label: translate('dashboard.graph.given'), data: d.points.map((p) => p.given) },
              { label: translate('dashboard.graph.withdrawn'), data: d.points.map((p) => p.withdrawn) },
            ]}
            bars={d.points.length <= 12}
          />
        </Suspense>
      )}
    </FeedCard>
  );
}

/** `summary-dsr` (its first element): counts, on-time rate, median days, by state and by right. */
export function DsrSummaryCard({ query }: { query: DashboardQuery }) {
  const translate = useTranslate();
  const feed = useFeed('summary-dsr', query, summaryDsrReply);
  // the summary counts the requests received in the period: each figure opens those
  const received = { from: query.from, to: query.to };
  return (
    <FeedCard title={translate('dashboard.dsr.title')} feed={feed} testId="feed-summary-dsr">
      {({ data: [s] }) => (
        <>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', mb: 1 }}>
            <Figure testId="dsr-total" value={s.total} label={translate('dashboard.dsr.total')} to={listLink(DSR_LIST, received)} />
            <Figure testId="dsr-open" value={s.open} label={translate('dashboard.dsr.open')} to={listLink(DSR_LIST, { open: true, ...received })} />
            <Figure
              testId="dsr-overdue"
              value={s.overdue}
              label={translate('dashboard.dsr.overdue')}
              to={listLink(DSR_LIST, { overdue: true, ...received })}
            />
            <Figure
              testId="dsr-on-time"
              value={s.onTimeRate === null ? '–' : `${s.onTimeRate}%`}
              label={translate('dashboard.dsr.on_time')}
              to={listLink(DSR_LIST, received)}
            />
            <Figure
              testId="dsr-median"
              value={s.medianDays === null ? '–' : translate('dashboard.dsr.days', { days: s.medianDays })}
              label={translate('dashboard.dsr.median')}
              to={listLink(DSR_LIST, received)}
            />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {translate('dashboard.dsr.by_status')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
            {s.byStatus.map((b) => (
              <Chip
                key={b.statusId}
                clickable
                component={Link}
                to={listLink(DSR_LIST, { statusId: String(b.statusId), ...received })}
                data-testid={`dsr-status-${b.statusId}`}
                label={`${translate(`dsr.status.${statusKeyOf(b.statusId)}`)}: ${b.n}`}
              />
            ))}
          </Box>
          {s.byRight.length ? (
            <Suspense fallback={chartFallback}>
              <CountBars
                labels={s.byRight.map((r) => translate(`dsr.rights.${r.right}`))}
                series={[{ label: translate('dashboard.dsr.by_right'), data: s.byRight.map((r) => r.n) }]}
              />
            </Suspense>
          ) : null}
        </>
      )}
    </FeedCard>
  );
}

/** `expire-dsr`: due within 7 days and overdue, the nearest ten. */
export function ExpireDsrCard({ query }: { query: DashboardQuery }) {
  const translate = useTranslate();
  const feed = useFeed('expire-dsr', query, expireDsrReply);
  return (
    <FeedCard title={translate('dashboard.expire_dsr.title')} feed={feed} testId="feed-expire-dsr">
      {(d) => (
        <>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Figure
              testId="expire-dsr-soon"
              value={d.dueSoon}
              label={translate('dashboard.expire_dsr.due_soon')}
              to={listLink(DSR_LIST, { dueSoon: true })}
            />
            <Figure
              testId="expire-dsr-overdue"
              value={d.overdue}
              label={translate('dashboard.expire_dsr.overdue')}
              to={listLink(DSR_LIST, { overdue: true })}
            />
          </Box>
          <List dense>
            {d.data.map((r) => (
              <ListItem disablePadding key={r._id}>
                <ListItemButton component={Link} to={`${DSR_LIST}?search=${encodeURIComponent(r.referenceCode)}`}>
                  <ListItemText
                    primary={r.referenceCode}
                    secondary={
                      r.daysLeft < 0
                        ? translate('dashboard.expire_dsr.days_over', { days: -r.daysLeft })
                        : translate('dashboard.expire_dsr.days_left', { days: r.daysLeft })
                    }
                    slotProps={{ secondary: { color: r.daysLeft < 0 ? 'error' : 'text.secondary' } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      )}
    </FeedCard>
  );
}
