import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCookieSettings, type CookieLogQuery } from '../../../contract/cookie';
import type { Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createCompany } from '../company/create';
import { testDatabases } from '../../db/testDatabases';
import { logWhere, rollupBounds } from './log';
import { writeEntries, type CookieLogEntry } from './writer';

const DAY = 86_400_000;

/**
 * The log's method and category filters read only the days the roll-up counts such choices on: the
 * same rows, page by page, as the whole log read newest first — and no read of the log when the
 * roll-up counts none.
 */
describe.each(testDatabases('cookie_log_bounds'))('the consent log filters bounded by the roll-up on $name', (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  let companyId: string;
  let domainId: string;
  let otherDomain: string;

  beforeAll(async () => {
    ({ db, drop } = await target.open());
    await migrate(db);
    ({ companyId } = await db.tx((q) => createCompany(q, `CB${Math.floor(Math.random() * 1e6)}`, { nameTh: 'ทดสอบขอบเขต' })));
    const domain = async (host: string) =>
      (
        await db.query<{ id: string }>(`insert into cookie_domains (company_id, host, draft) values ($1, $2, $3) returning id`, [
          companyId,
          host,
          JSON.stringify(defaultCookieSettings()),
        ])
      )[0].id;
    domainId = await domain('bounds-a.example');
    otherDomain = await domain('bounds-b.example');
    await db.query('select cookie_log_ensure_partitions(2, 1)');
    // 40 days of choices: mostly accept/reject; 'custom' on a few days only (around Bangkok midnight), one 'gpc' 35 days ago
    const now = Date.now();
    const entries: CookieLogEntry[] = [];
    for (let day = 0; day < 40; day++)
      for (let i = 0; i < 12; i++) {
        const custom = (day === 3 || day === 17 || day === 18) && i < 4;
        const gpc = day === 35 && i === 0;
        const method = gpc ? 'gpc' : custom ? 'custom' : i % 2 ? 'accept_all' : 'reject_all';
        const marketing = method === 'accept_all' || (custom && i % 2 === 0);
        entries.push({
          // around 17:00 UTC, the Bangkok midnight, so days split where Bangkok's do
          at: new Date(Math.floor(now / DAY) * DAY - day * DAY - 7 * 3_600_000 + (i - 6) * 600_000),
          companyId,
          domainId: i === 11 ? otherDomain : domainId,
          visitorId: randomUUID(),
          version: 1,
          method,
          choices: { necessary: true, analytics: method === 'accept_all', marketing },
          path: '/',
          lang: 'th',
          gpc,
          browser: 'Chrome',
          ipHash: '',
          undeclared: [],
        });
      }
    await writeEntries(db, entries);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  const read = async (q: Partial<CookieLogQuery>, limit: number, offset: number, bounded: boolean) => {
    const bounds = bounded ? await rollupBounds(db, companyId, q, offset + limit + 1) : undefined;
    if (bounds === 'none') return [];
    const { where, params } = logWhere(companyId, q, bounds);
    const rows = await db.query<{ visitor_id: string }>(
      `select l.visitor_id from cookie_log l where ${where} order by l.created_at desc, l.visitor_id limit ${limit + 1} offset ${offset}`,
      params,
    );
    return rows.map((r) => r.visitor_id);
  };

  it('gives the same pages as the whole log for every filter, paged', async () => {
    const filters: Array<Partial<CookieLogQuery>> = [
      { domainId, method: 'custom' },
      { method: 'custom' },
      { domainId, method: 'gpc' },
      { domainId, category: 'marketing' },
      { domainId, method: 'custom', category: 'marketing' },
      { domainId, method: 'reject_all', category: 'marketing' },
      { domainId: otherDomain, method: 'custom' },
      { domainId, method: 'custom', from: new Date(Date.now() - 20 * DAY).toISOString().slice(0, 10) },
      { domainId, method: 'accept_all', to: new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10) },
    ];
    let compared = 0;
    for (const q of filters)
      for (const [limit, offset] of [
        [5, 0],
        [5, 5],
        [3, 9],
        [20, 0],
        [20, 200],
      ]) {
        const whole = await read(q, limit, offset, false);
        expect(await read(q, limit, offset, true), JSON.stringify({ q, limit, offset })).toEqual(whole);
        compared += whole.length;
      }
    expect(compared).toBeGreaterThan(100);
  });

  it('narrows the read to the days that hold the rows, and answers none without reading the log', async () => {
    const daysBack = async (wanted: number) => {
      const bounds = await rollupBounds(db, companyId, { domainId, method: 'custom' }, wanted);
      if (bounds === 'none' || !bounds) throw new Error('bounds expected');
      return (Date.now() - bounds.from.getTime()) / DAY;
    };
    // the 4 newest custom choices are 3 days back: the read stops there, not 40 days back; the 5th is 17 days back
    expect(await daysBack(4)).toBeLessThan(6);
    expect(await daysBack(5)).toBeGreaterThan(16);
    expect(await daysBack(5)).toBeLessThan(20);
    expect(await rollupBounds(db, companyId, { domainId: otherDomain, method: 'gpc' }, 21)).toBe('none');
    expect(await rollupBounds(db, companyId, { domainId, method: 'gpc', category: 'nothing_here' }, 21)).toBe('none');
    // two filters: only the days both count (the gpc choice's day), whatever the page
    const both = await rollupBounds(db, companyId, { domainId, method: 'gpc', category: 'marketing' }, 1);
    if (both === 'none' || !both) throw new Error('bounds expected');
    expect(both.to.getTime() - both.from.getTime()).toBe(DAY);
    expect(await rollupBounds(db, companyId, { domainId, category: 'nothing_here' }, 21)).toBe('none');
    // a visitor's history, or no method or category: no bounds
    expect(await rollupBounds(db, companyId, { domainId }, 21)).toBeUndefined();
    expect(await rollupBounds(db, companyId, { visitorId: randomUUID(), method: 'custom' }, 21)).toBeUndefined();
  });
});
