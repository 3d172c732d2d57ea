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
 * What a save that failed on no field (a conflict, a 5xx, the network) throws to react-admin's `<Form>`, after the
 * screen's own toast: react-hook-form then does not count the submit as successful, so the leave guard keeps asking
 * while the values are unsaved, and nothing else is shown (a form error would bring react-admin's second toast).
 * The rejection nobody awaits is silenced by `silenceSaveFailed`.
 */
export class SaveFailed extends Error {
  constructor() {
    super('save failed (told by the screen)');
    this.name = 'SaveFailed';
  }
}

/** Once, in the application: a `SaveFailed` that reaches the window is expected, not an error to log. */
export function silenceSaveFailed() {
  window.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof SaveFailed) event.preventDefault();
  });
}

/**
 * A save started with a mutation's `{ onSuccess, onError }`, as react-admin's `<Form onSubmit>` wants it: resolves with
 * the fields a server 400 names (the form shows each reason on its field, no toast), or undefined after `onSuccess`;
 * any other failure is told by `onError` (the caller's toast) and rejects with `SaveFailed` (the form stays unsaved).
 */
export function untilSaved(start: (handlers: SaveHandlers) => void, { onSuccess, onError }: SaveHandlers, within = '') {
  return new Promise<Record<string, string> | undefined>((resolve, reject) =>
    start({
      onSuccess: () => (onSuccess(), resolve(undefined)),
      onError: (error) => {
        const onField = fieldErrorsOf(error, within);
        if (onField) return resolve(onField);
        onError(error);
        reject(new SaveFailed());
      },
    }),
  );
}
