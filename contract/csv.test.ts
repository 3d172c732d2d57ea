import { afterEach, describe, expect, it } from 'vitest';
import { bangkokTime, csvCell } from './csv';

const machineZone = process.env.TZ;

describe('bangkokTime', () => {
  afterEach(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it.each(['UTC', 'Asia/Bangkok', 'Europe/Berlin'])('prints Bangkok time whatever the machine is set to (%s)', (zone) => {
    process.env.TZ = zone;
    expect(bangkokTime('2026-01-15T16:59:59.900Z')).toBe('2026-01-15 23:59:59');
    expect(bangkokTime(new Date('2026-01-15T17:03:00Z'), false)).toBe('2026-01-16 00:03');
    expect(bangkokTime('2026-07-01T00:00:00+07:00')).toBe('2026-07-01 00:00:00');
  });
});

describe('csvCell', () => {
  it('keeps numbers, quotes what must be quoted and never lets a text be a formula', () => {
    expect(csvCell(12)).toBe('12');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell(null)).toBe('');
  });
});
