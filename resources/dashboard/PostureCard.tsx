import { Box, LinearProgress, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { Link } from 'react-router-dom';
import { postureReply, type DashboardQuery, type PostureKey } from '../../contract/dashboard';
import { FeedCard } from './FeedCard';
import { LISTS, listLink } from './Figure';
import { useFeed } from './useFeed';

const linkOf = (key: PostureKey, { departmentId, from, to }: DashboardQuery): string =>
  ({
    // the records that keep it from 100 %, in the department it counts
    ropa_completeness: listLink(LISTS.ropaActivities, { incomplete: true, departmentId }),
    ropa_overdue: listLink(LISTS.ropaActivities, { overdue: true, departmentId }),
    // the requests received in the period (the rate's answered ones among them)
    dsr_on_time: listLink('/consents/datasubject/list', { from, to }),
    // the breaches known in the period with the Office told: the rate's whole
    breach_in_time: listLink('/databreach', { notified: true, from, to }),
    dpo: '/dpo/list',
    cookie_opt_in: '/cookie/list',
    // the people who have not passed a test they must, in the department it counts: what keeps it from 100 %
    staff_passed: listLink(LISTS.knowledgeStanding, { state: 'not_passed', departmentId }),
    documents_review: listLink(LISTS.sheets, { state: 'review' }),
    transfers_warning: listLink('/data-manage/transfers', { warning: true }),
    processors_warning: listLink('/data-manage/processor-diligence', { warning: true }),
    deletions_overdue: listLink('/retention/due', { state: 'overdue' }),
  })[key];

/** The posture's score: the PDPA framework's kept score, linking to its page (where the requirements behind it are). */
function FrameworkScore() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const snapshot = useQuery({ queryKey: ['framework', 'snapshot'], queryFn: () => dataProvider.frameworkSnapshot(), retry: false });
  const score = snapshot.data?.score;
  return (
    <Box
      component={Link}
      to="/framework"
      data-testid="posture-framework"
      sx={{ display: 'flex', alignItems: 'baseline', gap: 2, mb: 2, color: 'inherit', textDecoration: 'none', flexWrap: 'wrap' }}
    >
      <Typography variant="h4" component="p" color={snapshot.isError ? 'error' : 'primary'}>
        {snapshot.isPending ? '…' : snapshot.isError ? '!' : score === null || score === undefined ? '–' : `${score}%`}
      </Typography>
      <Typography variant="body1">
        {translate('framework.score')} · {translate('framework.title')}
      </Typography>
      <Typography variant="body2" color="primary">
        {snapshot.isError ? translate('dashboard.error') : translate('framework.open')}
      </Typography>
    </Box>
  );
}

/** The compliance posture: the framework's score, then each figure with its target and the period before. */
export function PostureCard({ query }: { query: DashboardQuery }) {
  const translate = useTranslate();
  const feed = useFeed('posture', query, postureReply);
  return (
    <FeedCard title={translate('dashboard.posture.title')} feed={feed} testId="feed-posture">
      {(d) => (
        <>
          <FrameworkScore />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
            {d.data.map((f) => {
              const met = f.value !== null && (f.kind === 'percent' ? f.value >= f.target : f.value <= f.target);
              const shown = f.value === null ? translate('dashboard.posture.no_data') : f.kind === 'percent' ? `${f.value}%` : String(f.value);
              const trend = f.previous === null || f.value === null ? 0 : Math.sign(f.value - f.previous);
              return (
                <Box
                  key={f.key}
                  component={Link}
                  to={linkOf(f.key, query)}
                  data-testid={`posture-${f.key}`}
                  sx={{ color: 'inherit', textDecoration: 'none', p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
                >
                  <Typography variant="body2" color="text.secondary">
                    {translate(`dashboard.posture.keys.${f.key}`)}
                  </Typography>
                  <Typography variant="h6" component="p" color={f.value === null ? 'text.secondary' : met ? 'success.main' : 'warning.main'}>
                    {shown}
                    {trend > 0 ? <ArrowUpwardIcon fontSize="small" /> : trend < 0 ? <ArrowDownwardIcon fontSize="small" /> : null}
                  </Typography>
                  {f.detail ? (
                    <Typography variant="caption" component="p">
                      {translate(f.detail.appointed ? 'dashboard.posture.yes' : 'dashboard.posture.no')} ·{' '}
                      {translate(f.detail.officeInformed ? 'dashboard.posture.informed' : 'dashboard.posture.not_informed')}
                    </Typography>
                  ) : null}
                  {f.kind === 'percent' && f.value !== null ? (
                    <LinearProgress
                      aria-label={translate(`dashboard.posture.keys.${f.key}`)}
                      variant="determinate"
                      value={Math.min(100, f.value)}
                      color={met ? 'success' : 'warning'}
                      sx={{ my: 0.5 }}
                    />
                  ) : null}
                  <Typography variant="caption" color="text.secondary" component="p">
                    {f.kind === 'percent'
                      ? translate('dashboard.posture.target', { target: `${f.target}%` })
                      : translate('dashboard.posture.target_max', { target: f.target })}
                    {f.previous !== null
                      ? ` · ${translate('dashboard.posture.previous', { value: f.kind === 'percent' ? `${f.previous}%` : f.previous })}`
                      : ''}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        </>
      )}
    </FeedCard>
  );
}
