import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/** How long a screen may load before the user is told (seed section 9). */
export const SCREEN_TIMEOUT_MS = 120_000;

/** Shown while a screen loads; after 120 s it says so plainly and offers a reload. */
export function ScreenLoader({ timeoutMs = SCREEN_TIMEOUT_MS }: { timeoutMs?: number }) {
  const translate = useTranslate();
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  if (timedOut) {
    return (
      <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => window.location.reload()}>{translate('app.retry')}</Button>}>
        {translate('app.load_timeout')}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }} role="progressbar" aria-label={translate('app.loading')}>
      <CircularProgress />
    </Box>
  );
}
