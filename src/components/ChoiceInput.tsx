import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useInput, useTranslate } from 'react-admin';

interface Props {
  source: string;
  label: string;
  choices: readonly { id: string; name: ReactNode }[];
  /** a first choice that means "none" (its value: `emptyValue`, `null` by default); none: a choice must be made */
  emptyText?: ReactNode;
  emptyValue?: string | null;
  disabled?: boolean;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  size?: 'small' | 'medium';
  testId?: string;
  /** replaces the plain change where a choice changes other fields too */
  onPick?: (value: string | null) => void;
}

/**
 * A single choice as a field of a react-admin form (MUI's select): with no empty entry unless one is asked
 * for (react-admin's SelectInput adds one whenever no `validate` marks it required, and the contract schema
 * is the form's resolver here); its problem shows under it in the reader's language.
 */
export function ChoiceInput({
  source,
  label,
  choices,
  emptyText,
  emptyValue = null,
  disabled,
  fullWidth,
  sx,
  size = 'small',
  testId,
  onPick,
}: Props) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const message = fieldState.error?.message;
  const change = (value: string) => {
    const next = value === '' ? emptyValue : value;
    if (onPick) onPick(next);
    else field.onChange(next);
  };
  return (
    <TextField
      select
      size={size}
      fullWidth={fullWidth}
      sx={sx}
      label={label}
      name={field.name}
      value={field.value ?? ''}
      onChange={(e) => change(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      error={Boolean(message)}
      helperText={message ? translate(message, { _: message }) : undefined}
      slotProps={{ htmlInput: testId ? { 'data-testid': testId } : undefined }}
    >
      {emptyText !== undefined ? <MenuItem value="">{emptyText}</MenuItem> : null}
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
