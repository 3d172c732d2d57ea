import DownloadIcon from '@mui/icons-material/Download';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Alert, Box, Button, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, FunctionField, NumberField, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { CookieDigest, CookieVerifyReply } from '../../contract/cookie';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { PagedList, rowsWith } from '../../src/components/PagedList';
import { DomainSelect } from './DomainSelect';
import { ReceiptCheck } from './ReceiptCheck';
import { useCookieDomains } from './useCookieDomains';

/** The proof tab's screen codes: the seals, verifying, the CSV. */
const CODES = { list: 'CKP#001', verify: 'CKP#002', export: 'CKP#003' } as const;
type Row = CookieDigest & { id: string };

/** A hash, short, whole on hover and for screen readers. */
function Hash({ value }: { value: string }) {
  return (
    <Tooltip title={value}>
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }} aria-label={value}>
        {value.slice(0, 16)}…
      </Box>
    </Tooltip>
  );
}

function DigestRows() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      aria-label={translate('cookie.tabs.proof')}
      body={rowsWith(() => ({ 'data-testid': 'cookie-digest-row' }))}
      empty={
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {translate('cookie.proof.empty')}
        </Typography>
      }
      sx={{ overflowX: 'auto' }}
    >
      <FunctionField<Row> label="cookie.proof.day" sortable={false} sx={{ whiteSpace: 'nowrap' }} render={(r) => formatDate(r.day, locale)} />
      <NumberField source="rows" label="cookie.proof.rows" sortable={false} locales={locale === 'en' ? 'en-GB' : 'th-TH'} />
      <FunctionField<Row> label="cookie.proof.hash" sortable={false} render={(r) => <Hash value={r.hash} />} />
      <FunctionField<Row> label="cookie.proof.prevHash" sortable={false} render={(r) => <Hash value={r.prevHash} />} />
      <FunctionField<Row>
        label="cookie.proof.sealedAt"
        sortable={false}
        sx={{ whiteSpace: 'nowrap' }}
        render={(r) => formatDate(r.sealedAt, locale, true)}
      />
    </Datagrid>
  );
}

/** What a verification found: intact (with what was checked), or the days that changed. */
function Verification({ result }: { result: CookieVerifyReply }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!result.days) return <Alert severity="info">{translate('cookie.proof.nothing')}</Alert>;
  return (
    <Alert severity={result.ok ? 'success' : 'error'} data-testid="cookie-verify-result">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {result.ok
          ? translate('cookie.proof.ok', { days: result.days, rows: result.rows.toLocaleString(locale === 'en' ? 'en-GB' : 'th-TH') })
          : translate('cookie.proof.broken', { count: result.problems.length })}
      </Typography>
      {result.problems.length ? (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {result.problems.map((p) => (
            <li key={`${p.day}:${p.problem}`}>
              {formatDate(p.day, locale)}: {translate(`cookie.proof.problems.${p.problem}`)}
            </li>
          ))}
        </Box>
      ) : null}
      {result.expiredDays ? <Typography variant="body2">{translate('cookie.proof.expired', { days: result.expiredDays })}</Typography> : null}
      {result.lastHash && result.lastDay ? (
        <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-all' }}>
          {translate('cookie.proof.lastHash', { day: formatDate(result.lastDay, locale) })}:{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {result.lastHash}
          </Box>
        </Typography>
      ) : null}
    </Alert>
  );
}

/**
 * The consent log's proof (`?tab=proof`): the daily seals of a domain, chained by hash; "verify"
 * recomputes them from the log, the CSV keeps a copy outside the system; a visitor's receipt is checked
 * against the log (./ReceiptCheck.tsx).
 */
export function ProofTab() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const domains = useCookieDomains();
  const [chosen, setChosen] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [result, setResult] = useState<{ domainId: string; reply: CookieVerifyReply } | null>(null);
  const domainId = chosen || domains.data?.[0]?._id || '';
  const host = domains.data?.find((d) => d._id === domainId)?.host ?? '';
  const verify = async () => {
    setVerifying(true);
    try {
      setResult({ domainId, reply: await dataProvider.verifyCookieLog({ domainId }) });
    } catch (err) {
      notifyError(err, CODES.verify);
    } finally {
      setVerifying(false);
    }
  };
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {translate('cookie.proof.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <DomainSelect
          domains={domains.data ?? []}
          value={domainId}
          onChange={(id) => {
            setChosen(id);
            setResult(null);
          }}
        />
        <Button variant="contained" startIcon={<VerifiedIcon />} disabled={!domainId || verifying} onClick={verify}>
          {translate('cookie.proof.verify')}
        </Button>
        <Button
          startIcon={<DownloadIcon />}
          disabled={!domainId}
          onClick={() => dataProvider.exportCookieDigests({ domainId, host }).catch((err: unknown) => notifyError(err, CODES.export))}
        >
          {translate('cookie.proof.export')}
        </Button>
      </Stack>
      {verifying ? <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} aria-busy="true" /> : null}
      {!verifying && result && result.domainId === domainId ? (
        <Box sx={{ mb: 2 }}>
          <Verification result={result.reply} />
        </Box>
      ) : null}
      {domainId ? (
        <PagedList key={domainId} resource="cookie-digests" screenCode={CODES.list} filter={{ domainId }}>
          <DigestRows />
        </PagedList>
      ) : domains.isPending ? (
        <Skeleton variant="rounded" height={120} aria-busy="true" />
      ) : (
        <Typography color="text.secondary">{translate('cookie.proof.empty')}</Typography>
      )}
      <ReceiptCheck />
    </Box>
  );
}
