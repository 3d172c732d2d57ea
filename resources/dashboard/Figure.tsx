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
