import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';

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
