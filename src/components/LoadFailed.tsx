import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { failureText } from './failureText';

/**
 * What a list or card shows when it could not load (beside the toast with its screen code): the
 * reason and a retry, so a failure never looks like an empty list.
 */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={onRetry}>{translate('app.retry')}</Button>}>
      {failureText(error, translate)}
    </Alert>
  );
}
