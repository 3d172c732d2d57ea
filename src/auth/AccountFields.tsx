import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'ra-core';
import { PlainTextField, type PlainTextFieldProps } from '../components/PlainTextField';

type FieldProps = Omit<PlainTextFieldProps, 'error' | 'helperText' | 'onChange'> & {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** the problem to show (translated), or undefined */
  problem?: string;
  /** shown under the field while there is no problem */
  hint?: string;
};

/** One text field of an account form: its problem in red, else its hint. */
export function AccountField({ name, label, value, onChange, problem, hint, ...rest }: FieldProps) {
  return (
    <PlainTextField
      name={name}
      id={name}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!problem}
      helperText={problem ?? hint ?? ' '}
      fullWidth
      margin="dense"
      {...rest}
    />
  );
}

/** A password field with the show/hide button of the sign-in page. */
export function PasswordField(props: FieldProps) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  return (
    <AccountField
      type={shown ? 'text' : 'password'}
      autoComplete="new-password"
      endAdornment={
        <InputAdornment position="end">
          <IconButton onClick={() => setShown(!shown)} aria-label={translate(shown ? 'auth.hide_password' : 'auth.show_password')} edge="end">
            {shown ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
      {...props}
    />
  );
}
