import { useState, type FormEvent } from 'react';
import { useTranslate } from 'ra-core';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { failureText } from '../components/failureText';

/**
 * A small account form of the public pages (react-hook-form underneath): its values, the problems of
 * each field (shown from the first submit on, and checked again as the person types), the server's
 * refusal, and whether a call is under way.
 */
export function useAccountForm<F extends string>(initial: Record<F, string>, check: (values: Record<F, string>) => Partial<Record<F, string>>) {
  const translate = useTranslate();
  const resolver: Resolver<FieldValues> = (values) => {
    const problems = Object.entries(check(values as Record<F, string>)).filter(([, message]) => message) as [F, string][];
    if (!problems.length) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(problems.map(([name, message]) => [name, { type: 'validate', message }])) };
  };
  const { watch, setValue, handleSubmit, formState } = useForm<FieldValues>({ defaultValues: initial, resolver });
  const values = watch() as Record<F, string>;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  /** A field's props for AccountField/PasswordField. */
  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValue(name as string, value, { shouldDirty: true, shouldValidate: formState.isSubmitted }),
    problem: formState.errors[name]?.message as string | undefined,
  });

  /** Submits when every field is fine: runs `send`, showing the server's message when it refuses. */
  const submit = (send: (values: Record<F, string>) => Promise<void>) => (event: FormEvent) =>
    handleSubmit(async (checked) => {
      setBusy(true);
      setError(undefined);
      try {
        await send(checked as Record<F, string>);
      } catch (err) {
        setError(failureText(err, translate));
      } finally {
        setBusy(false);
      }
    })(event);

  return { values, field, submit, busy, error };
}
