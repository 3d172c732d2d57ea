import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sumStatReply, type DashboardQuery, type SumStatKey } from '../../contract/dashboard';
import { FeedCard } from './FeedCard';
import { Figure, LISTS, listLink } from './Figure';
import { useFeed } from './useFeed';

/** Where each summary figure leads: the list of what it counts, in the period and department it counts. */
const linkOf = (key: SumStatKey, q: DashboardQuery): string =>
  ({
    ropa: listLink(LISTS.ropaActivities, { state: 'approved', departmentId: q.departmentId }),
    dsr_open: listLink('/consents/datasubject/list', { open: true }),
    breach_open: '/databreach?open=true',
    notices: '/consents/manage/form',
    consents: listLink(LISTS.consentRecords, { from: q.from, to: q.to }),
    // every (person, test) of the active tests, of the department it counts: the figure's whole
    quiz: listLink(LISTS.knowledgeStanding, { departmentId: q.departmentId }),
  })[key];

/** `sum-stat`: the seed's (text, stat) figures, one per module the viewer has. */
export function SumStats({ query }: { query: DashboardQuery }) {
  const translate = useTranslate();
  const feed = useFeed('sum-stat', query, sumStatReply);
  return (
    <FeedCard title={translate('dashboard.subtitle')} feed={feed} testId="feed-sum-stat">
      {(d) => (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
          {d.data.map((s) => (
            <Figure
              key={s.key}
              testId={`stat-${s.key}`}
              value={s.total === null ? s.stat.toLocaleString() : `${s.stat.toLocaleString()} / ${s.total.toLocaleString()}`}
              label={translate(`dashboard.stat.${s.key}`)}
              to={linkOf(s.key, query)}
            />
          ))}
        </Box>
      )}
    </FeedCard>
  );
}
