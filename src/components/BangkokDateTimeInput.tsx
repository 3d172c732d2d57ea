import { Stack, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { fromBangkokLocal, toBangkokLocal } from '../../contract/breachClock';
import { ThaiDateInput } from './ThaiDateInput';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Whether a form value is a whole instant (ISO, with its zone), not a moment still being typed. */
export const isInstant = (v: unknown): v is string => typeof v === 'string' && INSTANT.test(v) && !Number.isNaN(Date.parse(v));

/**
 * A 24-hour time typed as text, the same in every browser (a `type="time"` box follows the browser's
 * locale: in en-US it waits for AM/PM and "0930" leaves it empty). "09:30", "9:30", "09.30" and
 * "0930" are 09:30; `final` (on leaving the box) also takes "930". Null when it is no time.
 */
export function parseTime(text: string, final = false): string | null {
  const t = text.trim();
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(t) ?? /^(\d{2})(\d{2})$/.exec(t) ?? (final ? /^(\d)(\d{2})$/.exec(t) : null);
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h < 24 && min < 60 ? `${String(h).padStart(2, '0')}:${m[2]}` : null;
}

interface Props {
  source: string;
  label: string;
  helperText?: ReactNode;
  /** how many years back the year list reaches */
  yearsBack?: number;
}

/**
 * A moment typed in Bangkok time: the day as day, Thai month and Buddhist-era year (ThaiDateInput)
 * and a 24-hour time beside it. The form's value is the instant (ISO) once both are there, null when
 * both are empty, and the unfinished text otherwise — which the form's schema refuses with its message.
 */
export function BangkokDateTimeInput({ source, label, helperText, yearsBack = 1 }: Props) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  // the time as typed while the box has the focus (null: show the form's value)
  const [typing, setTyping] = useState<string | null>(null);
  // the day and time shown: the instant's in Bangkok, or the unfinished `day T time` the form holds
  const local = isInstant(field.value) ? toBangkokLocal(field.value) : typeof field.value === 'string' ? field.value : '';
  const [day = '', time = ''] = local.split('T');
  const change = (nextDay: string, nextTime: string) => {
    const typed = `${nextDay}T${nextTime}`;
    field.onChange(nextDay || nextTime ? (fromBangkokLocal(typed) ?? typed) : null);
  };
  // a day without its time (or a time without its day) is named as such, not as the schema's format error
  const unfinished = !!field.value && !isInstant(field.value);
  const error = fieldState.error ? (unfinished ? 'common.date.incomplete' : fieldState.error.message) : undefined;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start', mb: 1 }}>
      <ThaiDateInput
        label={label}
        value={day || null}
        onChange={(next) => (next ? change(next, time) : change('', ''))}
        error={!!error}
        helperText={error ? translate(error, { _: error }) : helperText}
        yearsAhead={0}
        yearsBack={yearsBack}
        clearable
      />
      <TextField
        size="small"
        label={translate('common.date.time')}
        placeholder={translate('common.date.time_placeholder')}
        value={typing ?? time}
        onChange={(e) => {
          setTyping(e.target.value);
          change(day, parseTime(e.target.value) ?? e.target.value.trim());
        }}
        onBlur={() => {
          const done = typing === null ? null : parseTime(typing, true);
          if (done) change(day, done);
          setTyping(null);
          field.onBlur();
        }}
        error={!!error}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'aria-label': `${label}: ${translate('common.date.time')}`, inputMode: 'numeric', maxLength: 5, autoComplete: 'off' },
        }}
        sx={{ mt: 2.75, width: 120 }}
      />
    </Stack>
  );
}
