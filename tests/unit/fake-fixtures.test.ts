import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../fake-api/app';
import { ENDPOINTS } from '../../fake-api/definitions';
import { listKey, loadRecordings, loadRouteCatalog, shiftTimes } from '../../fake-api/recorded';
import { DEMO_COMPANIES } from '../../demo';
import { REGISTERS } from '../../contract/registers';

describe('the fake-api fixtures', () => {
  const recordings = loadRecordings(DEMO_COMPANIES.map((c) => c.code));

  it('are the demo data the server seeds: every company, every account, the lists of every resource', () => {
    expect(recordings.map((r) => r.company)).toEqual(DEMO_COMPANIES.map((c) => c.code));
    for (const [i, company] of DEMO_COMPANIES.entries()) {
      expect(Object.keys(recordings[i].users)).toEqual(company.users.map((u) => u.username));
      for (const r of REGISTERS) expect(recordings[i].replies[`${r.name} list`], r.name).toBeDefined();
    }
    const served = loadRouteCatalog().map((r) => `${r.method} ${r.url}`);
    const lists = ENDPOINTS.filter((e) => e.verb === 'list' && served.includes(`GET ${e.pattern}`));
    expect(lists.filter((e) => !recordings[0].replies[listKey(e)]).map((e) => e.resource)).toEqual([]);
  });

  it('are moved on to today: an instant and a day recorded yesterday are today’s', () => {
    const recorded = { at: '2026-01-01T10:00:00.000Z', on: '2026-01-01', text: 'ไม่ใช่เวลา' };
    const day = 86_400_000;
    expect(shiftTimes(recorded, day, Date.parse(recorded.at))).toEqual({ at: '2026-01-02T10:00:00.000Z', on: '2026-01-02', text: 'ไม่ใช่เวลา' });
    // recorded at 16:30 in Bangkok, served at 23:30 the same day there: the same day
    expect(shiftTimes({ on: '2026-01-01' }, 7 * 3_600_000, Date.parse('2026-01-01T09:30:00Z'))).toEqual({ on: '2026-01-01' });
    // recorded at 23:30 in Bangkok, served 2 hours later: the next day there
    expect(shiftTimes({ on: '2026-01-01' }, 2 * 3_600_000, Date.parse('2026-01-01T16:30:00Z'))).toEqual({ on: '2026-01-02' });
  });

  it('give a route table derived from the resource definitions, and the fake starts on them', async () => {
    expect(ENDPOINTS.some((e) => e.resource === 'breaches' && e.method === 'PUT' && e.pattern === '/databreach/:id/assessment')).toBe(true);
    expect(ENDPOINTS.find((e) => e.resource === 'risk-plans' && e.verb === 'create')).toMatchObject({
      fixedBody: { type: 2 },
      bodyMarks: { riskMasterData: 'name' },
    });
    await expect(createFakeApi({ recordings })).resolves.toBeDefined();
  });
});
