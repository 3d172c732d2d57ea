import { afterAll, beforeAll, describe } from 'vitest';
import { apiClient, DEMO_ADMIN, DEMO_CONTACT, DEMO_VIEWER, SIAM_ADMIN } from './client';
import type { Ctx } from './expectations';
import { targets, type RunningTarget } from './targets';

type Cases = (ctx: Ctx) => void;
/**
 * Every area's cases, found by convention: each `cases/<area>.ts` (or `cases/<area>/index.ts`) exports
 * its `<area>Cases(ctx)`. In the files' order; the throttles last, as each spends a limit of its own.
 */
const CASE_FILES = import.meta.glob<Record<string, unknown>>(['./cases/*.ts', './cases/*/index.ts'], { eager: true });
const ALL_CASES = Object.keys(CASE_FILES)
  .sort((a, b) => Number(a.includes('throttle')) - Number(b.includes('throttle')) || a.localeCompare(b))
  .flatMap((file) => Object.entries(CASE_FILES[file]).filter(([name, value]) => name.endsWith('Cases') && typeof value === 'function'))
  .map(([, cases]) => cases as Cases);

/**
 * The /api/v1 contract against every target (the fake-api, the server on PGlite, and the server on
 * PostgreSQL when DATABASE_URL is set), each freshly started on the demo data. `shape` cases run on
 * every target, `rule` cases on the server only (kinds.ts). No area needs another to run first: a
 * case arranges what it needs (arrange.ts), though cases within one describe block may still share
 * the rows an earlier case made.
 */
describe.each(targets)('/api/v1 contract on $name', (target) => {
  let running: RunningTarget | undefined;
  const ctx = { target: target.name } as Ctx;

  beforeAll(async () => {
    running = await target.start();
    ctx.api = apiClient(running.url);
    ctx.db = running.db;
    [ctx.demoAdmin, ctx.demoViewer, ctx.demoContact, ctx.siamAdmin] = await Promise.all(
      [DEMO_ADMIN, DEMO_VIEWER, DEMO_CONTACT, SIAM_ADMIN].map((c) => ctx.api.signin(c)),
    );
  });
  afterAll(async () => {
    await running?.close();
  });

  for (const cases of ALL_CASES) cases(ctx);
});
