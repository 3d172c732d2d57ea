import { Box, Tooltip, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AuditEntry } from '../../contract/audit';
import { truncateGraphemes } from '../../src/components/truncate';
import { formatDate } from '../../i18n/dates';
import { useAuditOptions } from './auditApi';
import { useEntityName } from './useEntityName';

/** Fields every record has, left out of a created or deleted record's summary. */
const NOISE = new Set(['id', 'created_at', 'updated_at']);
/**
 * The order fields are read in (the database keeps a record's fields in no useful order): names
 * first, then what people choose; any other field after these, by name.
 */
const READING_ORDER = [
  'name',
  'username',
  'firstname',
  'lastname',
  'email',
  'code',
  'category',
  'level',
  'status',
  'confidentiality',
  'integrity',
  'availability',
  'handle_risk',
  'role_id',
  'menu_id',
  'can_edit',
  'disabled',
  'owner',
  'treatment',
  'plan_text',
  'due_date',
  'type',
];
const rank = (field: string) => {
  const index = READING_ORDER.indexOf(field);
  return index < 0 ? READING_ORDER.length : index;
};
const inReadingOrder = (fields: string[]) => fields.toSorted((a, b) => rank(a) - rank(b) || a.localeCompare(b));
/** How many fields a row shows before "and N more" (the tooltip has them all). */
const SHOWN = 4;
const MAX_VALUE = 60;
/** What the database writes for a changed secret (0004_audit.sql). */
const HIDDEN = '***';

/** A field's value as text; a record or person a field points at by its name (`names`, from the server). */
function useValueText(names: Record<string, string>) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return translate('audit.values.empty');
    if (typeof value === 'string' && names[value]) return truncateGraphemes(names[value], MAX_VALUE);
    if (value === HIDDEN) return translate('audit.values.hidden');
    if (typeof value === 'boolean') return translate(value ? 'audit.values.yes' : 'audit.values.no');
    if (typeof value === 'string') {
      // instants and days in the Buddhist era, Bangkok time
      if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDate(value, locale, true);
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(`${value}T00:00:00+07:00`, locale);
      return truncateGraphemes(value, MAX_VALUE);
    }
    if (typeof value === 'number') return String(value);
    return truncateGraphemes(JSON.stringify(value), MAX_VALUE);
  };
}

/**
 * What an entry changed, compactly: "field: before → after" for a change, the record's fields for
 * a creation or a deletion, the details of a sign-in or an export. The whole entry is the tooltip.
 */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  const entityName = useEntityName();
  const valueText = useValueText(entry.names);
  const label = (field: string) => translate(`audit.fields.${field}`, { _: field });
  const people = useAuditOptions().data?.people ?? [];

  let lines: string[];
  if (entry.action === 'update') {
    lines = inReadingOrder(Object.keys(entry.after ?? {})).map(
      (field) => `${label(field)}: ${valueText(entry.before?.[field])} → ${valueText(entry.after?.[field])}`,
    );
  } else if (entry.action === 'signin_failed') {
    const { reason, companyCode } = entry.after ?? {};
    lines = [
      `${label('reason')}: ${translate(`audit.values.${String(reason)}`, { _: String(reason) })}`,
      `${label('companyCode')}: ${valueText(companyCode)}`,
    ];
  } else if (entry.action === 'export') {
    // the file's format, and the filters a list was exported by, named as the filters name them
    const { format, filters = {} } = (entry.after ?? {}) as { format?: string; filters?: Record<string, string> };
    const filterText = (key: string, value: string) =>
      key === 'user'
        ? (people.find((p) => p._id === value)?.username ?? value)
        : key === 'entity'
          ? entityName(String(value))
          : key === 'action'
            ? translate(`audit.actions.${value}`, { _: value })
            : valueText(value);
    lines = [
      ...(format ? [`${label('format')}: ${format.toUpperCase()}`] : []),
      ...Object.entries(filters).map(([key, value]) => `${translate(`audit.filters.${key}`, { _: key })}: ${filterText(key, value)}`),
    ];
  } else if (entry.action === 'signin') {
    lines = [`${label('userAgent')}: ${valueText(entry.after?.userAgent)}`];
  } else {
    const fields = (entry.action === 'delete' ? entry.before : entry.after) ?? {};
    // a new or deleted record: what it held (empty fields say nothing)
    lines = inReadingOrder(Object.keys(fields))
      .filter((field) => !NOISE.has(field) && fields[field] !== null && fields[field] !== '')
      .map((field) => `${label(field)}: ${valueText(fields[field])}`);
  }
  if (!lines.length) return null;
  const shown = lines.slice(0, SHOWN);
  const hidden = lines.length - shown.length;
  const whole = [entry.before && JSON.stringify(entry.before), entry.after && JSON.stringify(entry.after)].filter(Boolean).join(' → ');
  return (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{whole}</Box>}>
      <Box sx={{ minWidth: 220, maxWidth: 480 }}>
        {shown.map((line, index) => (
          <Typography
            key={index}
            variant="body2"
            sx={{ textDecoration: entry.action === 'delete' ? 'line-through' : 'none', wordBreak: 'break-word' }}
          >
            {line}
          </Typography>
        ))}
        {hidden > 0 ? (
          <Typography variant="caption" color="text.secondary">
            {translate('audit.values.more', { count: hidden })}
          </Typography>
        ) : null}
      </Box>
    </Tooltip>
  );
}
