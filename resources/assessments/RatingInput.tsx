import { MenuItem, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { LEVELS } from '../../contract/risk';

/** A likelihood or an impact, 1-5, as a field of the form (a number, or null before one is chosen). */
export function RatingInput({ source, label, disabled }: { source: string; label: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const message = fieldState.error?.message;
  return (
    <TextField
      select
      size="small"
      label={translate(label)}
      name={field.name}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      error={Boolean(message)}
      helperText={message ? translate(message, { _: message }) : undefined}
      fullWidth
    >
      {LEVELS.map((level) => (
        <MenuItem key={level} value={level}>
          {level} · {translate(`assessments.risks.level_names.${level}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
