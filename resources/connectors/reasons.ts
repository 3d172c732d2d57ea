import type { TranslateFunction } from 'react-admin';

const KINDS = ['timeout', 'unreachable', 'login', 'schema', 'error'] as const;

/**
 * A run's failure as the server keeps it (`<kind>: <detail>`, server/modules/connectors/drivers.ts) in the
 * reader's words, with the detail after it (the seconds waited, or the database's own message).
 */
export function reasonText(translate: TranslateFunction, error: string): string {
  const at = error.indexOf(': ');
  const kind = at > 0 ? error.slice(0, at) : 'error';
  const detail = at > 0 ? error.slice(at + 2) : error;
  const known = (KINDS as readonly string[]).includes(kind) ? kind : 'error';
  return `${translate(`connectors.request.reasons.${known}`)} (${detail})`;
}
