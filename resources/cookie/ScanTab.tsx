import DownloadIcon from '@mui/icons-material/Download';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Alert, Box, Button, Chip, Link, Paper, Skeleton, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  TextField,
  useDataProvider,
  useGetOne,
  useList,
  useListContext,
  useLocaleState,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { COOKIE_SCAN_PAGES, type CookieScanFinding, type CookieScanHost, type CookieScanReport } from '../../contract/cookieScan';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { PagedList, rowsWith } from '../../src/components/PagedList';
import type { CookieScanRecord } from './definition';
import { DomainSelect } from './DomainSelect';
import { useCookieDomains } from './useCookieDomains';

/** The scanner's screen codes: its list, asking for a scan, a report, the PDF. */
const CODES = { list: 'CKS#001', start: 'CKS#002', report: 'CKS#003', pdf: 'CKS#004' } as const;
/** How often a list with a scan waiting or running asks again. */
const POLL_MS = 2_000;
const STATUS_COLOUR = { queued: 'default', running: 'info', done: 'success', failed: 'error' } as const;

/** Asks the list again while a scan of it waits or runs. */
function WhileScanning() {
  const { data, refetch } = useListContext<CookieScanRecord>();
  const active = (data ?? []).some((s) => s.status === 'queued' || s.status === 'running');
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void refetch(), POLL_MS);
    return () => clearInterval(timer);
  }, [active, refetch]);
  return null;
}

function ScanRows({ onShow }: { onShow(id: string): void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <WhileScanning />
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        aria-label={translate('cookie.tabs.scan')}
        body={rowsWith(() => ({ 'data-testid': 'cookie-scan-row' }))}
        empty={
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('cookie.scan.empty')}
          </Typography>
        }
        sx={{ overflowX: 'auto' }}
      >
        <FunctionField<CookieScanRecord>
          label="cookie.scan.requestedAt"
          sortable={false}
          sx={{ whiteSpace: 'nowrap' }}
          render={(r) => formatDate(r.requestedAt, locale, true)}
        />
        <FunctionField<CookieScanRecord>
          label="cookie.scan.statusLabel"
          sortable={false}
          render={(r) => (
            <Stack spacing={0.5} alignItems="flex-start">
              <Chip size="small" color={STATUS_COLOUR[r.status]} label={translate(`cookie.scan.status.${r.status}`)} />
              {r.error ? (
                <Typography variant="caption" color="error">
                  {r.error}
                </Typography>
              ) : null}
            </Stack>
          )}
        />
        <FunctionField<CookieScanRecord>
          label="cookie.scan.requestedBy"
          sortable={false}
          render={(r) => r.requestedBy ?? translate('cookie.scan.schedule')}
        />
        <TextField label="cookie.scan.pages" source="pages" sortable={false} />
        <FunctionField<CookieScanRecord> label="cookie.scan.cookies" sortable={false} render={(r) => r.counts?.cookies ?? '—'} />
        <FunctionField<CookieScanRecord>
          label="cookie.scan.firedEarly"
          sortable={false}
          render={(r) => (r.counts ? <Chip size="small" color={r.counts.firedEarly ? 'warning' : 'success'} label={r.counts.firedEarly} /> : '—')}
        />
        <FunctionField<CookieScanRecord> label="cookie.scan.undeclared" sortable={false} render={(r) => r.counts?.undeclared ?? '—'} />
        <FunctionField<CookieScanRecord> label="cookie.scan.hosts" sortable={false} render={(r) => r.counts?.hosts ?? '—'} />
        <FunctionField<CookieScanRecord>
          label=""
          sortable={false}
          render={(r) =>
            r.status === 'done' ? (
              <Button size="small" onClick={() => onShow(r.id)}>
                {translate('cookie.scan.show')}
              </Button>
            ) : null
          }
        />
      </Datagrid>
    </>
  );
}

/** What a finished scan found: the cookies and storage keys, the other hosts, the pages. */
function ScanReportView({ id }: { id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const { data, isPending, error, refetch } = useGetOne<CookieScanRecord>('cookie-scans', { id });
  if (isPending) return <Skeleton variant="rounded" height={240} aria-busy="true" />;
  if (error || !data?.report)
    return (
      <Alert severity="error" action={<Button onClick={() => refetch()}>{translate('cookie.log.retry')}</Button>}>
        {translate('cookie.scan.failed')} ({CODES.report})
      </Alert>
    );
  const report = data.report;
  const R = (key: string, options?: object) => translate(`cookie.scan.report.${key}`, options);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="cookie-scan-report">
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" spacing={1}>
        <Box>
          <Typography variant="h6" component="h2">
            {R('title')} · {data.host}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('cookie.scan.finishedAt')} {data.finishedAt ? formatDate(data.finishedAt, locale, true) : '—'} ·{' '}
            {report.version ? `${R('version')} ${report.version}` : R('noVersion')}
          </Typography>
        </Box>
        <Button
          startIcon={<DownloadIcon />}
          onClick={() => dataProvider.downloadCookieScanPdf({ id, host: data.host }).catch((err: unknown) => notifyError(err, CODES.pdf))}
        >
          {translate('cookie.scan.pdf')}
        </Button>
      </Stack>
      <Alert severity={report.consentGiven ? 'info' : 'warning'} sx={{ my: 1 }}>
        {R(report.consentGiven ? 'consentGiven' : 'consentNotGiven')}
        {report.stoppedBy ? ` · ${R(`stoppedBy.${report.stoppedBy}`)}` : ''}
      </Alert>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {R('findings')}
      </Typography>
      <Findings findings={report.findings} />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {R('hostsTitle')}
      </Typography>
      <Hosts hosts={report.hosts} />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {R('pagesTitle')} ({report.pages.length})
      </Typography>
      <Pages report={report} />
    </Paper>
  );
}

function Category({ value }: { value: string | null }) {
  const translate = useTranslate();
  if (!value) return <>—</>;
  const known = ['necessary', 'functional', 'analytics', 'marketing'].includes(value);
  return <>{known ? translate(`cookie.scan.categories.${value}`) : value}</>;
}

/** A table of the report, its rows in memory: react-admin's Datagrid over a local list. */
function ReportGrid({ rows, testId, children, sx }: { rows: RaRecord[]; testId: string; children: ReactNode; sx?: SxProps<Theme> }) {
  const translate = useTranslate();
  const list = useList({ data: rows, perPage: 1_000 });
  return (
    <ListContextProvider value={list}>
      <Datagrid
        resource="cookie-scans"
        bulkActionButtons={false}
        rowClick={false}
        body={rowsWith(() => ({ 'data-testid': testId }))}
        empty={<Typography sx={{ p: 1 }}>{translate('cookie.scan.report.none')}</Typography>}
        sx={sx}
      >
        {children}
      </Datagrid>
    </ListContextProvider>
  );
}

function Findings({ findings }: { findings: CookieScanFinding[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const R = (key: string, options?: object) => translate(`cookie.scan.report.${key}`, options);
  return (
    <ReportGrid rows={findings.map((f, i) => ({ ...f, id: i }))} testId="cookie-scan-finding" sx={{ overflowX: 'auto' }}>
      <FunctionField<CookieScanFinding>
        label="cookie.scan.report.name"
        render={(f) => (
          <Box sx={{ minWidth: 180 }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {f.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {R(`kind.${f.kind}`)}
              {f.setBy ? ` · ${R(`setBy.${f.setBy}`)}` : ''} · {R(f.firstParty ? 'party.first' : 'party.third')}
            </Typography>
          </Box>
        )}
      />
      <TextField label="cookie.scan.report.domain" source="domain" />
      <FunctionField<CookieScanFinding>
        label="cookie.scan.report.provider"
        render={(f) => (
          <Box sx={{ minWidth: 200 }}>
            <Typography variant="body2">{f.provider ?? R('unknown')}</Typography>
            {f.purpose ? (
              <Typography variant="caption" color="text.secondary">
                {f.purpose[locale === 'en' ? 'en' : 'th']}
              </Typography>
            ) : null}
          </Box>
        )}
      />
      <FunctionField<CookieScanFinding>
        label="cookie.scan.report.declared"
        render={(f) => (f.declared ? <Category value={f.declared} /> : <Chip size="small" variant="outlined" label={R('notDeclared')} />)}
      />
      <FunctionField<CookieScanFinding> label="cookie.scan.report.proposed" render={(f) => <Category value={f.proposed} />} />
      <FunctionField<CookieScanFinding>
        label="cookie.scan.report.expires"
        render={(f) => (f.kind !== 'cookie' ? '—' : f.expiresDays === null ? R('session') : R('days', { n: f.expiresDays }))}
      />
      <FunctionField<CookieScanFinding>
        label="cookie.scan.report.when"
        render={(f) =>
          f.firedEarly ? <Chip size="small" color="warning" label={R('earlyFlag')} /> : R(f.beforeConsent ? 'beforeConsent' : 'afterConsent')
        }
      />
      <FunctionField<CookieScanFinding>
        label="cookie.scan.report.page"
        render={(f) => (
          <Link href={f.page} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {new URL(f.page).pathname}
          </Link>
        )}
      />
    </ReportGrid>
  );
}

function Hosts({ hosts }: { hosts: CookieScanHost[] }) {
  const translate = useTranslate();
  const R = (key: string) => translate(`cookie.scan.report.${key}`);
  return (
    <ReportGrid rows={hosts.map((h) => ({ ...h, id: h.host }))} testId="cookie-scan-host">
      <TextField label="cookie.scan.report.domain" source="host" sx={{ fontFamily: 'monospace' }} />
      <FunctionField<CookieScanHost> label="cookie.scan.report.provider" render={(h) => h.provider ?? R('unknown')} />
      <FunctionField<CookieScanHost> label="cookie.scan.report.proposed" render={(h) => <Category value={h.proposed} />} />
      <TextField label="cookie.scan.report.requests" source="requests" />
      <FunctionField<CookieScanHost>
        label="cookie.scan.report.when"
        render={(h) =>
          h.firedEarly ? <Chip size="small" color="warning" label={R('earlyFlag')} /> : R(h.beforeConsent ? 'beforeConsent' : 'afterConsent')
        }
      />
    </ReportGrid>
  );
}

function Pages({ report }: { report: CookieScanReport }) {
  const translate = useTranslate();
  return (
    <Box sx={{ fontSize: 13 }}>
      {report.pages.map((p) => (
        <Box key={p} sx={{ wordBreak: 'break-all' }}>
          {p}
        </Box>
      ))}
      {report.offSite ? <Typography variant="body2">{translate('cookie.scan.report.offSite', { n: report.offSite })}</Typography> : null}
      {report.failed.length ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('cookie.scan.report.failedPages')}: {report.failed.map((f) => `${f.url} (${f.reason})`).join(', ')}
        </Alert>
      ) : null}
      {report.refused.length ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('cookie.scan.report.refused')}: {report.refused.join(', ')}
        </Alert>
      ) : null}
    </Box>
  );
}

/**
 * The cookie scanner: a site's scans, newest first (asked again every 2 s while one waits or runs),
 * "scan now" for editors, and a finished scan's report with its PDF.
 */
export function ScanTab() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('cookie');
  const domains = useCookieDomains();
  const [chosen, setChosen] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [generation, setGeneration] = useState(0);
  const domainId = chosen || domains.data?.[0]?._id || '';
  const host = domains.data?.find((d) => d._id === domainId)?.host ?? '';
  const start = async () => {
    setAsking(true);
    try {
      await dataProvider.startCookieScan({ domainId });
      notify('cookie.scan.started', { type: 'info', messageArgs: { host } });
      setGeneration((g) => g + 1);
    } catch (err) {
      notifyError(err, CODES.start);
    } finally {
      setAsking(false);
    }
  };
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {translate('cookie.scan.intro', { pages: COOKIE_SCAN_PAGES })}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }} alignItems="center">
        <DomainSelect
          domains={domains.data ?? []}
          value={domainId}
          onChange={(id) => {
            setChosen(id);
            setShown(null);
          }}
        />
        {canEdit ? (
          <Button variant="contained" startIcon={<TravelExploreIcon />} disabled={!domainId || asking} onClick={start}>
            {translate('cookie.scan.start')}
          </Button>
        ) : null}
      </Stack>
      {domainId ? (
        <PagedList key={`${domainId}:${generation}`} resource="cookie-scans" screenCode={CODES.list} filter={{ domainId }}>
          <ScanRows onShow={setShown} />
        </PagedList>
      ) : domains.isPending ? (
        <Skeleton variant="rounded" height={120} aria-busy="true" />
      ) : (
        <Typography color="text.secondary">{translate('cookie.scan.empty')}</Typography>
      )}
      {shown ? <ScanReportView id={shown} /> : null}
    </Box>
  );
}
