import { Box, Container, Link, Paper, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../i18n/dates';

const SECTIONS = ['scope', 'accounts', 'data', 'protection', 'contact'] as const;
/** When these terms last changed. */
const UPDATED = '2026-11-21T00:00:00+07:00';

/** `/term-condition` (public). */
export default function TermCondition() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {translate('pages.terms.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate('pages.terms.updated', { date: formatDate(UPDATED, locale) })}
        </Typography>
        {SECTIONS.map((key) => (
          <Box key={key} component="section" sx={{ mb: 3 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate(`pages.terms.sections.${key}.heading`)}
            </Typography>
            <Typography>{translate(`pages.terms.sections.${key}.body`)}</Typography>
          </Box>
        ))}
        <Link component={RouterLink} to="/">
          {translate('pages.not_found.back')}
        </Link>
      </Paper>
    </Container>
  );
}
