import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardQuery } from '../../contract/dashboard';
import { dsrTaskOnTimeReply, type DsrTaskOnTime } from '../../contract/dsrTasks';
import { FeedCard } from './FeedCard';
import { useFeed } from './useFeed';

function Rates({ title, rows }: { title: string; rows: DsrTaskOnTime['systems'] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="subtitle2">{title}</Typography>
      {rows.map((r) => (
        <Box key={r.name} sx={{ my: 0.5 }}>
          <Typography variant="body2">
            {r.name}: {translate('dashboard.task_on_time.rate', { rate: r.rate ?? 0, onTime: r.onTime, late: r.late })}
          </Typography>
          <LinearProgress variant="determinate" value={r.rate ?? 0} color={(r.rate ?? 0) >= 80 ? 'success' : 'warning'} aria-label={r.name} />
        </Box>
      ))}
    </Box>
  );
}

/** `dsr-task-on-time`: the share of request tasks finished by their date, per system and per department. */
export function DsrTaskOnTimeCard({ query }: { query: DashboardQuery }) {
  const translate = useTranslate();
  const feed = useFeed('dsr-task-on-time', query, dsrTaskOnTimeReply);
  return (
    <FeedCard title={translate('dashboard.task_on_time.title')} feed={feed} testId="feed-dsr-task-on-time">
      {(d) =>
        d.systems.length ? (
          <>
            <Rates title={translate('dashboard.task_on_time.by_system')} rows={d.systems} />
            <Rates title={translate('dashboard.task_on_time.by_department')} rows={d.departments} />
          </>
        ) : (
          <Typography variant="body2">{translate('dashboard.task_on_time.none')}</Typography>
        )
      }
    </FeedCard>
  );
}
