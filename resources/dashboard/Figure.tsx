import { Box, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

/** One figure of the dashboard: its number, its name, and a link to the (filtered) list behind it. */
export function Figure({ value, label, to, testId }: { value: string | number; label: string; to: string; testId: string }) {
  return (
    <Box
      component={Link}
      to={to}
      data-testid={testId}
      sx={{ display: 'block', color: 'inherit', textDecoration: 'none', p: 1, borderRadius: 1, '&:hover': { bgcolor: 'action.hover' } }}
    >
      <Typography variant="h5" component="p" color="primary">
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** A list's address with the filter a figure counts by (`/consents/manage/list?action=given&from=…`); blank values left out. */
export function listLink(path: string, filter: Record<string, string | boolean | undefined>) {
  const query = new URLSearchParams(
    Object.entries(filter).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])),
  );
  return query.size ? `${path}?${query}` : path;
}

/** The lists the dashboard's figures open. */
export const LISTS = {
  consentRecords: '/consents/manage/list',
  ropaActivities: '/ropa/activity/list',
  sheets: '/sheets/list',
  knowledgeStanding: '/knowledge/manage/standing',
} as const;
