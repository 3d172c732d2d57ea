import { afterEach, describe, expect, it } from 'vitest';
import { addDays, bangkokDayStart, bangkokDaysBetween } from './clock';

const DAY_MS = 86_400_000;
const at = (iso: string) => new Date(iso);
const machineZone = process.env.TZ;

/** The machine's own time zone must not matter: these run in UTC, Bangkok and a zone with daylight saving. */
const ZONES = ['UTC', 'Asia/Bangkok', 'Europe/Berlin', 'America/New_York'];

describe.each(ZONES)('the Bangkok clock on a machine in %s', (zone) => {
  afterEach(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('counts calendar days in Bangkok, turning at Bangkok midnight (17:00 UTC)', () => {
    process.env.TZ = zone;
    expect(bangkokDaysBetween(at('2026-01-15T16:59:59Z'), at('2026-01-15T17:00:00Z'))).toBe(1);
    expect(bangkokDaysBetween(at('2026-01-15T17:00:00Z'), at('2026-01-16T16:59:59Z'))).toBe(0);
    expect(bangkokDaysBetween(at('2026-01-15T10:00:00Z'), at('2026-02-14T10:00:00Z'))).toBe(30);
    expect(bangkokDaysBetween(at('2026-02-14T10:00:00Z'), at('2026-01-15T10:00:00Z'))).toBe(-30);
    // across Europe's and America's daylight-saving changes (29 and 8 March 2026) nothing shifts
    expect(bangkokDaysBetween(at('2026-03-01T16:30:00Z'), at('2026-03-31T16:30:00Z'))).toBe(30);
  });

  it('adds whole days of 24 hours, as Bangkok has no daylight saving', () => {
    process.env.TZ = zone;
    const received = at('2026-03-10T20:15:00.123Z');
    expect(addDays(received, 30).getTime() - received.getTime()).toBe(30 * DAY_MS);
    expect(addDays(received, -7).toISOString()).toBe('2026-03-03T20:15:00.123Z');
    // a plain Date: its ISO text is UTC, not +07:00
    expect(addDays(at('2026-10-20T00:00:00Z'), 14).toISOString()).toBe('2026-11-03T00:00:00.000Z');
  });

  it('starts a picked day at Bangkok midnight', () => {
    process.env.TZ = zone;
    expect(bangkokDayStart('2026-01-15').toISOString()).toBe('2026-01-14T17:00:00.000Z');
    expect(bangkokDayStart('2026-03-29').toISOString()).toBe('2026-03-28T17:00:00.000Z');
    expect(addDays(bangkokDayStart('2026-12-31'), 1).toISOString()).toBe('2026-12-31T17:00:00.000Z');
  });
});
