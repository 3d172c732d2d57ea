import { useState, type FormEvent } from 'react';
import { useTranslate } from 'ra-core';
import { failureText } from '../components/failureText';

/**
 * The state of a small account form: its values, the problems of each field (shown once the
 * person has tried to submit), the server's refusal, and whether a call is under way.
 */
export function useAccountForm<F extends string>(initial: Record<F, string>, check: (values: Record<F, string>) => Partial<Record<F, string>>) {
  const translate = useTranslate();
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const problems: Partial<Record<F, string>> = tried ? check(values) : {};

  /** A field's props for AccountField/PasswordField. */
  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    problem: problems[name],
  });

  /** Submits when every field is fine: runs `send`, showing the server's message when it refuses. */
  const submit = (send: (values: Record<F, string>) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(check(values)).some(Boolean)) return;
    setBusy(true);
    setError(undefined);
    try {
      await send(values);
    } catch (err) {
      setError(failureText(err, translate));
    } finally {
      setBusy(false);
    }
  };

  return { values, field, submit, busy, error };
}
