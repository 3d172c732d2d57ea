import { Alert, AlertTitle, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ApiFailure } from '../../dataProvider/http';
import { failureText } from './failureText';

/** A record the server does not have for this company (a wrong or old link, another company's record). */
export const isNotFound = (error: unknown) => error instanceof ApiFailure && error.status === 404;

/**
 * What a list, form or card shows when it could not load (beside the toast with its screen code):
 * the reason, the code and a retry, so a failure never looks like an empty list. A record not found
 * says so, with a way back instead of a retry (asking again gives the same answer).
 */
export function LoadFailed({ error, onRetry, screenCode }: { error: unknown; onRetry: () => void; screenCode?: string }) {
  const translate = useTranslate();
  if (isNotFound(error)) {
    return (
      <Alert
        severity="warning"
        sx={{ m: 2 }}
        data-testid="record-not-found"
        action={
          <Button color="inherit" onClick={() => window.history.back()} sx={{ whiteSpace: 'nowrap' }}>
            {translate('app.back')}
          </Button>
        }
      >
        <AlertTitle>{translate('app.record_not_found_title')}</AlertTitle>
        {translate('app.record_not_found')}
      </Alert>
    );
  }
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
