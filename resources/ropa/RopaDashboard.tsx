import { Alert, Box, Card, CardContent, Chip, LinearProgress, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ROPA_STATES } from '../../contract/ropa';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { ROPA_CODES, STATE_COLOURS } from './ropaUi';
import { SmeCard } from './SmeCard';

function Figure({ label, value, to, testId }: { label: string; value: string | number; to: string; testId?: string }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 120, flex: 1 }}>
      <CardContent component={Link} to={to} sx={{ display: 'block', color: 'inherit', textDecoration: 'none' }} data-testid={testId}>
        <Typography variant="h4">{value}</Typography>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** `/ropa/dashboard`: counts by state (`sumropa`), completeness, due for review (`expire-ropa`), by department and by notice. */
export function RopaDashboard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const sum = useQuery({ queryKey: ['ropa-activities', 'sumropa'], queryFn: () => dataProvider.sumRopa() });
  const due = useQuery({ queryKey: ['ropa-activities', 'expire'], queryFn: () => dataProvider.expireRopa({ days: 30 }) });
  const byDepartment = useQuery({ queryKey: ['ropa-activities', 'departments'], queryFn: () => dataProvider.relateDepartment() });
  const byNotice = useQuery({ queryKey: ['ropa-activities', 'consents'], queryFn: () => dataProvider.relateConsent({ currentPage: 1 }) });
  const error = sum.error ?? due.error ?? byDepartment.error ?? byNotice.error;
  useEffect(() => {
    if (error) notifyError(error, ROPA_CODES.dashboard);
  }, [error, notifyError]);
  if (error) return <LoadFailed error={error} onRetry={() => [sum, due, byDepartment, byNotice].forEach((q) => void q.refetch())} />;
  if (!sum.data || !due.data || !byDepartment.data || !byNotice.data) return <ScreenLoader />;
  const s = sum.data;
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Figure label={translate('ropa.dashboard.total')} value={s.total} to="/ropa/activity/list" testId="ropa-total" />
        {ROPA_STATES.map((state) => (
          <Figure
            key={state}
            label={translate(`ropa.states.${state}`)}
            value={s[state]}
            to={`/ropa/activity/list?state=${state}`}
            testId={`ropa-count-${state}`}
          />
        ))}
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1">
            {translate('ropa.dashboard.completeness')}: <strong data-testid="ropa-completeness">{s.completeness}%</strong>
          </Typography>
          <LinearProgress
            variant="determinate"
            value={s.completeness}
            aria-label={translate('ropa.dashboard.completeness')}
            color={s.completeness >= 80 ? 'success' : 'warning'}
            sx={{ height: 10, borderRadius: 5, my: 1 }}
          />
          <Typography variant="caption" color="text.secondary">
            {translate('ropa.dashboard.completeness_hint')}
          </Typography>
        </CardContent>
      </Card>
      <SmeCard />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1">{translate('ropa.dashboard.due')}</Typography>
            {due.data.expireRopa.length ? (
              <List dense data-testid="ropa-due">
                {due.data.expireRopa.map((r) => (
                  <ListItem key={r.id} disablePadding>
                    <ListItemButton component={Link} to={`/ropa/activity/create/${r.id}`}>
                      <ListItemText
                        primary={r.name}
                        secondary={`${r.department ?? translate('ropa.dashboard.no_department')} · ${formatDate(r.reviewDate, locale)}`}
                      />
                      <Chip
                        size="small"
                        color={r.daysLeft < 0 ? 'error' : 'warning'}
                        label={translate(r.daysLeft < 0 ? 'ropa.dashboard.overdue' : 'ropa.dashboard.days_left', { days: Math.abs(r.daysLeft) })}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            ) : (
              <Alert severity="success">{translate('ropa.dashboard.no_due')}</Alert>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1">{translate('ropa.dashboard.by_department')}</Typography>
            {byDepartment.data.length ? (
              <Stack spacing={1} sx={{ mt: 1 }} data-testid="ropa-by-department">
                {byDepartment.data.map((d) => (
                  <Box key={d.departmentId ?? 'none'}>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                      <Typography variant="body2">{d.department ?? translate('ropa.dashboard.no_department')}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {translate('ropa.dashboard.approved_of', { approved: d.approved, total: d.total })}
                      </Typography>
                    </Box>
                    {/* the bar is the approved share of the department's activities, as its words say */}
                    <LinearProgress
                      variant="determinate"
                      value={d.total ? (d.approved / d.total) * 100 : 0}
                      aria-label={d.department ?? translate('ropa.dashboard.no_department')}
                      color={d.total && d.approved === d.total ? 'success' : 'primary'}
                      sx={{ height: 8, borderRadius: 4 }}
                    />
                  </Box>
                ))}
              </Stack>
            ) : (
              <Typography variant="body2">{translate('ropa.dashboard.nothing')}</Typography>
            )}
          </CardContent>
        </Card>
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1">{translate('ropa.dashboard.by_notice')}</Typography>
          {byNotice.data.relateConsent.length ? (
            <List dense>
              {byNotice.data.relateConsent.map((n) => (
                <ListItem key={n.formId} disableGutters sx={{ display: 'block', mb: 1 }}>
                  <Typography variant="body2">
                    <strong>{n.projectName || '-'}</strong> ({n.total})
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {n.activities.map((a) => (
                      <Chip
                        key={a.id}
                        size="small"
                        component={Link}
                        to={`/ropa/activity/create/${a.id}`}
                        clickable
                        label={a.name}
                        color={STATE_COLOURS.draft}
                      />
                    ))}
                  </Box>
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography variant="body2">{translate('ropa.dashboard.nothing')}</Typography>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
