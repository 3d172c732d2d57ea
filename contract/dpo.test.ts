import { describe, expect, it } from 'vitest';
import { addDaysToDate, daysBetweenDates, dpoAppointmentInput, dpoReasons, termState } from './dpo';

const none = { publicAuthority: false, systematicMonitoring: false, sector: 'other' as const, subjectCount: 0, sensitiveCore: false };

describe('dpoReasons (s.41)', () => {
  it('requires a DPO of a public authority, and for sensitive data as a core activity, whatever the size', () => {
    expect(dpoReasons(none)).toEqual([]);
    expect(dpoReasons({ ...none, publicAuthority: true })).toEqual(['s41_1']);
    expect(dpoReasons({ ...none, sensitiveCore: true, subjectCount: 10 })).toEqual(['s41_3']);
  });
  it('requires one for systematic monitoring from 100,000 data subjects, the named businesses counting as monitoring', () => {
    expect(dpoReasons({ ...none, systematicMonitoring: true, subjectCount: 99_999 })).toEqual([]);
    expect(dpoReasons({ ...none, systematicMonitoring: true, subjectCount: 100_000 })).toEqual(['s41_2']);
    expect(dpoReasons({ ...none, sector: 'telecom', subjectCount: 100_000 })).toEqual(['s41_2']);
    expect(dpoReasons({ ...none, sector: 'other', subjectCount: 5_000_000 })).toEqual([]);
  });
});

describe('appointment rules', () => {
  const base = { kind: 'external', name: 'ก', contact: { email: 'a@example.com' }, appointedOn: '2026-01-31' };
  it('takes a term end after the start only, and real dates only', () => {
    expect(dpoAppointmentInput.safeParse({ ...base, termEndsOn: '2026-02-01' }).success).toBe(true);
    expect(dpoAppointmentInput.safeParse({ ...base, termEndsOn: '2026-01-31' }).success).toBe(false);
    expect(dpoAppointmentInput.safeParse({ ...base, appointedOn: '2026-02-29' }).success).toBe(false);
  });
  it('counts calendar days across months and reads a term as ending within 30 days', () => {
    expect(addDaysToDate('2026-01-31', 1)).toBe('2026-02-01');
    expect(daysBetweenDates('2026-02-20', '2026-03-01')).toBe(9);
    const a = { current: true, termEndsOn: '2026-03-01' };
    expect(termState(a, '2026-01-29')).toBe('running');
    expect(termState(a, '2026-01-30')).toBe('ending');
    expect(termState(a, '2026-03-02')).toBe('ended');
    expect(termState({ current: false, termEndsOn: '2026-03-01' }, '2026-03-02')).toBe('none');
  });
});
