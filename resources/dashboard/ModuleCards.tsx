import { Box, Chip, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { consentCountReply, databreachListReply, expireConsentReply, riskListReply, type DashboardQuery } from '../../contract/dashboard';
import { FeedCard } from './FeedCard';
import { Figure, LISTS, listLink } from './Figure';

/** The consents in force whose retention ends or re-consent falls due soon: of one notice, or (the total) of all. */
const expiringLink = (r?: { formId: string }) => listLink(LISTS.consentRecords, { expiring: 'true', ...(r && { formId: r.formId }) });
import { chartFallback } from './DsrCards';
import { dayLabel } from './period';
import { useFeed } from './useFeed';

const CountBars = lazy(() => import('./Charts').then((m) => ({ default: m.CountBars })));

/** `expire-consent`: consents in force whose retention ends or re-consent falls due within 30 days, by notice. */
export function ExpireConsentCard({ query }: { query: DashboardQuery }) {
  const translate = useTranslate();
  const feed = useFeed('expire-consent', query, expireConsentReply);
  const periodLabel = (p: { number: number; unit: string }) => `${p.number} ${translate(`consent.builder.units.${p.unit}`)}`;
  return (
    <FeedCard title={translate('dashboard.expire_consent.title')} feed={feed} testId="feed-expire-consent">
      {(d) => (
        <>
          <Figure
            testId="expire-consent-total"
            value={d.total}
            label={translate('dashboard.expire_consent.records', { n: d.total })}
            to={expiringLink()}
          />
          <Typography variant="body2" color="text.secondary" data-testid="expire-consent-split">
            {translate('dashboard.expire_consent.retention_ends', { n: d.retentionEnds })} ·{' '}
            {translate('dashboard.expire_consent.reconsent_due', { n: d.reconsentDue })}
          </Typography>
          <List dense>
            {d.data.map((r) => (
              <ListItem disablePadding key={r.formId}>
                <ListItemButton component={Link} to={expiringLink(r)} data-testid="expire-consent-notice">
                  <ListItemText
                    primary={r.projectName}
                    secondary={[
                      r.retention && translate('dashboard.expire_consent.retention', { period: periodLabel(r.retention) }),
                      r.reconsent && translate('dashboard.expire_consent.reconsent', { period: periodLabel(r.reconsent) }),
                      translate('dashboard.expire_consent.records', { n: r.n }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
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

/** `consent-count`: given and withdrawn by purpose, as bars. */
export function ConsentCountCard({ query }: { query: DashboardQuery }) {
  const translate = useTranslate();
  const feed = useFeed('consent-count', query, consentCountReply);
  return (
    <FeedCard title={translate('dashboard.consent_count.title')} feed={feed} testId="feed-consent-count">
      {(d) => (
        <>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Figure
              testId="consent-given"
              value={d.given}
              label={translate('dashboard.consent_count.given')}
              to={listLink(LISTS.consentRecords, { action: 'given', from: query.from, to: query.to })}
            />
            <Figure
              testId="consent-withdrawn"
              value={d.withdrawn}
              label={translate('dashboard.consent_count.withdrawn')}
              to={listLink(LISTS.consentRecords, { action: 'withdrawn', from: query.from, to: query.to })}
            />
          </Box>
          {d.data.length ? (
            <Suspense fallback={chartFallback}>
              <CountBars
                labels={d.data.map((r) => r.purpose)}
                series={[
                  { label: translate('dashboard.consent_count.given'), data: d.data.map((r) => r.given) },
                  { label: translate('dashboard.consent_count.withdrawn'), data: d.data.map((r) => r.withdrawn) },
                ]}
              />
            </Suspense>
          ) : (
            <Typography color="text.secondary">{translate('dashboard.empty')}</Typography>
          )}
        </>
      )}
    </FeedCard>
  );
}

/** `risk-list`: the top risks (VH, H) with owner and due date of treatment. */
export function RiskListCard({ query }: { query: DashboardQuery }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const feed = useFeed('risk-list', query, riskListReply);
  return (
    <FeedCard title={translate('dashboard.risk.title')} feed={feed} testId="feed-risk-list">
      {(d) =>
        d.data.length ? (
          <List dense>
            {d.data.map((r) => (
              <ListItem disablePadding key={r.riskId}>
                <ListItemButton component={Link} to={`/risk-management/start-evaluation/${r.evaluationId}`}>
                  <Chip size="small" color={r.code === 'VH' ? 'error' : 'warning'} label={r.code} sx={{ mr: 1 }} />
                  <ListItemText
                    primary={r.name}
                    secondary={`${translate('dashboard.risk.owner')}: ${r.owner ?? translate('dashboard.risk.no_owner')} · ${translate('dashboard.risk.due')}: ${r.dueDate ? dayLabel(r.dueDate, locale) : '–'}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography color="text.secondary">{translate('dashboard.empty')}</Typography>
        )
      }
    </FeedCard>
  );
}

/** `databreach-list`: open breaches with the 72-hour clock, and the share notified in time. */
export function BreachListCard({ query }: { query: DashboardQuery }) {
  const translate = useTranslate();
  const feed = useFeed('databreach-list', query, databreachListReply);
  return (
    <FeedCard title={translate('dashboard.breach.title')} feed={feed} testId="feed-databreach-list">
      {(d) => (
        <>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Figure testId="breach-open" value={d.open} label={translate('dashboard.breach.open')} to="/databreach?open=true" />
            <Figure
              testId="breach-in-time"
              value={d.inTimeRate === null ? '–' : `${d.inTimeRate}% (${d.notifiedInTime}/${d.notified})`}
              label={translate('dashboard.breach.in_time')}
              // the breaches known in the period with the Office told: the share's whole
              to={listLink('/databreach', { notified: true, from: query.from, to: query.to })}
            />
          </Box>
          <List dense>
            {d.data.map((b) => (
              <ListItem disablePadding key={b.id}>
                <ListItemButton component={Link} to={`/databreach/create/${b.id}`}>
                  <ListItemText
                    primary={`${b.code} ${b.title}`}
                    secondary={`${translate(`dashboard.breach.clock.${b.clock}`)}${
                      b.clock === 'running' || b.clock === 'overdue'
                        ? ` · ${b.hoursLeft > 0 ? translate('dashboard.breach.hours_left', { hours: b.hoursLeft }) : translate('dashboard.breach.hours_over', { hours: -b.hoursLeft })}`
                        : ''
                    }`}
                    slotProps={{ secondary: { color: b.clock === 'overdue' || b.clock === 'late' ? 'error' : 'text.secondary' } }}
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
