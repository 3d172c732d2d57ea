import { FormControl, FormHelperText, InputLabel, OutlinedInput, type InputBaseComponentProps, type SxProps, type Theme } from '@mui/material';
import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';

export interface PlainTextFieldProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  value?: unknown;
  type?: string;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  margin?: 'dense' | 'normal' | 'none';
  size?: 'small' | 'medium';
  autoFocus?: boolean;
  autoComplete?: string;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  multiline?: boolean;
  minRows?: number;
  /** attributes of the <input> itself (maxLength, style…) */
  inputProps?: InputBaseComponentProps;
  /** a button inside the field's end (the password's show/hide) */
  endAdornment?: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * MUI's outlined TextField without its `select` mode: the same look, label, helper text and
 * accessible wiring, but not MUI's Select, Menu, Popover and Modal (~15 KB gzip), which a TextField
 * always brings. For the sign-in and the data subjects' pages, whose first load counts.
 */
export function PlainTextField({ id, label, helperText, error, required, disabled, fullWidth, margin, size, sx, ...input }: PlainTextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText != null && helperText !== '' ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} disabled={disabled} fullWidth={fullWidth} margin={margin} size={size} sx={sx}>
      {label != null && (
        <InputLabel htmlFor={inputId} id={`${inputId}-label`}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput id={inputId} label={label} aria-describedby={helperId} {...input} />
      {helperId && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
