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
import { registerCases } from './cases/registers';
import { quizCases } from './cases/quiz';
import { dpoCases } from './cases/dpo';
import { cookieCases } from './cases/cookie';
import { ropaCases } from './cases/ropa';
import { breachCases } from './cases/breach';
import { sheetCases } from './cases/sheets';
import { dashboardCases } from './cases/dashboard';
import { menuFigureCases } from './cases/menuFigures';

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

  signinCases(ctx);
  permissionCases(ctx);
  notificationCases(ctx);
  companyCases(ctx);
  badInputCases(ctx);
  riskCases(ctx);
  roleCases(ctx);
  accountCases(ctx);
  auditCases(ctx);
  peopleCases(ctx);
  consentCases(ctx);
  dsrCases(ctx);
  registerCases(ctx);
  quizCases(ctx);
  dpoCases(ctx);
  cookieCases(ctx);
  ropaCases(ctx);
  breachCases(ctx);
  sheetCases(ctx);
  dashboardCases(ctx);
  menuFigureCases(ctx);
  // each case spends the limit of a loopback address of its own
  publicThrottleCases(ctx);
  // each case locks an account of its own
  throttleCases(ctx);
});
