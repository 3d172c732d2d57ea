import { describe, expect, it } from 'vitest';
import { demoOrder } from './seed';

const demos = (entries: Record<string, string[]>) => new Map(Object.entries(entries).map(([name, after]) => [name, { after }]));

describe("the order of the modules' demos", () => {
  it('runs each demo after the ones it names, otherwise by module name', () => {
    expect(demoOrder(demos({ ropa: ['datamap', 'registers'], breach: ['datamap'], datamap: ['registers'], quiz: [], registers: [] }))).toEqual([
      'quiz',
      'registers',
      'datamap',
      'breach',
      'ropa',
    ]);
  });

  it('refuses a demo that waits for a module without a demo, and demos that wait for each other', () => {
    expect(() => demoOrder(demos({ quiz: ['people'] }))).toThrow(/'people', which has no demo.ts/);
    expect(() => demoOrder(demos({ a: ['b'], b: ['a'], c: [] }))).toThrow(/a, b wait for each other/);
  });
});
