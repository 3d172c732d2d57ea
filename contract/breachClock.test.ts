import { afterEach, describe, expect, it } from 'vitest';
import { breachClock, breachDeadline, fromBangkokLocal, hoursLeft, hoursSinceAware, isLateOfficeNotice, toBangkokLocal } from './breachClock';

const at = (iso: string) => new Date(iso);
const machineZone = process.env.TZ;
const ZONES = ['UTC', 'Asia/Bangkok', 'America/New_York'];

describe.each(ZONES)('the 72-hour breach clock on a machine in %s', (zone) => {
  afterEach(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('ends 72 hours after awareness, across Bangkok midnight and a change of month', () => {
    process.env.TZ = zone;
    // aware at 23:30 on 30 April in Bangkok: the clock ends at 23:30 on 3 May in Bangkok
    const aware = fromBangkokLocal('2026-04-30T23:30')!;
    expect(aware).toBe('2026-04-30T16:30:00.000Z');
    expect(breachDeadline(aware).toISOString()).toBe('2026-05-03T16:30:00.000Z');
    expect(toBangkokLocal(breachDeadline(aware))).toBe('2026-05-03T23:30');
    // an hour later it is 00:30 on 1 May in Bangkok: 71 hours left
    expect(hoursLeft(aware, at('2026-04-30T17:30:00Z'))).toBe(71);
    expect(toBangkokLocal(at('2026-04-30T17:30:00Z'))).toBe('2026-05-01T00:30');
  });

  it('counts to the hour: a part of an hour left is an hour, then overdue hours', () => {
    process.env.TZ = zone;
    const aware = fromBangkokLocal('2026-01-31T08:00')!; // ends 3 February 08:00 Bangkok
    expect(hoursLeft(aware, at('2026-02-01T01:00:30Z'))).toBe(48); // 08:00:30 on 1 Feb Bangkok: 47 h 59.5 min
    expect(hoursLeft(aware, at('2026-02-03T00:59:59Z'))).toBe(1);
    expect(hoursLeft(aware, at('2026-02-03T01:00:00Z'))).toBe(0);
    expect(hoursLeft(aware, at('2026-02-03T03:30:00Z'))).toBe(-2);
    expect(hoursSinceAware(aware, at('2026-02-02T13:00:00Z'))).toBe(60);
  });

  it('turns a Bangkok wall time into its instant and refuses impossible days', () => {
    process.env.TZ = zone;
    expect(fromBangkokLocal('2026-03-01T00:00')).toBe('2026-02-28T17:00:00.000Z');
    expect(fromBangkokLocal('2026-02-30T10:00')).toBeUndefined();
    expect(fromBangkokLocal('yesterday')).toBeUndefined();
  });
});

describe('where a breach stands', () => {
  const aware = '2026-06-01T02:00:00Z';
  const open = { awareAt: aware, riskLevel: 'high' as const, officeNotifiedAt: null, closed: false };

  it('runs, warns at 48 and 60 hours, then is overdue', () => {
    expect(breachClock(open, at('2026-06-02T02:00:00Z'))).toMatchObject({ state: 'running', hoursLeft: 48, stage: 0 });
    expect(breachClock(open, at('2026-06-03T02:00:00Z'))).toMatchObject({ state: 'running', hoursLeft: 24, stage: 48 });
    expect(breachClock(open, at('2026-06-03T14:00:00Z'))).toMatchObject({ state: 'running', hoursLeft: 12, stage: 60 });
    expect(breachClock(open, at('2026-06-04T05:00:00Z'))).toMatchObject({ state: 'overdue', hoursLeft: -3, stage: 72 });
  });

  it('stops when the Office is told, in time or late, or when no notice is needed', () => {
    expect(breachClock({ ...open, officeNotifiedAt: '2026-06-03T10:00:00Z' }, at('2026-06-10T00:00:00Z')).state).toBe('met');
    expect(breachClock({ ...open, officeNotifiedAt: '2026-06-05T10:00:00Z' }, at('2026-06-10T00:00:00Z')).state).toBe('late');
    expect(breachClock({ ...open, riskLevel: 'none' }, at('2026-06-10T00:00:00Z'))).toMatchObject({ state: 'not_required', stage: 0 });
    expect(isLateOfficeNotice(aware, '2026-06-04T02:00:00Z')).toBe(false);
    expect(isLateOfficeNotice(aware, '2026-06-04T02:00:01Z')).toBe(true);
  });
});
