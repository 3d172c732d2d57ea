import { afterAll, beforeAll, describe } from 'vitest';
import { apiClient, DEMO_ADMIN, DEMO_CONTACT, DEMO_VIEWER, SIAM_ADMIN } from './client';
import type { Ctx } from './expectations';
import { targets, type RunningTarget } from './targets';
import { signinCases } from './cases/signin';
import { permissionCases } from './cases/permissions';
import { notificationCases } from './cases/notifications';
import { companyCases } from './cases/company';
import { badInputCases } from './cases/bad-input';
import { riskCases } from './cases/risk/index';
import { roleCases } from './cases/roles';
import { auditCases } from './cases/audit';
import { throttleCases } from './cases/throttle';
import { accountCases } from './cases/accounts';
import { peopleCases } from './cases/people';
import { dsrCases } from './cases/dsr';
import { consentCases } from './cases/consent';
import { publicThrottleCases } from './cases/public-throttle';

/**
 * The /api/v1 contract: the same calls, run in order against every target (the fake-api, the
 * server on PGlite, and the server on PostgreSQL when DATABASE_URL is set), each freshly started
 * on the demo data.
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

  signinCases(ctx);
  permissionCases(ctx);
  notificationCases(ctx);
  companyCases(ctx);
  badInputCases(ctx);
  riskCases(ctx);
  // before cases that add people: its lock-out case needs the demo admin as the only role manager
  roleCases(ctx);
  accountCases(ctx);
  auditCases(ctx);
  // after the roles' lock-out case and the audit's people options: it adds people (in SIAM too)
  peopleCases(ctx);
  consentCases(ctx);
  dsrCases(ctx);
  // after the DSR and consent cases; each case spends the limit of a loopback address of its own
  publicThrottleCases(ctx);
  // locks a user out: keep it last
  throttleCases(ctx);
});
