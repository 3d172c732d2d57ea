import { Alert, Avatar, Box, Button, Card, CardContent, CircularProgress, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitch } from '../layout/LanguageSwitch';

/**
 * The frame of the public account pages, the sign-in page's look: a card on the dark background,
 * the language switch, an icon, the title and the product's name.
 */
export function AuthCard(props: { icon: ReactNode; title: string; maxWidth?: number; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: '#1f2a3c', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: props.maxWidth ?? 420 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
          <LanguageSwitch />
        </Box>
        <CardContent sx={{ pt: 0 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>{props.icon}</Avatar>
            <Typography variant="h5" component="h1" align="center">
              {props.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" align="center">
              {translate('app.name')}
            </Typography>
          </Box>
          {props.children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** A link back to the staff sign-in page. */
export function BackToLogin({ label = 'accounts.back_to_login' }: { label?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login" variant="body2">
        {translate(label)}
      </Link>
    </Box>
  );
}

/** What a finished flow shows: the outcome, and the way to sign in. */
export function DoneMessage({ title, text }: { title: string; text: string }) {
  const translate = useTranslate();
  return (
    <>
      <Alert severity="success" role="status" sx={{ mb: 2 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {text}
      </Alert>
      <Button component={RouterLink} to="/login" variant="contained" fullWidth size="large">
        {translate('accounts.to_login')}
      </Button>
    </>
  );
}

/** While the page asks the server what it may show. */
export function Checking() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 3 }} role="status">
      <CircularProgress size={24} />
      <Typography color="text.secondary">{translate('accounts.checking')}</Typography>
    </Box>
  );
}
