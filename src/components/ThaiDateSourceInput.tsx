import { useInput, useTranslate } from 'react-admin';
import { ThaiDateInput } from './ThaiDateInput';

interface Props {
  source: string;
  label: string;
  yearsAhead?: number;
  yearsBack?: number;
  clearable?: boolean;
}

/** ThaiDateInput as a field of a react-admin form: its value and its error (in the reader's language) come from the form. */
export function ThaiDateSourceInput({ source, label, ...rest }: Props) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const message = fieldState.error?.message;
  return (
    <ThaiDateInput
      label={label}
      value={field.value ?? null}
      onChange={(day) => field.onChange(day)}
      error={!!fieldState.error}
      helperText={message ? translate(message, { _: message }) : undefined}
      {...rest}
    />
  );
}
