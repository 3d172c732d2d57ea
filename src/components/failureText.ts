import { ApiFailure } from '../../dataProvider/http';

/** The text of a failure: the server's message, the network/timeout/generic text, or the raw error. */
export function failureText(error: unknown, translate: (key: string) => string): string {
  if (error instanceof ApiFailure) return error.msg ?? translate(error.msgKey ?? 'errors.generic');
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : translate('errors.generic');
}
