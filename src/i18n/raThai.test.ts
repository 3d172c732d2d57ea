import { describe, it, expect } from 'vitest';
import englishMessages from 'ra-language-english';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { raThai } from './raThai';

type Catalogue = { [key: string]: string | Catalogue };

/** Flattens a nested catalogue into { 'ra.action.save': 'Save', ... }. */
const flatten = (node: unknown, prefix = ''): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    out[prefix] = node;
    return out;
  }
  for (const [key, value] of Object.entries(node as Catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      Object.assign(out, flatten(value, path));
    } else {
      out[path] = value;
    }
  }
  return out;
};

const TOKEN = /%\{([^}]+)\}/g;
const tokensOf = (s: string): string[] => [...new Set(Array.from(s.matchAll(TOKEN), (m) => m[1]))].sort();

/*
 * Tokens that Thai deliberately drops. Polyglot gives 'th' a single plural
 * form, so the one Thai string also serves BulkUpdateWithConfirmButton, which
 * never passes recordRepresentation; keeping the token would print it raw.
 */
const DROPPED_TOKENS: Record<string, string[]> = {
  'ra.message.bulk_update_content': ['recordRepresentation'],
  'ra.message.bulk_update_title': ['recordRepresentation'],
};

const english = flatten(englishMessages);
const thai = flatten(raThai);
const englishKeys = Object.keys(english).sort();
const thaiKeys = Object.keys(thai).sort();

describe('raThai catalogue', () => {
  it('has exactly the same key paths as ra-language-english', () => {
    expect(englishKeys.length).toBeGreaterThan(100);
    const missing = englishKeys.filter((k) => !(k in thai));
    const extra = thaiKeys.filter((k) => !(k in english));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it('only has string leaves', () => {
    const nonStrings = thaiKeys.filter((k) => typeof thai[k] !== 'string');
    expect(nonStrings).toEqual([]);
  });

  it.each(englishKeys)('%s keeps the same %{…} tokens', (key) => {
    const expected = tokensOf(String(english[key])).filter((t) => !(DROPPED_TOKENS[key] ?? []).includes(t));
    expect(tokensOf(String(thai[key] ?? ''))).toEqual(expected);
  });

  it('only drops tokens that English really has', () => {
    for (const [key, dropped] of Object.entries(DROPPED_TOKENS)) {
      const englishTokens = tokensOf(String(english[key]));
      for (const token of dropped) {
        expect(englishTokens, key).toContain(token);
      }
    }
  });

  it.each(englishKeys)('%s is non-empty Thai text', (key) => {
    const value = String(thai[key] ?? '');
    expect(value.length).toBeGreaterThan(0);
    // Letters are counted outside interpolation tokens: '%{name}' has none.
    const englishText = String(english[key]).replace(TOKEN, '');
    if (/\p{L}/u.test(englishText)) {
      expect(value).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  it('uses a single plural form, as Polyglot does for Thai', () => {
    const withPlural = thaiKeys.filter((k) => String(thai[k]).includes('||||'));
    expect(withPlural).toEqual([]);
  });

  it('renders plural keys through Polyglot with the th locale', () => {
    const i18n = polyglotI18nProvider(() => raThai, 'th');
    const cases: Array<[string, Record<string, unknown>]> = [
      ['ra.action.bulk_actions', { smart_count: 3 }],
      ['ra.message.bulk_delete_title', { smart_count: 3, name: 'ผู้ใช้' }],
      ['ra.message.bulk_delete_content', { smart_count: 3, name: 'ผู้ใช้' }],
      ['ra.message.bulk_update_title', { smart_count: 3, name: 'ผู้ใช้' }],
      ['ra.message.bulk_update_content', { smart_count: 3, name: 'ผู้ใช้' }],
      ['ra.notification.updated', { smart_count: 1 }],
      ['ra.notification.deleted', { smart_count: 5 }],
    ];
    for (const [key, options] of cases) {
      const text = i18n.translate(key, options);
      expect(text, key).not.toContain('%{');
      expect(text, key).toContain(String(options.smart_count));
      expect(text, key).toMatch(/[\u0E00-\u0E7F]/);
    }
  });
});
