import { Box, Container, Paper } from '@mui/material';
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
