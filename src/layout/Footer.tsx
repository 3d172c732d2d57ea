import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

export function Footer() {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ px: 3, py: 2, mt: 'auto', borderTop: 1, borderColor: 'divider', color: 'text.secondary' }}>
      <Typography variant="body2">
        {translate('app.footer', { year: new Date().getFullYear() + 543 })} ·{' '}
        <Link component={RouterLink} to="/term-condition">
          {translate('app.terms')}
        </Link>
      </Typography>
    </Box>
  );
}
