import { Box, Link, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatYear } from '../../i18n/dates';
import { Link as RouterLink } from 'react-router-dom';

export function Footer() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box component="footer" sx={{ px: 3, py: 2, mt: 'auto', borderTop: 1, borderColor: 'divider', color: 'text.secondary' }}>
      <Typography variant="body2">
        {translate('app.footer', { year: formatYear(locale) })} ·{' '}
        <Link component={RouterLink} to="/term-condition">
          {translate('app.terms')}
        </Link>
      </Typography>
    </Box>
  );
}
