import { Box, Tooltip, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AuditEntry } from '../../contract/audit';
import { useAuditOptions } from './auditApi';
import { changeLines, fieldLabel, valueText as textOf } from './auditText';
import { TextWithEmails } from '../../src/components/EmailText';
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
/** A value's length in the tooltip, which shows every line of the entry */
const MAX_WHOLE = 240;

/**
 * What an entry changed, compactly: "field: before → after" for a change, the record's fields for
 * a creation or a deletion, the details of a sign-in or an export. The whole entry is the tooltip.
 */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const entityName = useEntityName();
  const deps = { translate, locale, names: entry.names };
  const people = useAuditOptions().data?.people ?? [];
  const lines = linesOf(MAX_VALUE);
  if (!lines.length) return null;
  const shown = lines.slice(0, SHOWN);
  const hidden = lines.length - shown.length;
  // the whole entry, readable: every line, longer values (no JSON, no markup)
  const whole = linesOf(MAX_WHOLE).join('\n');
  return (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{whole}</Box>}>
      <Box sx={{ minWidth: 220, maxWidth: 480 }}>
        {shown.map((line, index) => (
          <Typography
            key={index}
            variant="body2"
            sx={{ textDecoration: entry.action === 'delete' ? 'line-through' : 'none', overflowWrap: 'break-word' }}
          >
            <TextWithEmails text={line} />
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

  /** the entry's lines, each value at most `max` characters */
  function linesOf(max: number): string[] {
    const valueText = (value: unknown) => textOf(value, deps, max);
    const label = (field: string) => fieldLabel(translate, field);
    const after = entry.after ?? {};
    if (entry.action === 'update')
      return inReadingOrder(Object.keys(after)).flatMap((field) => changeLines(field, entry.before?.[field], after[field], deps, max));
    if (entry.action === 'signin_failed')
      return [
        `${label('reason')}: ${translate(`audit.values.${String(after.reason)}`, { _: String(after.reason) })}`,
        `${label('companyCode')}: ${valueText(after.companyCode)}`,
      ];
    if (entry.action === 'export') {
      // the file's format, and the filters a list was exported by, named as the filters name them
      const { format, filters = {} } = after as { format?: string; filters?: Record<string, string> };
      const filterText = (key: string, value: string) =>
        key === 'user'
          ? (people.find((p) => p._id === value)?.username ?? value)
          : key === 'entity'
            ? entityName(String(value))
            : key === 'action'
              ? translate(`audit.actions.${value}`, { _: value })
              : valueText(value);
      return [
        ...(format ? [`${label('format')}: ${format.toUpperCase()}`] : []),
        ...Object.entries(filters).map(([key, value]) => `${translate(`audit.filters.${key}`, { _: key })}: ${filterText(key, value)}`),
      ];
    }
    if (entry.action === 'signin')
      return [
        `${label('userAgent')}: ${valueText(after.userAgent)}`,
        // a second factor: which one, and whether the app was enrolled at this sign-in
        ...(after.factor ? [`${label('factor')}: ${translate(`audit.values.${String(after.factor)}`, { _: String(after.factor) })}`] : []),
        ...(after.enrolled ? [translate('audit.values.enrolled')] : []),
      ];
    const fields = (entry.action === 'delete' ? entry.before : entry.after) ?? {};
    // a new or deleted record: what it held (empty fields say nothing)
    return inReadingOrder(Object.keys(fields))
      .filter((field) => !NOISE.has(field) && fields[field] !== null && fields[field] !== '')
      .map((field) => `${label(field)}: ${valueText(fields[field])}`);
  }
}
