import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, FunctionField, ListContextProvider, useDataProvider, useList, useLocaleState, useTranslate } from 'react-admin';
import { cookieReceipt, type CookieReceipt, type CookieReceiptCheckReply, type CookieReceiptChoice } from '../../contract/cookie';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { rowsWith } from '../../src/components/PagedList';

/** The screen code of a receipt's check. */
const CODE = 'CKP#004';

type Checked = CookieReceiptChoice & { id: number; check: CookieReceiptCheckReply };

const OUTCOME_COLOR = { logged: 'success', altered: 'error', not_found: 'error' } as const;

/**
 * A visitor's receipt (the JSON file the banner downloads) checked against the log: each of its choices
 * is looked up by its moment and compared by its row's hash, and its day's seal is recomputed.
 */
export function ReceiptCheck() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const [checking, setChecking] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [result, setResult] = useState<{ receipt: CookieReceipt; rows: Checked[] } | null>(null);
  const list = useList({ data: result?.rows ?? [], perPage: 1_000 });
  const R = (key: string, options?: object) => translate(`cookie.proof.receipt.${key}`, options);

  const check = async (file: File) => {
    setResult(null);
    setInvalid(false);
    let receipt: CookieReceipt;
    try {
      const parsed = cookieReceipt.safeParse(JSON.parse(await file.text()));
      if (!parsed.success) throw parsed.error;
      receipt = parsed.data;
    } catch {
      setInvalid(true);
      return;
    }
    setChecking(true);
    try {
      const checks = await Promise.all(
        receipt.choices.map(({ day: _day, seal: _seal, ...choice }) =>
          dataProvider.checkCookieReceipt({ domainId: receipt.domainId, visitorId: receipt.visitorId, ...choice }),
        ),
      );
      setResult({ receipt, rows: receipt.choices.map((c, i) => ({ ...c, id: i, check: checks[i] })) });
    } catch (err) {
      notifyError(err, CODE);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="cookie-receipt-title" sx={{ mt: 4 }}>
      <Typography id="cookie-receipt-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {R('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, maxWidth: 900 }}>
        {R('intro')}
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={checking}>
        {R('choose')}
        <input
          hidden
          type="file"
          accept="application/json,.json"
          data-testid="cookie-receipt-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void check(file);
          }}
        />
      </Button>
      {invalid ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {R('invalid')}
        </Alert>
      ) : null}
      {checking ? <Skeleton variant="rounded" height={96} sx={{ mt: 2 }} aria-busy="true" /> : null}
      {result ? (
        <Stack spacing={1} sx={{ mt: 2 }} data-testid="cookie-receipt-result">
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {R('checked', { visitor: result.receipt.visitorId, host: result.receipt.host, count: result.rows.length })}
          </Typography>
          <ListContextProvider value={list}>
            <Datagrid
              resource="cookie-digests"
              bulkActionButtons={false}
              rowClick={false}
              body={rowsWith(() => ({ 'data-testid': 'cookie-receipt-row' }))}
              sx={{ overflowX: 'auto' }}
            >
              <FunctionField<Checked> label="cookie.proof.receipt.at" sx={{ whiteSpace: 'nowrap' }} render={(r) => formatDate(r.at, locale, true)} />
              <FunctionField<Checked> label="cookie.proof.receipt.method" render={(r) => translate(`cookie.methods.${r.method}`)} />
              <FunctionField<Checked>
                label="cookie.proof.receipt.outcome"
                render={(r) => (
                  <Chip size="small" variant="outlined" color={OUTCOME_COLOR[r.check.outcome]} label={R(`outcomes.${r.check.outcome}`)} />
                )}
              />
              <FunctionField<Checked>
                label="cookie.proof.receipt.seal"
                render={(r) => (r.check.sealVerified === null ? R('seals.pending') : r.check.sealVerified ? R('seals.verified') : R('seals.broken'))}
              />
            </Datagrid>
          </ListContextProvider>
        </Stack>
      ) : null}
    </Box>
  );
}
