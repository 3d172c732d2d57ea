import { Checkbox, FormControlLabel } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/** A boolean form field shown as a checkbox (react-admin's BooleanInput is a switch). */
export function CheckboxInput({ source, label, disabled }: { source: string; label: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: false });
  return (
    <FormControlLabel
      control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} name={source} disabled={disabled} />}
      label={translate(label)}
    />
  );
}
