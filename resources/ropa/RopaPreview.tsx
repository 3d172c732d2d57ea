import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ListBase, SelectInput, useDataProvider, useGetOne, useListContext, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useSearchParams } from 'react-router-dom';
import { ROPA_STATES, type RopaChoices, type RopaDetail, type RopaRow } from '../../contract/ropa';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { FILTER_INPUT, ListFilters } from '../../src/components/ListFilters';
import { LoadFailed } from '../../src/components/LoadFailed';
import { LoadingSkeleton } from '../../src/components/LoadingSkeleton';
import { ListPagination } from '../../src/components/ListPagination';
import { ListLoadFailed } from '../../src/components/PagedList';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { countryLabel } from '../transfers/transferUi';
import { ROPA_CODES, STATE_COLOURS, basisKey, useRopaChoices } from './ropaUi';

type Translate = ReturnType<typeof useTranslate>;

/** The register's rows for one activity, in the order of the PDPC's template (the same order as the report). */
export function itemsOf(d: RopaDetail, c: RopaChoices | undefined, translate: Translate, locale: string): [string, string][] {
  const name = (list: { id: string; name: string }[] | undefined, id: string) => list?.find((x) => x.id === id)?.name ?? '';
  const cat = (id: string) => {
    const found = c?.categories.find((x) => x.id === id);
    return found ? (found.sensitive ? `${found.name} (${translate('datamap.systems.sensitive_mark')})` : found.name) : '';
  };
  const purpose = (p: RopaDetail['record']['purposes'][number]) => (p.purposeId ? name(c?.purposes, p.purposeId) : p.text);
  const lines = (xs: string[]) => xs.filter(Boolean).join('\n');
  const r = d.record;
  return [
    [
      translate('ropa.fields.controller_name'),
      d.role === 'processor' ? `${d.controller.name}\n${translate('ropa.fields.controllers')}: ${r.controllers}` : d.controller.name,
    ],
    [translate('ropa.fields.controller_address'), d.controller.address],
    [translate('ropa.fields.controller_contact'), lines([d.controller.phone, d.controller.email])],
    [translate('ropa.fields.dpo'), lines([d.dpo.name, d.dpo.email, d.dpo.phone])],
    [translate('ropa.items.data'), lines(d.categoryIds.map(cat))],
    [
      translate('ropa.items.purposes'),
      lines(r.purposes.map((p) => `${purpose(p)}${p.categoryIds.length ? `: ${p.categoryIds.map(cat).join(', ')}` : ''}`)),
    ],
    [translate('ropa.items.retention'), r.retention],
    [translate('ropa.items.access'), lines([r.accessRights, r.accessConditions])],
    [translate('ropa.items.disclosures'), r.disclosures],
    [
      translate('ropa.items.refusals'),
      lines(
        d.refusals.map(
          (x) =>
            `${x.referenceCode} (${formatDate(x.refused_dt, locale)}): ${x.rights.map((k) => translate(`dsr.rights.${k}`)).join(', ')} — ${translate(`dsr.grounds.${x.legalGround}`)}. ${x.reasons}`,
        ),
      ),
    ],
    [translate('ropa.items.security'), r.security],
    [translate('ropa.items.basis'), lines(r.purposes.map((p) => `${purpose(p)}: ${p.bases.map((b) => translate(basisKey(b))).join(', ')}`))],
    [translate('ropa.items.subjects'), r.subjectIds.map((id) => name(c?.subjects, id)).join(', ')],
    [translate('ropa.fields.source'), r.source],
    [translate('ropa.fields.department'), d.department ?? ''],
    [
      translate('ropa.fields.transfers'),
      lines([
        // an approved version kept before the register holds none: its free text alone
        ...(d.registerTransfers ?? []).map(
          (t) =>
            `${countryLabel(t.country, locale)} (${t.importer}): ${t.basis ? translate(`transfers.bases.${t.basis}`) : translate('ropa.fields.no_mechanism')}`,
        ),
        ...r.transfers.map(
          (t) =>
            `${t.country}${t.recipient ? ` (${t.recipient})` : ''}: ${t.mechanism ? translate(`consent.builder.mechanisms.${t.mechanism}`) : translate('ropa.fields.no_mechanism')}`,
        ),
      ]),
    ],
    [translate('ropa.fields.notices'), lines(r.noticeIds.map((id) => name(c?.notices, id)))],
    [translate('ropa.fields.processors'), lines(r.processorIds.map((id) => name(c?.processors, id)))],
    [translate('ropa.fields.review_date'), formatDate(d.reviewDate, locale)],
  ];
}

/** One activity as it is now, or (`version`) as it was approved then, or (`on`) the version in force on that day. */
function ActivitySheet({ id, version, on }: { id: string; version?: number; on?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const choices = useRopaChoices();
  const dataProvider = useDataProvider<AppDataProvider>();
  const past = Boolean(version || on);
  const current = useGetOne<RopaDetail & RaRecord>('ropa-activities', { id, meta: { view: 'detail' } }, { enabled: !past });
  const approved = useQuery({
    queryKey: ['ropa-activities', 'version', id, version, on],
    queryFn: () => dataProvider.ropaVersion({ id, version, on }),
    enabled: past,
  });
  const one = past ? approved : current;
  if (one.error) return <LoadFailed error={one.error} onRetry={() => void one.refetch()} />;
  if (!one.data) return <ScreenLoader />;
  const d = approved.data && past ? approved.data.detail : (current.data as RopaDetail);
  return (
    <Stack spacing={1} data-testid="ropa-sheet">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6">{d.name}</Typography>
        <Chip size="small" color={STATE_COLOURS[d.state]} label={translate(`ropa.states.${d.state}`)} />
        <Chip size="small" variant="outlined" label={translate(`ropa.role_records.${d.role}`)} />
        {approved.data && past ? (
          <Chip
            size="small"
            color="info"
            data-testid="ropa-version"
            label={
              on
                ? translate('ropa.history_on.version_on', {
                    version: approved.data.version,
                    date: formatDate(approved.data.approved_dt, locale),
                    on: formatDate(on, locale),
                  })
                : translate('ropa.form.version', { version: approved.data.version })
            }
          />
        ) : null}
      </Box>
      {d.approvedBy ? (
        <Typography variant="body2" color="text.secondary">
          {translate('ropa.fields.approved_by')}: {d.approvedBy.name} · {formatDate(d.approved_dt, locale)}
        </Typography>
      ) : null}
      {d.missing.length ? (
        <Alert severity="warning">{`${translate('ropa.form.missing_title')}: ${d.missing.map((m) => translate(`ropa.items.${m}`)).join(', ')}`}</Alert>
      ) : null}
      <Table size="small">
        <TableBody>
          {itemsOf(d, choices.data, translate, locale).map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" sx={{ width: '32%', fontWeight: 600, verticalAlign: 'top', bgcolor: 'action.hover' }}>
                {label}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-line', verticalAlign: 'top' }}>{value || translate('ropa.fields.none')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

/** One activity a page, with where it stands among them and the pager (not printed). */
function RegisterPages() {
  const translate = useTranslate();
  const { data, total, page, isPending, error } = useListContext<RopaRow & RaRecord>();
  if (error) return <ListLoadFailed screenCode={ROPA_CODES.list} />;
  if (isPending) return <LoadingSkeleton shape="form" />;
  if (!data?.length) return <Alert severity="info">{translate('ropa.preview.empty')}</Alert>;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate('ropa.preview.page', { page, total: total ?? 0 })}
      </Typography>
      <ActivitySheet id={String(data[0].id)} />
      <Box sx={{ '@media print': { display: 'none' } }}>
        <ListPagination sizes={[]} />
      </Box>
    </>
  );
}

/** The title, the state the register is read by (when paging through it) and print. */
function PreviewBar({ filter }: { filter: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', '@media print': { display: 'none' } }}>
      <Typography variant="subtitle1" sx={{ flex: 1 }}>
        {translate('ropa.preview.title')}
      </Typography>
      {filter ? (
        <ListFilters debounce={0} sx={{ mb: 0 }}>
          <SelectInput
            {...FILTER_INPUT}
            source="state"
            label="ropa.fields.state"
            emptyText="ropa.list.all"
            choices={ROPA_STATES.map((s) => ({ id: s, name: translate(`ropa.states.${s}`) }))}
            sx={{ minWidth: 160, my: 0 }}
          />
        </ListFilters>
      ) : null}
      <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
        {translate('ropa.preview.print')}
      </Button>
    </Box>
  );
}

/** `/ropa/preview`: the register as an inspector reads it, one activity per page (`?id=` opens one). */
export function RopaPreview() {
  const notifyError = useNotifyError();
  const [params] = useSearchParams();
  const chosen = params.get('id');
  const version = Number(params.get('version')) || undefined;
  const on = /^\d{4}-\d{2}-\d{2}$/.test(params.get('on') ?? '') ? params.get('on')! : undefined;
  if (chosen) {
    return (
      <Stack spacing={2}>
        <PreviewBar filter={false} />
        <ActivitySheet id={chosen} version={on ? undefined : version} on={on} />
      </Stack>
    );
  }
  return (
    <ListBase
      resource="ropa-activities"
      perPage={1}
      sort={{ field: 'name', order: 'ASC' }}
      storeKey={false}
      queryOptions={{ retry: false, onError: (error: unknown) => notifyError(error, ROPA_CODES.list) }}
    >
      <Stack spacing={2}>
        <PreviewBar filter />
        <RegisterPages />
      </Stack>
    </ListBase>
  );
}
