import { describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATES } from '../../../contract/sheetTemplates';
import { SHEET_VARIABLES, unknownVariables, VARIABLE_SOURCES } from '../../../contract/sheetVariables';
import { fillVariables } from './fill';
import { htmlBlocks } from './htmlBlocks';
import { sanitizeSheetHtml } from './sanitize';
import { RESOLVERS } from './variables';

describe('shipped templates', () => {
  it.each(BUILTIN_TEMPLATES.map((t) => [t.id, t] as const))('%s uses only kept tags and known variables', (_id, t) => {
    expect(unknownVariables(t.body)).toEqual([]);
    // the sanitizer would keep every tag and character of it (only spacing and entities may be rewritten)
    const strip = (s: string) => s.replace(/\s+|&nbsp;|\u00a0/g, '');
    expect(strip(sanitizeSheetHtml(t.body))).toBe(strip(t.body.replace(/<br>/g, '<br />')));
  });
});

describe('the variable registry', () => {
  it('has a resolver for every ready source and none for a pending one', () => {
    for (const [source, { ready }] of Object.entries(VARIABLE_SOURCES))
      expect(RESOLVERS[source as keyof typeof RESOLVERS] !== null, source).toBe(ready);
    expect(new Set(SHEET_VARIABLES.map((v) => v.source))).toEqual(new Set(Object.keys(VARIABLE_SOURCES)));
  });
});

describe('sanitizeSheetHtml', () => {
  it('drops scripts, handlers, styles, frames and unsafe links; keeps the editor tags', () => {
    const out = sanitizeSheetHtml(
      '<h2 style="x">T</h2><p onclick="x()">a <strong>b</strong> <a href="javascript:alert(1)">j</a> <a href="https://pdpc.or.th">ok</a></p><script>alert(1)</script><iframe src="x"></iframe><img src=x onerror=y>',
    );
    expect(out).toBe(
      '<h2>T</h2><p>a <strong>b</strong> <a rel="noopener noreferrer">j</a> <a href="https://pdpc.or.th" rel="noopener noreferrer">ok</a></p>',
    );
  });
});

describe('fillVariables', () => {
  it('escapes values, turns a list alone in a paragraph into bullets, marks missing ones, writes Thai numerals on request', () => {
    const html = '<p>{{company.name}} {{ date.year }}</p><p>{{notice.purposes}}</p><p>{{dpo.email}}</p>';
    const values = { 'company.name': '<script>x</script> & Co', 'date.year': '2569', 'notice.purposes': ['การตลาด', 'ส่งสินค้า'], 'dpo.email': null };
    const plain = fillVariables(html, values, false);
    expect(plain.html).toBe(
      '<p>&lt;script&gt;x&lt;/script&gt; &amp; Co 2569</p><ul><li>การตลาด</li><li>ส่งสินค้า</li></ul><p><mark>[dpo.email]</mark></p>',
    );
    expect(plain.missing).toEqual(['dpo.email']);
    expect(fillVariables('<p>{{date.year}}</p>', values, true).html).toBe('<p>๒๕๖๙</p>');
  });
});

describe('htmlBlocks', () => {
  it('reads headings, styled runs, lists and line breaks', () => {
    expect(htmlBlocks('<h1>T</h1><p>a <strong>b</strong><br>c</p><ul><li><p>x</p></li></ul><hr>')).toEqual([
      { kind: 'h1', inlines: [{ text: 'T' }] },
      { kind: 'p', inlines: [{ text: 'a ' }, { text: 'b', bold: true }, { br: true }, { text: 'c' }] },
      { kind: 'ul', items: [[{ kind: 'p', inlines: [{ text: 'x' }] }]] },
      { kind: 'hr' },
    ]);
  });
});
