import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../demo';
import type { Recording, RouteEntry } from '../../fake-api/recorded';
import { bootServer, comparable, recordReplies, routeCatalog } from '../../scripts/fake-record';

const recorded = (name: string) => JSON.parse(readFileSync(new URL(`../../fake-api/recorded/${name}`, import.meta.url), 'utf8')) as unknown;

/**
 * The fake answers with replies recorded from the server (`npm run fake:record`): once the server
 * answers otherwise, or its routes change, this fails until they are recorded again.
 */
describe('the fake-api recordings', () => {
  let server: Awaited<ReturnType<typeof bootServer>>;
  let catalog: RouteEntry[];
  let today: Recording[];
  beforeAll(async () => {
    server = await bootServer();
    catalog = await routeCatalog();
    today = await recordReplies(server.app, catalog);
  });
  afterAll(() => server?.close());

  it('name the routes, their access and schemas as the server has them today', () => {
    expect(catalog).toEqual(recorded('routes.json'));
  });

  it.each(DEMO_COMPANIES.map((c) => c.code))('are what the server answers %s today (else: npm run fake:record)', (code) => {
    const now = today.find((r) => r.company === code)!;
    expect(comparable(now)).toEqual(comparable(recorded(`${code}.json`) as Recording));
  });
});
