import { describe, expect, it } from 'vitest';
import { silentSince } from './domains';

const DAY = 86_400_000;
const now = Date.parse('2026-11-27T10:00:00Z');
const ago = (days: number) => new Date(now - days * DAY).toISOString();

describe('a published banner gone silent', () => {
  it('is never silent unpublished', () => expect(silentSince(null, null, now)).toBe(false));
  it('is silent when not seen for over 7 days, counted from the last sighting', () => {
    expect(silentSince(ago(30), ago(6), now)).toBe(false);
    expect(silentSince(ago(30), ago(8), now)).toBe(true);
  });
  it('counts from the publish while never seen (a banner published today is not silent yet)', () => {
    expect(silentSince(ago(1), null, now)).toBe(false);
    expect(silentSince(ago(9), null, now)).toBe(true);
  });
});
