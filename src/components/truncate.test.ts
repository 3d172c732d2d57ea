import { describe, expect, it } from 'vitest';
import { truncateGraphemes } from './truncate';

describe('truncating by grapheme', () => {
  it('never separates a Thai vowel or tone mark from its consonant', () => {
    // "ที่" is one grapheme of three code units; cutting by code unit would leave a bare ท
    expect(truncateGraphemes('ที่ดินสำนักงาน', 1)).toBe('ที่…');
    expect(truncateGraphemes('ที่ดินสำนักงาน', 3)).toBe('ที่ดิน…');
    expect('ที่ดินสำนักงาน'.slice(0, 3)).not.toBe('ที่ดิ');
  });

  it('leaves short text alone', () => {
    expect(truncateGraphemes('แผน', 10)).toBe('แผน');
  });
});
