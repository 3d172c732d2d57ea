import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bangkokDay } from '../../../contract/clock';
import { defaultCookieSettings } from '../../../contract/cookie';
import type { Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { testDatabases } from '../../db/testDatabases';
import { createCompany } from '../company/create';
import { genesisHash, linkHash, sealCookieLog, verifyCookieLog } from './digests';
import { checkBeaconToken, issueBeaconToken, TOKEN_TTL_SECONDS } from './token';
import { writeEntries, type CookieLogEntry } from './writer';

const DAY = 86_400_000;

describe.each(testDatabases('cookie_digests'))('the provable consent log on $name', (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  let companyId: string;
  let domainId: string;
  const now = new Date();
  /** the Bangkok day `n` days before today */
  const daysAgo = (n: number) => bangkokDay(new Date(now.getTime() - n * DAY));
  const entry = (at: Date, i: number): CookieLogEntry => ({
    at,
    companyId,
    domainId,
    visitorId: randomUUID(),
    version: 1,
    method: i % 2 ? 'accept_all' : 'reject_all',
    choices: { necessary: true, analytics: i % 2 === 1 },
    path: `/page-${i}`,
    lang: i % 3 ? 'th' : 'en',
    gpc: false,
    browser: 'Chrome',
    ipHash: 'h',
    undeclared: [],
  });

  beforeAll(async () => {
    ({ db, drop } = await target.open());
    await migrate(db);
    ({ companyId } = await db.tx((q) => createCompany(q, `CD${Math.floor(Math.random() * 1e6)}`, { nameTh: 'ทดสอบหลักฐาน' })));
    // a domain registered four days ago (the chain starts on its first day)
    [{ id: domainId }] = await db.query<{ id: string }>(
      `insert into cookie_domains (company_id, host, draft, created_at) values ($1, 'proof.example', $2, now() - interval '4 days') returning id`,
      [companyId, JSON.stringify(defaultCookieSettings())],
    );
    // choices two and three days ago (noon, Bangkok), and today's (not sealed until the day is over)
    const noon = (n: number) => new Date(`${daysAgo(n)}T12:00:00+07:00`);
    await writeEntries(
      db,
      [0, 1, 2].map((i) => entry(noon(3), i)),
    );
    await writeEntries(
      db,
      [3, 4].map((i) => entry(noon(2), i)),
    );
    await writeEntries(db, [entry(new Date(), 5)]);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('takes the token of its own visitor and domain for two hours; refuses another, a forged or an expired one', async () => {
    const visitor = randomUUID();
    const token = await issueBeaconToken(db, domainId, visitor);
    await expect(checkBeaconToken(db, token, domainId, visitor)).resolves.toBeUndefined();
    for (const [t, d, v] of [
      [token, domainId, randomUUID()],
      [token, randomUUID(), visitor],
      [undefined, domainId, visitor],
      ['', domainId, visitor],
      [`${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`, domainId, visitor],
      [`${(Math.floor(now.getTime() / 1000) + 3600).toString(36)}.${token.split('.')[1]}`, domainId, visitor],
    ] as const)
      await expect(checkBeaconToken(db, t, d, v)).rejects.toMatchObject({ statusCode: 403, msgKey: 'cookie_token_invalid' });
    // made for the future (a clock far ahead) is not ours either
    const ahead = await issueBeaconToken(db, domainId, visitor, now.getTime() + 3_600_000);
    await expect(checkBeaconToken(db, ahead, domainId, visitor)).rejects.toMatchObject({ statusCode: 403 });
    const old = await issueBeaconToken(db, domainId, visitor, now.getTime() - (TOKEN_TTL_SECONDS + 60) * 1000);
    await expect(checkBeaconToken(db, old, domainId, visitor)).rejects.toMatchObject({ statusCode: 401, msgKey: 'cookie_token_expired' });
  });

  it('seals each day that is over, from the domain’s first, chained by hash; a second run seals nothing', async () => {
    expect(await sealCookieLog(db, now)).toBeGreaterThanOrEqual(4);
    const seals = await db.query<{ day: string; rows: string; prev_hash: string; hash: string; rows_hash: string }>(
      `select to_char(day, 'YYYY-MM-DD') as day, rows, prev_hash, hash, rows_hash from cookie_log_digests where domain_id = $1 order by day`,
      [domainId],
    );
    const days = seals.map((s) => s.day);
    expect(days).toContain(daysAgo(3));
    expect(days).toContain(daysAgo(1));
    expect(days).not.toContain(daysAgo(0));
    expect(Object.fromEntries(seals.map((s) => [s.day, Number(s.rows)]))).toMatchObject({ [daysAgo(3)]: 3, [daysAgo(2)]: 2, [daysAgo(1)]: 0 });
    // the documented algorithm, recomputed here
    let prev = genesisHash(domainId);
    for (const s of seals) {
      expect(s.prev_hash).toBe(prev);
      expect(s.hash).toBe(linkHash(prev, s.day, Number(s.rows), s.rows_hash));
      prev = s.hash;
    }
    expect(await sealCookieLog(db, now)).toBe(0);
    const verified = await verifyCookieLog(db, companyId, { domainId });
    expect(verified).toMatchObject({ ok: true, days: seals.length, rows: 5, problems: [], lastHash: prev });
  });

  it('refuses to change a logged choice or a seal', async () => {
    await expect(db.query(`update cookie_log set path = '/changed' where domain_id = $1`, [domainId])).rejects.toThrow(/append-only/);
    await expect(db.query(`update cookie_log_digests set rows = 99 where domain_id = $1`, [domainId])).rejects.toThrow(/append-only/);
  });

  it('finds a choice removed or slipped in afterwards, and a seal removed, by their days', async () => {
    const [removed] = await db.query<{ visitor_id: string }>(
      `delete from cookie_log where domain_id = $1 and created_at < $2 and path = '/page-4' returning visitor_id`,
      [domainId, new Date(`${daysAgo(1)}T00:00:00+07:00`)],
    );
    expect(removed).toBeTruthy();
    await writeEntries(db, [entry(new Date(`${daysAgo(1)}T08:00:00+07:00`), 9)]);
    const rows = await verifyCookieLog(db, companyId, { domainId });
    expect(rows.ok).toBe(false);
    expect(rows.problems).toEqual([
      { day: daysAgo(2), problem: 'rows_changed' },
      { day: daysAgo(1), problem: 'rows_changed' },
    ]);
    // a seal taken out of the chain: that day is missing, and the next no longer follows
    await db.query(`delete from cookie_log_digests where domain_id = $1 and day = $2`, [domainId, daysAgo(3)]);
    const chain = await verifyCookieLog(db, companyId, { domainId });
    expect(chain.problems).toEqual(
      expect.arrayContaining([
        { day: daysAgo(3), problem: 'day_missing' },
        { day: daysAgo(2), problem: 'chain_broken' },
      ]),
    );
    // only the range asked for is recomputed
    const lastDay = await verifyCookieLog(db, companyId, { domainId, from: daysAgo(1), to: daysAgo(1) });
    expect(lastDay.problems).toEqual([{ day: daysAgo(1), problem: 'rows_changed' }]);
  });

  it("another company's domain is not found", async () => {
    const { companyId: other } = await db.tx((q) => createCompany(q, `CO${Math.floor(Math.random() * 1e6)}`, { nameTh: 'อื่น' }));
    await expect(verifyCookieLog(db, other, { domainId })).rejects.toMatchObject({ statusCode: 404 });
  });
});
