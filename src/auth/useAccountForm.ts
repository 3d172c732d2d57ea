import { useState } from 'react';
import { useTranslate } from 'ra-core';
import { useForm, type DefaultValues, type Path, type PathValue } from 'react-hook-form';
import { failureText } from '../components/failureText';

/**
 * The state of a small account form, held by react-hook-form: its values, the problems of each field
 * (shown once the person has submitted, then as they type), the server's refusal, and whether a call
 * is under way.
 */
export function useAccountForm<F extends string>(initial: Record<F, string>, check: (values: Record<F, string>) => Partial<Record<F, string>>) {
  type Values = Record<F, string>;
  const translate = useTranslate();
  const form = useForm<Values>({ defaultValues: initial as DefaultValues<Values> });
  const values = form.watch() as Values;
  const [error, setError] = useState<string>();
  const problems: Partial<Values> = form.formState.isSubmitted ? check(values) : {};

  /** A field's props for AccountField/PasswordField. */
  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (value: string) => form.setValue(name as unknown as Path<Values>, value as PathValue<Values, Path<Values>>),
    problem: problems[name],
  });

  /** Submits when every field is fine: runs `send`, showing the server's message when it refuses. */
  const submit = (send: (values: Values) => Promise<void>) =>
    form.handleSubmit(async (submitted) => {
      if (Object.values(check(submitted)).some(Boolean)) return;
      setError(undefined);
      try {
        await send(submitted);
      } catch (err) {
        setError(failureText(err, translate));
      }
    });

  return { values, field, submit, busy: form.formState.isSubmitting, error };
}
