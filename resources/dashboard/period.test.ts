import { describe, expect, it } from 'vitest';
import { bucketLabel } from './period';

/** The charts read "Sept" in English; Thai reads Thai month names, both in the Buddhist era. */
describe('bucketLabel', () => {
  it('names every month in three letters in English, in Thai in Thai, in the Buddhist era', () => {
    const september = bucketLabel('2026-09-01', 'month', 'en');
    expect(september).not.toContain('Sept');
    expect(september).toMatch(/^Sep 69\b/);
    expect(bucketLabel('2026-09-14', 'day', 'en')).toMatch(/^14 Sep$/);
    expect(bucketLabel('2026-11-01', 'month', 'en')).toMatch(/^Nov 69\b/);
    expect(bucketLabel('2026-09-01', 'month', 'th')).toBe('ก.ย. 69');
    expect(bucketLabel('2026-09-14', 'day', 'th')).toBe('14 ก.ย.');
  });
});
