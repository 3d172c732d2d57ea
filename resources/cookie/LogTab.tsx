import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Chip, Link, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  SelectInput,
  TextField,
  TextInput,
  useDataProvider,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { COOKIE_METHODS, type CookieLogRow } from '../../contract/cookie';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { FILTER_INPUT, ListFilters } from '../../src/components/ListFilters';
import { PagedList, rowsWith } from '../../src/components/PagedList';
import { DayFilterInput } from '../../src/components/DayFilterInput';
import { logFilter, visitorOf } from './definition';
import { useCategoryNames, useCookieDomains } from './useCookieDomains';

type Row = CookieLogRow & { id: number };

/** The log's screen codes: loading it, its CSV. */
const CODES = { list: 'CKL#001', export: 'CKL#002' } as const;

/** A select whose "any" choice shows as chosen when nothing is. */
const ANY_SHOWN = {
  ...FILTER_INPUT,
  slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
  sx: { minWidth: 160, my: 0 },
} as const;

/** A day of the log's period, in the Buddhist era; cleared, it no longer bounds the log. */
/** Domain, days, how chosen, accepted category and one visitor; the CSV of the same choices. */
function LogFilters({ categories }: { categories: string[] }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const { filterValues } = useListContext();
  const domains = useCookieDomains();
  const names = useCategoryNames(filterValues.domainId);
  const exportCsv = () => dataProvider.exportCookieLog(logFilter(filterValues)).catch((err: unknown) => notifyError(err, CODES.export));
  return (
    <ListFilters
      debounce={300}
      actions={
        <Button startIcon={<DownloadIcon />} onClick={exportCsv}>
          {translate('cookie.log.export')}
        </Button>
      }
    >
      <SelectInput
        {...ANY_SHOWN}
        source="domainId"
        label="cookie.log.domain"
        emptyText="cookie.log.allDomains"
        choices={domains.data ?? []}
        optionValue="_id"
        optionText="host"
        sx={{ minWidth: 220, my: 0 }}
      />
      <DayFilterInput source="from" label="cookie.log.from" />
      <DayFilterInput source="to" label="cookie.log.to" />
      <SelectInput
        {...ANY_SHOWN}
        source="method"
        label="cookie.log.method"
        emptyText="cookie.log.anyMethod"
        choices={COOKIE_METHODS.map((m) => ({ id: m, name: translate(`cookie.methods.${m}`) }))}
      />
      <SelectInput
        {...ANY_SHOWN}
        source="category"
        label="cookie.log.category"
        emptyText="cookie.log.anyCategory"
        choices={categories.map((c) => ({ id: c, name: names.name(c) }))}
      />
      <TextInput {...FILTER_INPUT} source="visitorId" label="cookie.log.visitor" resettable={false} sx={{ minWidth: 300, my: 0 }} />
    </ListFilters>
  );
}

/** The filters, one visitor's history when one is chosen, and the choices with the accepted categories by name. */
function LogView() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data = [], filterValues, setFilters } = useListContext<Row>();
  const names = useCategoryNames(filterValues.domainId);
  // the settings' categories, then any a logged choice names that the settings no longer do
  const categories = [...new Set(names.keys.concat(data.flatMap((r) => Object.keys(r.choices).filter((k) => !k.includes('.')))))];
  const visitor = visitorOf(filterValues.visitorId);
  const showVisitor = (visitorId: string) => setFilters({ ...filterValues, visitorId });
  const { visitorId: _visitor, ...everyone } = filterValues;
  return (
    <>
      <LogFilters categories={categories} />
      {visitor ? (
        <Alert severity="info" sx={{ mb: 1 }} action={<Button onClick={() => setFilters(everyone)}>{translate('cookie.log.clearVisitor')}</Button>}>
          {translate('cookie.log.history')}: {visitor}
        </Alert>
      ) : null}
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        aria-label={translate('cookie.tabs.log')}
        body={rowsWith(() => ({ 'data-testid': 'cookie-log-row' }))}
        empty={
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('cookie.log.empty')}
          </Typography>
        }
        sx={{ overflowX: 'auto' }}
      >
        <FunctionField<Row> label="cookie.log.at" sortable={false} sx={{ whiteSpace: 'nowrap' }} render={(r) => formatDate(r.at, locale, true)} />
        <TextField label="cookie.log.domain" source="host" sortable={false} />
        <FunctionField<Row>
          label="cookie.log.visitor"
          sortable={false}
          render={(r) => (
            <Link component="button" variant="body2" onClick={() => showVisitor(r.visitorId)} sx={{ fontFamily: 'monospace' }}>
              {r.visitorId.slice(0, 8)}
            </Link>
          )}
        />
        <FunctionField<Row> label="cookie.log.version" sortable={false} render={(r) => `v${r.version}`} />
        <FunctionField<Row>
          label="cookie.log.method"
          sortable={false}
          render={(r) => (
            <Chip
              size="small"
              label={translate(`cookie.methods.${r.method}`)}
              color={r.method === 'accept_all' ? 'success' : r.method === 'reject_all' ? 'default' : 'info'}
            />
          )}
        />
        <FunctionField<Row>
          label="cookie.log.accepted"
          sortable={false}
          sx={{ fontSize: 12 }}
          render={(r) =>
            Object.entries(r.choices)
              .filter(([, on]) => on)
              .map(([k]) => names.name(k))
              .join(', ')
          }
        />
        <TextField label="cookie.log.path" source="path" sortable={false} />
        <TextField label="cookie.log.browser" source="browser" sortable={false} />
      </Datagrid>
    </>
  );
}

/** The consent log: filtered by domain, date, how chosen and accepted category; one visitor's history; CSV. Newest first, page by page. */
export function LogTab() {
  return (
    // a tab of the cookie page, which keeps the tab in the address: the log keeps its filters to itself
    <PagedList resource="cookie-log" screenCode={CODES.list}>
      <LogView />
    </PagedList>
  );
}
