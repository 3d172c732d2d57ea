import ClearIcon from '@mui/icons-material/Clear';
import { FormControl, FormHelperText, FormLabel, IconButton, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { TIME_ZONE } from '../../i18n/dates';

/** The Buddhist era counts 543 years more than the common era. */
const BE_OFFSET = 543;

interface Props {
  label: string;
  /** `YYYY-MM-DD` (common era, as stored) or null */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  /** how many years ahead the year list reaches */
  yearsAhead?: number;
  /** how many years back it reaches (a birth date: 120); a list mostly in the past shows the newest first */
  yearsBack?: number;
  /** a button that empties the date (an optional date, a filter) */
  clearable?: boolean;
}

interface Parts {
  day?: number;
  month?: number;
  year?: number;
}

const partsOf = (value: string | null | undefined): Parts => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : {};
};
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');
const thisYear = () => Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: TIME_ZONE }).format(new Date()));

/**
 * A date picked as day, month and Buddhist-era year (2569), the way Thai forms write dates; the
 * browser's own date input shows the Gregorian calendar. The value stays an ISO date.
 */
export function ThaiDateInput({ label, value, onChange, error, helperText, required, yearsAhead = 10, yearsBack = 1, clearable }: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  useEffect(() => {
    const next = partsOf(value);
    if (value) setParts(next);
  }, [value]);

  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'th-TH', { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => format.format(new Date(Date.UTC(2000, i, 1))));
  }, [locale]);
  const years = useMemo(() => {
    const first = thisYear() - yearsBack;
    const list = Array.from({ length: yearsBack + yearsAhead + 1 }, (_, i) => first + i);
    if (parts.year && !list.includes(parts.year)) list.unshift(parts.year);
    return yearsBack > yearsAhead ? list.sort((a, b) => b - a) : list;
  }, [parts.year, yearsAhead, yearsBack]);
  const dayCount = parts.year && parts.month ? daysIn(parts.year, parts.month) : 31;

  const change = (patch: Parts) => {
    const next = { ...parts, ...patch };
    if (next.day && next.year && next.month) next.day = Math.min(next.day, daysIn(next.year, next.month));
    setParts(next);
    onChange(next.day && next.month && next.year ? `${next.year}-${pad(next.month)}-${pad(next.day)}` : null);
  };

  const select = (name: keyof Parts, text: string, options: { value: number; label: string }[], width: number) => (
    <TextField
      select
      size="small"
      label={text}
      value={parts[name] ?? ''}
      onChange={(e) => change({ [name]: Number(e.target.value) })}
      error={error}
      sx={{ minWidth: width }}
      slotProps={{ htmlInput: { 'aria-label': `${label}: ${text}` } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    // each select as wide as its label beside the arrow (never under it); a narrow screen wraps them
    <FormControl error={error} required={required} component="fieldset" sx={{ minWidth: { xs: 0, sm: 362 }, maxWidth: '100%' }}>
      {/* clear of the selects' own labels, which rise onto their borders once a value is chosen */}
      <FormLabel component="legend" sx={{ fontSize: '0.8rem', mb: 1.5 }}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', '& > *': { flex: '1 1 auto' } }}>
        {select(
          'day',
          translate('common.date.day'),
          Array.from({ length: dayCount }, (_, i) => ({ value: i + 1, label: String(i + 1) })),
          92,
        )}
        {select(
          'month',
          translate('common.date.month'),
          months.map((m, i) => ({ value: i + 1, label: m })),
          130,
        )}
        {select(
          'year',
          translate('common.date.year'),
          years.map((y) => ({ value: y, label: String(y + BE_OFFSET) })),
          124,
        )}
        {clearable && (parts.day || parts.month || parts.year) ? (
          <IconButton
            size="small"
            aria-label={`${translate('common.date.clear')}: ${label}`}
            onClick={() => {
              setParts({});
              onChange(null);
            }}
            sx={{ flex: '0 0 auto !important', alignSelf: 'center' }}
          >
            <ClearIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      <FormHelperText>{helperText}</FormHelperText>
    </FormControl>
  );
}
