import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  Link,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { COOKIE_METHODS, type CookieMethod } from '../../contract/cookie';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { ThaiDateInput } from '../../src/components/ThaiDateInput';
import { useNotifyError } from '../../src/components/ErrorToast';
import { DomainSelect } from './DomainSelect';
import { useCategoryNames, useCookieDomains } from './useCookieDomains';

const LIMIT = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The consent log: filtered by domain, date, how chosen and accepted category; one visitor's history; CSV. */
export function LogTab() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const domains = useCookieDomains();
  const [filter, setFilter] = useState({ domainId: '', from: '', to: '', method: '', category: '', visitorId: '' });
  const [page, setPage] = useState(1);
  const set = (k: keyof typeof filter) => (v: string) => {
    setFilter((f) => ({ ...f, [k]: v }));
    setPage(1);
  };
  const query = {
    domainId: filter.domainId || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    method: (filter.method || undefined) as CookieMethod | undefined,
    category: filter.category || undefined,
    visitorId: UUID.test(filter.visitorId.trim()) ? filter.visitorId.trim() : undefined,
  };
  const log = useQuery({
    queryKey: ['cookie-domains', 'log', query, page],
    queryFn: () => dataProvider.cookieLog({ ...query, page, limit: LIMIT }),
    placeholderData: keepPreviousData,
  });
  const names = useCategoryNames(filter.domainId);
  // the settings' categories, then any a logged choice names that the settings no longer do
  const categories = [...new Set(names.keys.concat((log.data?.rows ?? []).flatMap((r) => Object.keys(r.choices))))];
  const exportCsv = () => dataProvider.exportCookieLog(query).catch((err: unknown) => notifyError(err, 'CKL#002'));

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} alignItems="center">
        <DomainSelect domains={domains.data ?? []} value={filter.domainId} onChange={set('domainId')} all />
        <ThaiDateInput
          label={translate('cookie.log.from')}
          value={filter.from}
          onChange={(day) => set('from')(day ?? '')}
          yearsAhead={0}
          yearsBack={3}
          clearable
        />
        <ThaiDateInput
          label={translate('cookie.log.to')}
          value={filter.to}
          onChange={(day) => set('to')(day ?? '')}
          yearsAhead={0}
          yearsBack={3}
          clearable
        />
        <TextField
          select
          size="small"
          label={translate('cookie.log.method')}
          value={filter.method}
          onChange={(e) => set('method')(e.target.value)}
          sx={{ minWidth: 160 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate('cookie.log.anyMethod')}</MenuItem>
          {COOKIE_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {translate(`cookie.methods.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('cookie.log.category')}
          value={filter.category}
          onChange={(e) => set('category')(e.target.value)}
          sx={{ minWidth: 160 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate('cookie.log.anyCategory')}</MenuItem>
          {categories.map((c) => (
            <MenuItem key={c} value={c}>
              {names.name(c)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate('cookie.log.visitor')}
          value={filter.visitorId}
          onChange={(e) => set('visitorId')(e.target.value)}
          sx={{ minWidth: 300 }}
          name="visitorId"
        />
        <Button startIcon={<DownloadIcon />} onClick={exportCsv}>
          {translate('cookie.log.export')}
        </Button>
      </Stack>
      {query.visitorId ? (
        <Alert severity="info" sx={{ mb: 1 }} action={<Button onClick={() => set('visitorId')('')}>{translate('cookie.log.clearVisitor')}</Button>}>
          {translate('cookie.log.history')}: {query.visitorId}
        </Alert>
      ) : null}
      {log.isPending ? (
        <Stack spacing={1} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={40} />
          ))}
        </Stack>
      ) : log.isError ? (
        <Alert severity="error" action={<Button onClick={() => log.refetch()}>{translate('cookie.log.retry')}</Button>}>
          {translate('cookie.log.failed')}
        </Alert>
      ) : log.data.rows.length === 0 ? (
        <Typography color="text.secondary">{translate('cookie.log.empty')}</Typography>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('cookie.tabs.log')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('cookie.log.at')}</TableCell>
                <TableCell>{translate('cookie.log.domain')}</TableCell>
                <TableCell>{translate('cookie.log.visitor')}</TableCell>
                <TableCell>{translate('cookie.log.version')}</TableCell>
                <TableCell>{translate('cookie.log.method')}</TableCell>
                <TableCell>{translate('cookie.log.accepted')}</TableCell>
                <TableCell>{translate('cookie.log.path')}</TableCell>
                <TableCell>{translate('cookie.log.browser')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {log.data.rows.map((r, i) => (
                <TableRow key={`${r.at}-${r.visitorId}-${i}`} data-testid="cookie-log-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.at, locale, true)}</TableCell>
                  <TableCell>{r.host}</TableCell>
                  <TableCell>
                    <Link component="button" variant="body2" onClick={() => set('visitorId')(r.visitorId)} sx={{ fontFamily: 'monospace' }}>
                      {r.visitorId.slice(0, 8)}
                    </Link>
                  </TableCell>
                  <TableCell>v{r.version}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={translate(`cookie.methods.${r.method}`)}
                      color={r.method === 'accept_all' ? 'success' : r.method === 'reject_all' ? 'default' : 'info'}
                    />
                  </TableCell>
                  <TableCell sx={{ fontSize: 12 }}>
                    {Object.entries(r.choices)
                      .filter(([, on]) => on)
                      .map(([k]) => names.name(k))
                      .join(', ')}
                  </TableCell>
                  <TableCell>{r.path}</TableCell>
                  <TableCell>{r.browser}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }}>
        <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          {translate('cookie.log.previous')}
        </Button>
        <Typography variant="body2">{translate('cookie.log.page', { page })}</Typography>
        <Button disabled={!log.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
          {translate('cookie.log.next')}
        </Button>
      </Stack>
    </Box>
  );
}
