import { describe, expect, it } from 'vitest';
import { storedStep } from './preferenceStep';

const storage = (value: unknown) => ({ getItem: () => (value === undefined ? null : JSON.stringify(value)) });
const NOW = Date.parse('2026-11-28T08:00:00Z');

describe('the preference centre step kept for the tab', () => {
  it('keeps a token still in its time, and a code still waiting', () => {
    const list = { step: 'list', token: 't', expiresAt: '2026-11-28T08:10:00Z' };
    expect(storedStep('c', storage(list), NOW)).toEqual(list);
    const code = { step: 'code', pending: { verificationId: 'v', email: 'a@example.com', expiresAt: '2026-11-28T08:05:00Z' } };
    expect(storedStep('c', storage(code), NOW)).toEqual(code);
  });

  it('starts again when the token or the code has expired, nothing is kept, or the value is of another shape', () => {
    expect(storedStep('c', storage({ step: 'list', token: 't', expiresAt: '2026-11-28T07:59:59Z' }), NOW)).toEqual({ step: 'email' });
    expect(storedStep('c', storage({ step: 'code', pending: { expiresAt: '2026-11-28T07:00:00Z' } }), NOW)).toEqual({ step: 'email' });
    expect(storedStep('c', storage(undefined), NOW)).toEqual({ step: 'email' });
    expect(storedStep('c', { getItem: () => '{not json' }, NOW)).toEqual({ step: 'email' });
    expect(storedStep('c', storage({ step: 'code' }), NOW)).toEqual({ step: 'email' });
  });
});
