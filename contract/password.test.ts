import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password';

describe('passwordProblem', () => {
  const owner = { username: 'somchai', firstname: 'สมชาย', lastname: 'ใจดี', email: 'som.j@example.co.th' };
  it('accepts a long password without the owner names', () => {
    expect(passwordProblem('Rain-on-the-river-42', owner)).toBeUndefined();
  });
  it('refuses fewer than 10 characters (counted as characters, not code units)', () => {
    expect(passwordProblem('abc123XYZ', owner)).toBe('password_too_short');
    expect(passwordProblem('ก'.repeat(10), owner)).toBeUndefined();
  });
  it('refuses a password holding the username, a name or the mailbox, in any case', () => {
    expect(passwordProblem('xxSomChai2024', owner)).toBe('password_has_name');
    expect(passwordProblem('รหัสสมชาย12345', owner)).toBe('password_has_name');
    expect(passwordProblem('my-som.j-pass!', owner)).toBe('password_has_name');
  });
  it('ignores names shorter than 3 characters', () => {
    expect(passwordProblem('ab-is-a-long-pass', { username: 'ab' })).toBeUndefined();
  });
});
