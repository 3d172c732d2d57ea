import { Alert, Box, Container, Paper, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { ApiFailure } from '../../dataProvider/http';
import { failureText } from './failureText';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../layout/LanguageSwitch';

/** The data subjects' public pages (consent, privacy policy, requests, tracking): no sign-in, no layout, the language switch on top. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth="md">
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <LanguageSwitch />
        </Box>
        <Paper sx={{ p: { xs: 2, sm: 4 } }}>{children}</Paper>
      </Container>
    </Box>
  );
}

/**
 * A public page whose form or notice the link does not name (an unknown or malformed id: 400/404):
 * it says so plainly, never an empty form or a technical message. Other failures keep their text.
 */
export function PublicLoadFailed({ error }: { error: unknown }) {
  const translate = useTranslate();
  const missing = error instanceof ApiFailure && (error.status === 404 || error.status === 400);
  if (!missing) return <Alert severity="error">{failureText(error, translate)}</Alert>;
  return (
    <Box data-testid="public-not-found" sx={{ textAlign: 'center', py: 4 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.form_not_found_title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.form_not_found')}</Typography>
    </Box>
  );
}
