import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiFailure } from '../../dataProvider/http';

/** The field a server 400 names (its path in the body, `transfers.0.country`) and the reason, in the reader's language. */
export function serverFieldError(error: unknown): { field: string; reason: string } | undefined {
  if (!(error instanceof ApiFailure) || error.status !== 400) return undefined;
  const { field, reason } = error.body ?? {};
  return typeof field === 'string' && field && typeof reason === 'string' && reason ? { field, reason } : undefined;
}

/** Whether the form on screen shows a field at `path` (an input named so, or a box marked `data-field`). */
const shown = (path: string) => {
  const quoted = path.replace(/["\\]/g, '\\$&');
  return typeof document !== 'undefined' && document.querySelector(`[name="${quoted}"], [data-field="${quoted}"]`) !== null;
};

/**
 * A server 400 naming a field the form shows, as react-admin's `<Form onSubmit>` returns it (`{ path: reason }`:
 * the form puts it on that field); undefined for any other failure (or a field not on screen), which the caller
 * shows as its toast. `within`: the key of the body the form's values are sent under (`draft`: the body is
 * `{ formId, draft }`, the form holds the draft).
 */
export function fieldErrorsOf(error: unknown, within = ''): Record<string, string> | undefined {
  const about = serverFieldError(error);
  if (!about) return undefined;
  const path = !within ? about.field : about.field.startsWith(`${within}.`) ? about.field.slice(within.length + 1) : undefined;
  return path && shown(path) ? { [path]: about.reason } : undefined;
}

/**
 * Puts a server 400 that names a field the form shows on that field (react-hook-form `setError`), where the
 * person reads it beside what they typed, and focuses it. True when it did: the caller shows no toast; false
 * (another failure, or a field not on screen): the caller's toast says it.
 */
export function putOnField(error: unknown, setError: UseFormSetError<FieldValues>, within = ''): boolean {
  const errors = fieldErrorsOf(error, within);
  if (!errors) return false;
  for (const [path, message] of Object.entries(errors)) setError(path, { type: 'server', message }, { shouldFocus: true });
  return true;
}

interface SaveHandlers {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/**
 * What a save that failed on no field gives react-admin's `<Form>`: an error of the form as a whole, shown by
 * nobody (the toast told it), so that react-hook-form does not count the submit as successful and the leave
 * guard keeps asking while the values are still unsaved. The next submit clears it.
 */
export const SAVE_FAILED = { root: { serverError: 'ra.notification.http_error' } };

/**
 * A save started with a mutation's `{ onSuccess, onError }`, as react-admin's `<Form onSubmit>` wants it: resolves with
 * the fields a server 400 names (the form shows each reason on its field, no toast), undefined after `onSuccess`, or
 * after `onError` (the caller's toast) for any other failure `SAVE_FAILED` (the form stays unsaved).
 */
export function untilSaved(start: (handlers: SaveHandlers) => void, { onSuccess, onError }: SaveHandlers, within = '') {
  return new Promise<Record<string, string> | typeof SAVE_FAILED | undefined>((resolve) =>
    start({
      onSuccess: () => (onSuccess(), resolve(undefined)),
      onError: (error) => {
        const onField = fieldErrorsOf(error, within);
        if (!onField) onError(error);
        resolve(onField ?? SAVE_FAILED);
      },
    }),
  );
}
