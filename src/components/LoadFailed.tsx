import { Alert, AlertTitle, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { failureText } from './failureText';

/**
 * What a list, form or card shows when it could not load (beside the toast with its screen code):
 * the reason, the code and a retry, so a failure never looks like an empty list.
 */
export function LoadFailed({ error, onRetry, screenCode }: { error: unknown; onRetry: () => void; screenCode?: string }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      data-testid="load-failed"
      action={
        <Button color="inherit" onClick={onRetry}>
          {translate('app.retry')}
        </Button>
      }
    >
      <AlertTitle>{translate('app.load_failed')}</AlertTitle>
      {failureText(error, translate)}
      {screenCode ? ` (${translate('errors.code')}: ${screenCode})` : null}
    </Alert>
  );
}
