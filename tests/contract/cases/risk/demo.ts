import { describe, expect } from 'vitest';
import { RISK_DEMO, RISK_DEMO_FINISHED_TITLE } from '../../../../demo';
import type { Ctx } from '../../expectations';
import { kinds } from '../../kinds';
import { riskApi } from './helpers';

/** DEMO opens a realistic risk register; its "evaluation finished" notification opens that evaluation. */
export function riskDemoCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const { admin, events, plans, handles, headers, evaluation, notifications } = riskApi(ctx);
  const demo = RISK_DEMO.DEMO;

  describe('the demo risk register', () => {
    rule.it(
      '13/16: DEMO has 10+ events with C/I/A, plans, treatments, a finished and a draft evaluation; the notification opens the finished one',
      async () => {
        expect(demo.events.length).toBeGreaterThanOrEqual(10);
        for (const e of demo.events) {
          const found = (await events({ search: e.name })).riskData.find((r) => r.name === e.name);
          expect(found, e.name).toMatchObject({ name: e.name, ...e.cia });
        }
        for (const p of demo.plans) expect((await plans({ search: p.name })).riskData.map((r) => r.name)).toContain(p.name);
        const cia = new Set(demo.events.flatMap((e) => Object.entries(e.cia).flatMap(([k, on]) => (on ? [k] : []))));
        expect([...cia].sort()).toEqual(['availability', 'confidentiality', 'integrity']);

        // the RTP shows both kinds of plan, and events still without one
        const byRtp = demo.events.find((e) => e.handleRisk)!;
        expect((await handles('handle', { search: byRtp.name })).riskData[0].handleRisk).toBe(byRtp.handleRisk);
        const finished = demo.evaluations.find((e) => e.status === 'completed')!;
        const planned = finished.items.find((i) => i.plan !== undefined)!;
        expect((await handles('handle', { search: demo.events[planned.event].name })).riskData[0].handleRisk).toBe(demo.plans[planned.plan!].name);
        const unplanned = demo.events.filter(
          (e, n) => !e.handleRisk && !demo.evaluations.some((ev) => ev.items.some((i) => i.event === n && (i.plan !== undefined || i.planText))),
        );
        expect(unplanned.length).toBeGreaterThan(0);
        for (const e of unplanned) expect((await handles('not-handle', { search: e.name })).riskData.map((r) => r.event)).toContain(e.name);

        // one finished and one draft evaluation
        const draft = demo.evaluations.find((e) => e.status === 'draft')!;
        expect((await headers({ search: draft.name })).headerList[0]).toMatchObject({ name: draft.name, draft: true, completed: false });
        expect((await headers({ search: finished.name })).headerList[0]).toMatchObject({ name: finished.name, draft: false, completed: true });

        // the admin's "evaluation finished" notification names it and opens it
        const told = (await notifications(admin())).notificationList.find(
          (n) => n.kind === 'evaluation_finished' && n.params.title === RISK_DEMO_FINISHED_TITLE,
        )!;
        const id = /^\/risk-management\/start-evaluation\/([0-9a-f-]{36})$/.exec(told.link ?? '')?.[1];
        expect(id, told.link ?? '').toBeTruthy();
        const opened = await evaluation(id!);
        expect(opened).toMatchObject({ name: RISK_DEMO_FINISHED_TITLE, status: 'completed' });
        expect(opened.items).toHaveLength(finished.items.length);
        expect(opened.items.some((i) => i.code === 'VH')).toBe(true);
        for (const item of opened.items.filter((i) => i.code === 'H' || i.code === 'VH')) {
          expect(item, item.event).toMatchObject({ owner: expect.any(String), treatment: expect.any(String), dueDate: expect.any(String) });
          expect(item.planId ?? item.planText).toBeTruthy();
        }
      },
    );
  });
}
