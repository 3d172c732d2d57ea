import { Alert, AlertTitle, Typography } from '@mui/material';
import { CloseNotificationContext, useNotify, useTranslate } from 'ra-core';
import { useCallback, useContext } from 'react';
import { failureText } from './failureText';

/**
 * The seed's error toast: title 'เกิดข้อผิดพลาด', the message, then CODE and the screen code. It
 * draws its own opaque surface: react-admin places a custom toast in the snackbar bare, and the page
 * would show through it. Its close button takes it away at once: it may lie over a dialog's buttons.
 */
export function ErrorToast({ message, screenCode }: { message: string; screenCode: string }) {
  const translate = useTranslate();
  // in the snackbar it can close itself; drawn alone (a test, a page) it has no close button
  const close = useContext(CloseNotificationContext);
  return (
    <Alert
      variant="filled"
      severity="error"
      role="alert"
      data-testid="error-toast"
      onClose={close ?? undefined}
      closeText={translate('ra.action.close')}
      sx={{ minWidth: 288, maxWidth: 560, boxShadow: 6 }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{translate('errors.title')}</AlertTitle>
      <Typography variant="body2" component="p">
        {message}
      </Typography>
      <Typography variant="caption" component="p">
        {translate('errors.code')}: {screenCode}
      </Typography>
    </Alert>
  );
}

/** `notifyError(error, 'RKE#002')` shows the toast; the cause goes to the console for whoever debugs. */
export function useNotifyError() {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (error: unknown, screenCode: string) => {
      console.error(screenCode, error);
      notify(<ErrorToast message={failureText(error, translate)} screenCode={screenCode} />, {
        type: 'error',
        autoHideDuration: 8000,
      });
    },
    [notify, translate],
  );
}
