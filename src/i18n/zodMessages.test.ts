import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../zodConfig';
import { i18nProvider } from './i18nProvider';

const issue = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

/** A rule's message follows the chosen language, never zod's English defaults in the Thai UI. */
describe('zod messages follow the language', () => {
  afterAll(() => i18nProvider.changeLocale('th'));

  it('Thai: lengths, ranges and formats in Thai', async () => {
    await i18nProvider.changeLocale('th');
    expect(issue(z.string().min(3), 'x')).toBe('ต้องมีอย่างน้อย 3 ตัวอักษร');
    expect(issue(z.string().max(2), 'xyz')).toBe('ต้องมีไม่เกิน 2 ตัวอักษร');
    expect(issue(z.number().max(5), 9)).toBe('ต้องไม่เกิน 5');
    expect(issue(z.email(), 'not-an-address')).toMatch(/^รูปแบบไม่ถูกต้อง/);
    expect(issue(z.string().min(1), '')).not.toMatch(/Too small|expected/);
  });

  it('English when English is chosen', async () => {
    await i18nProvider.changeLocale('en');
    expect(issue(z.string().min(3), 'x')).toBe('Must be at least 3 characters');
    expect(issue(z.email(), 'not-an-address')).toMatch(/^Invalid email/);
  });
});
