import DownloadIcon from '@mui/icons-material/Download';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useEffect } from 'react';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { AUDIT_ACTIONS, type AuditFilters as Filters } from '../../contract/audit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ThaiDateInput } from '../../src/components/ThaiDateInput';
import { useAuditExport, useAuditOptions } from './auditApi';
import { useEntityName } from './useEntityName';

const KEYS = ['user', 'entity', 'action', 'from', 'to'] as const;
/** The toasts' screen codes: the list is AUD#001 (AuditTrailPage). */
const CODES = { options: 'AUD#003', export: 'AUD#002' } as const;

/** The list's filters as the API takes them (blank ones left out). */
export const activeFilters = (values: Record<string, unknown>): Filters =>
  Object.fromEntries(KEYS.flatMap((key) => (values[key] ? [[key, String(values[key])]] : []))) as Filters;

/** Person, record type, action and a range of days; the CSV export takes the same filters. */
export function AuditFilters() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const { filterValues, setFilters } = useListContext();
  const options = useAuditOptions();
  const exporter = useAuditExport();
  const filters = activeFilters(filterValues);

  useEffect(() => {
    if (options.error) notifyError(options.error, CODES.options);
  }, [options.error, notifyError]);

  const set = (key: (typeof KEYS)[number], value: string) => {
    const next: Record<string, string | undefined> = { ...filters, [key]: value };
    // a range the wrong way round keeps the day just picked
    if (next.from && next.to && next.from > next.to) next[key === 'from' ? 'to' : 'from'] = undefined;
    setFilters(activeFilters(next), {});
  };
  const entityName = useEntityName();
  const entities = (options.data?.entities ?? []).toSorted((a, b) => entityName(a).localeCompare(entityName(b), locale));
  const all = <MenuItem value="">{translate('audit.filters.all')}</MenuItem>;

  const exportCsv = () => exporter.mutate(filters, { onError: (error) => notifyError(error, CODES.export) });

  // days are picked in the Buddhist era; a cleared filter starts the picker afresh (its key changes)
  const day = (key: 'from' | 'to') => (
    <ThaiDateInput
      key={`${key}-${filters[key] ?? 'none'}`}
      label={translate(`audit.filters.${key}`)}
      value={filters[key]}
      onChange={(value) => set(key, value ?? '')}
      yearsAhead={0}
      yearsBack={10}
    />
  );

  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-end', py: 1 }}>
      <TextField
        select
        size="small"
        label={translate('audit.filters.person')}
        value={filters.user ?? ''}
        onChange={(e) => set('user', e.target.value)}
        sx={{ minWidth: 200 }}
      >
        {all}
        {(options.data?.people ?? []).map((p) => (
          <MenuItem key={p._id} value={p._id}>
            {p.fullName ? `${p.fullName} (${p.username})` : p.username}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('audit.filters.entity')}
        value={filters.entity ?? ''}
        onChange={(e) => set('entity', e.target.value)}
        sx={{ minWidth: 200 }}
      >
        {all}
        {entities.map((entity) => (
          <MenuItem key={entity} value={entity}>
            {entityName(entity)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('audit.filters.action')}
        value={filters.action ?? ''}
        onChange={(e) => set('action', e.target.value)}
        sx={{ minWidth: 170 }}
      >
        {all}
        {AUDIT_ACTIONS.map((action) => (
          <MenuItem key={action} value={action}>
            {translate(`audit.actions.${action}`)}
          </MenuItem>
        ))}
      </TextField>
      {day('from')}
      {day('to')}
      <Button startIcon={<FilterAltOffIcon />} onClick={() => setFilters({}, {})} disabled={!Object.keys(filters).length}>
        {translate('audit.filters.clear')}
      </Button>
      <Box sx={{ flex: 1 }} />
      <Button variant="contained" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={exporter.isPending}>
        {translate('audit.export')}
      </Button>
    </Box>
  );
}
