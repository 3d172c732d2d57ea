import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../fake-api/app';
import { buildFixtures } from '../../fake-api/fixtures';
import { DEMO_COMPANIES, CONSENT_ITEMS, DSR_DEMO_REQUESTS } from '../../demo';

describe('the fake-api fixtures', () => {
  it('are the demo data the server seeds: the same companies, people, consent items and requests', () => {
    const db = buildFixtures();
    expect(db.companies.map((c) => c.code)).toEqual(DEMO_COMPANIES.map((c) => c.code));
    expect(db.users.map((u) => u.username)).toEqual(DEMO_COMPANIES.flatMap((c) => c.users.map((u) => u.username)));
    expect(db.consentItems).toHaveLength(CONSENT_ITEMS.length * DEMO_COMPANIES.length);
    expect(db.dsrRequests).toHaveLength(DSR_DEMO_REQUESTS.length * DEMO_COMPANIES.length);
    expect(() => createFakeApi({ db })).not.toThrow();
  });

  it('stop the fake at start when a row breaks its schema, naming the collection, the index and the field', () => {
    const db = buildFixtures();
    (db.consentItems[3] as { name: unknown }).name = 42;
    expect(() => createFakeApi({ db })).toThrow(/^fake-api fixtures: consentItems\[3\]\.name: /);

    const other = buildFixtures();
    (other.dsrRequests[1].subject as { email: string }).email = 'not an e-mail';
    expect(() => createFakeApi({ db: other })).toThrow(/dsrRequests\[1\]\.subject\.email/);
  });

  it('stop the fake on a field no reply knows, and on a missing collection', () => {
    const db = buildFixtures();
    (db.users[0] as Record<string, unknown>).nickname = 'x';
    expect(() => createFakeApi({ db })).toThrow(/users\[0\]\.\(row\): /);

    const { auditLog: _, ...missing } = buildFixtures();
    expect(() => createFakeApi({ db: missing as never })).toThrow(/the collection "auditLog" is missing/);
  });
});
