import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { failureText } from '../../src/components/failureText';
import { SCREEN, useQuizApi } from './quizApi';

/**
 * `/knowledge/my/verify` and the public `/certificate/{code}` (the link and QR code printed on a certificate):
 * checks a certificate's verification code with the server; a code in the address is checked at once.
 */
export function VerifyCertificate({ initialCode = '', toast = true }: { initialCode?: string; toast?: boolean }) {
  const translate = useTranslate();
  const api = useQuizApi();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const [code, setCode] = useState(initialCode);
  const verify = useMutation({ mutationFn: api.verifyQuizCertificate, onError: (e) => toast && notifyError(e, SCREEN.verify) });
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current || !initialCode.trim()) return;
    checked.current = true;
    verify.mutate({ code: initialCode });
  }, [initialCode, verify]);
  const c = verify.data;
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('quiz.verify.intro')}
      </Typography>
      <Stack direction="row" spacing={1} component="form" noValidate onSubmit={(e) => (e.preventDefault(), code.trim() && verify.mutate({ code }))}>
        <TextField size="small" label={translate('quiz.verify.code')} value={code} onChange={(e) => setCode(e.target.value)} sx={{ flex: 1 }} />
        <Button type="submit" variant="contained" disabled={verify.isPending || !code.trim()}>
          {translate('quiz.verify.check')}
        </Button>
      </Stack>
      {c ? (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="verify-result">
          <Typography sx={{ fontWeight: 700 }}>{translate('quiz.verify.valid')}</Typography>
          <Typography>
            {translate('quiz.verify.details', {
              name: c.name,
              test: c.test,
              company: c.company,
              score: c.score,
              date: formatDate(c.passedAt, locale),
            })}
          </Typography>
        </Alert>
      ) : null}
      {verify.error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failureText(verify.error, translate)}
        </Alert>
      ) : null}
    </Box>
  );
}
