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
  const select = (key: 'user' | 'entity' | 'action', label: string, minWidth: number, choices: { id: string; name: string }[]) => (
    <TextField select size="small" label={translate(label)} value={filters[key] ?? ''} onChange={(e) => set(key, e.target.value)} sx={{ minWidth }}>
      <MenuItem value="">{translate('audit.filters.all')}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );

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
      {select(
        'user',
        'audit.filters.person',
        200,
        (options.data?.people ?? []).map((p) => ({ id: p._id, name: p.fullName ? `${p.fullName} (${p.username})` : p.username })),
      )}
      {select(
        'entity',
        'audit.filters.entity',
        200,
        entities.map((entity) => ({ id: entity, name: entityName(entity) })),
      )}
      {select(
        'action',
        'audit.filters.action',
        170,
        AUDIT_ACTIONS.map((action) => ({ id: action, name: translate(`audit.actions.${action}`) })),
      )}
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
