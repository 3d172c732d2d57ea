import { TextField, type TextFieldProps } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/**
 * The English of a Thai text the data subject reads, beside or under the Thai field: labelled
 * "<the Thai field's label> (English)", typed in English (`lang="en"`: spelling and screen readers).
 */
export function EnglishField({
  label,
  value,
  onChange,
  ...props
}: { label: string; value: string; onChange: (value: string) => void } & Omit<TextFieldProps, 'label' | 'value' | 'onChange'>) {
  const translate = useTranslate();
  return (
    <TextField
      {...props}
      label={translate('consent.builder.in_english', { label })}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { lang: 'en' } }}
    />
  );
}

/** EnglishField as a field of the builder's form, at `source` (`en.…`): its problem shows under it. */
export function EnglishInput({ source, label, ...props }: { source: string; label: string } & Omit<TextFieldProps, 'label' | 'value' | 'onChange'>) {
  const translate = useTranslate();
  // an English text not typed yet is empty, not missing (a row added beside a Thai one has none)
  const { field, fieldState } = useInput({ source, defaultValue: '' });
  const message = fieldState.error?.message;
  return (
    <EnglishField
      {...props}
      name={field.name}
      label={label}
      value={field.value ?? ''}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ? translate(message, { _: message }) : props.helperText}
    />
  );
}
