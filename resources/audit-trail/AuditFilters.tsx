import DownloadIcon from '@mui/icons-material/Download';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { AUDIT_ACTIONS, type AuditFilters as Filters } from '../../contract/audit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formatDate } from '../../src/i18n/dates';
import { downloadAuditCsv, useAuditOptions } from './auditApi';

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
  const [exporting, setExporting] = useState(false);
  const filters = activeFilters(filterValues);

  useEffect(() => {
    if (options.error) notifyError(options.error, CODES.options);
  }, [options.error, notifyError]);

  const set = (key: (typeof KEYS)[number], value: string) => setFilters(activeFilters({ ...filters, [key]: value }), {});
  const entityName = (entity: string) => translate(`audit.entities.${entity}`, { _: entity });
  const entities = (options.data?.entities ?? []).toSorted((a, b) => entityName(a).localeCompare(entityName(b), locale));
  const all = <MenuItem value="">{translate('audit.filters.all')}</MenuItem>;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(filters, locale);
    } catch (error) {
      notifyError(error, CODES.export);
    } finally {
      setExporting(false);
    }
  };

  const day = (key: 'from' | 'to') => (
    <TextField
      type="date"
      size="small"
      label={translate(`audit.filters.${key}`)}
      value={filters[key] ?? ''}
      onChange={(e) => set(key, e.target.value)}
      // the day in the Buddhist era under the browser's own date field
      helperText={filters[key] ? formatDate(`${filters[key]}T00:00:00+07:00`, locale) : ' '}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: key === 'from' ? { max: filters.to } : { min: filters.from },
      }}
      sx={{ width: 180 }}
    />
  );

  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', py: 1 }}>
      <TextField
        select
        size="small"
        label={translate('audit.filters.person')}
        value={filters.user ?? ''}
        onChange={(e) => set('user', e.target.value)}
        helperText=" "
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
        helperText=" "
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
        helperText=" "
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
      <Button
        startIcon={<FilterAltOffIcon />}
        onClick={() => setFilters({}, {})}
        disabled={!Object.keys(filters).length}
        sx={{ mt: 0.5 }}
      >
        {translate('audit.filters.clear')}
      </Button>
      <Box sx={{ flex: 1 }} />
      <Button variant="contained" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={exporting} sx={{ mt: 0.5 }}>
        {translate('audit.export')}
      </Button>
    </Box>
  );
}
