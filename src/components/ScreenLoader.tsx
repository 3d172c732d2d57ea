import { Alert, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { LoadingSkeleton, type SkeletonShape } from './LoadingSkeleton';

/** How long a screen may load before the user is told (seed section 9). */
export const SCREEN_TIMEOUT_MS = 120_000;

/** Shown while a screen loads (a skeleton of its shape); after 120 s it says so plainly and offers a reload. */
export function ScreenLoader({ timeoutMs = SCREEN_TIMEOUT_MS, shape = 'form' }: { timeoutMs?: number; shape?: SkeletonShape }) {
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
  return <LoadingSkeleton shape={shape} />;
}
