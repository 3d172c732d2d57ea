import { describe, expect, it } from 'vitest';
import { consentDraft } from '../../../contract/consent';
import { openDb } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedDemo } from '../../db/seed';
import { CONSENT_ITEMS } from '../../../demo';
import { freezeItems, noticeHash, type NoticeContent } from './notice';
import published from './fixtures/demo-version-published-before-english.json';

/** The DEMO notice's version 1 as published before items had English names (its content and hash as stored). */
const before = published as unknown as { textHash: string; content: NoticeContent };

describe('a version published before consent items had English names', () => {
  it('still verifies: its stored content hashes to its stored text hash', () => {
    expect(noticeHash(before.content)).toBe(before.textHash);
    expect(Object.values(before.content.items).every((item) => !('name_en' in item))).toBe(true);
    expect(() => consentDraft.parse(before.content.draft)).not.toThrow();
  });

  it('is frozen again the same from items without English, so its hash is unchanged', () => {
    const rows = Object.values(before.content.items).map((i) => ({ id: i._id, name: i.name, name_en: '', sensitive: i.sensitive }));
    const items = freezeItems(rows);
    expect(items).toEqual(before.content.items);
    expect(noticeHash({ ...before.content, items })).toBe(before.textHash);
    // blank English (spaces only) is no English
    expect(freezeItems(rows.map((r) => ({ ...r, name_en: '   ' })))).toEqual(before.content.items);
  });

  it('changes its hash once an item has an English name', () => {
    const rows = Object.values(before.content.items).map((i) => ({ id: i._id, name: i.name, name_en: '', sensitive: i.sensitive }));
    rows[0].name_en = ' Mobile application ';
    const items = freezeItems(rows);
    expect(items[rows[0].id].name_en).toBe('Mobile application');
    expect(noticeHash({ ...before.content, items })).not.toBe(before.textHash);
  });
});

describe('the demo notice published with English names', () => {
  it('freezes each item’s English name, verifies against its hash, and keeps the purposes’ hashes of the Thai text', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      await migrate(db);
      await seedDemo(db);
      const [version] = await db.query<{ content: NoticeContent; text_hash: string }>(
        `select v.content, v.text_hash from consent_form_versions v join companies c on c.id = v.company_id
          where c.code = 'DEMO' and v.version = 1`,
      );
      expect(noticeHash(version.content)).toBe(version.text_hash);
      const english = new Map(CONSENT_ITEMS.map(([, name, , nameEn]) => [name, nameEn]));
      const items = Object.values(version.content.items);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item.name_en).toBe(english.get(item.name));
      // the English names add no meaning to a purpose: consent given before they were added stays current
      expect(version.content.purposes.map((p) => [p._id, p.hash])).toEqual(before.content.purposes.map((p) => [p._id, p.hash]));
    } finally {
      await db.close();
    }
  }, 120_000);
});
