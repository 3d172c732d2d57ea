import { execFileSync } from 'node:child_process';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { ropaDetail } from '../../../contract/ropa';
import { postureReply } from '../../../contract/dashboard';
import {
  retentionChoicesReply,
  retentionDueReply,
  retentionItemReply,
  retentionRuleListReply,
  retentionRuleReply,
  ropaRetentionReply,
} from '../../../contract/retention';
import { raiseRetentionOverdue } from '../../../server/modules/retention/overdueJob';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { makePng } from '../png';

const flat = (s: string) => s.replace(/\s+/g, '').replace(/\u0E33\u0E32/g, '\u0E33');
const pdfText = (bytes: Buffer) => flat(execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8'));
const q = (o: Record<string, unknown>) => `?${new URLSearchParams(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)]))}`;
const bangkokDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date(Date.now() + offsetDays * 86_400_000));

let counter = 0;
const tag = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The retention schedule and the due-for-deletion queue (menu 16). */
export function retentionCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const ok = <T>(reply: Reply, schema: z.ZodType<T>) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return schema.parse(reply.body);
  };
  const choices = async (token = admin()) => ok(await ctx.api.get('/retention-choices', { token }), retentionChoicesReply);
  /** a fresh category held by a fresh system, so each case owns its rule */
  const scope = async (token = admin()) => {
    const category = (await ctx.api.post('/data-categories', { name: `หมวดทดสอบ ${tag()}`, sensitive: false, description: '' }, { token })).body
      .data as { id: string; name: string };
    const system = (await ctx.api.post('/datamap-systems', { name: `ระบบทดสอบ ${tag()}`, categoryIds: [category.id] }, { token })).body.data as {
      id: string;
      name: string;
    };
    return { category, system };
  };
  const ruleBody = (categoryId: string, systemId: string | null, extra: Record<string, unknown> = {}) => ({
    categoryId,
    systemId,
    period: 1,
    unit: 'years',
    startEvent: 'collection',
    law: null,
    legalReason: 'ทดสอบ',
    endAction: 'delete',
    ...extra,
  });

  describe('retention schedule', () => {
    shape.it('lists the demo schedule 20 a page with the total in Content-Range', async () => {
      const reply = await ctx.api.get(`/retention-rules${q({ sort: ['category', 'ASC'], range: [0, 19] })}`, { token: admin() });
      const body = ok(reply, retentionRuleListReply);
      expect(reply.headers.get('content-range')).toMatch(/^retention-rules \d+-\d+\/\d+$/);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.length).toBeLessThanOrEqual(20);
    });

    shape.it('refuses a period of 0 or over 100 years naming the field, and a view-only role', async () => {
      const c = await choices();
      const categoryId = c.categories[0].id;
      expectInvalidField(await ctx.api.post('/retention-rules', ruleBody(categoryId, null, { period: 0 }), { token: admin() }), 'period');
      expectInvalidField(await ctx.api.post('/retention-rules', ruleBody(categoryId, null, { period: 101 }), { token: admin() }), 'period');
      expectInvalidField(
        await ctx.api.post('/retention-rules', ruleBody(categoryId, null, { period: 1201, unit: 'months' }), { token: admin() }),
        'period',
      );
      expectInvalidField(
        await ctx.api.post('/retention-rules', ruleBody(categoryId, null, { period: -5, unit: 'days' }), { token: admin() }),
        'period',
      );
      expectFailure(await ctx.api.post('/retention-rules', ruleBody(categoryId, null), { token: ctx.demoViewer.access_token }), 403);
    });

    rule.it('stores nothing for a refused rule', async () => {
      const { category } = await scope();
      const before = ok(
        await ctx.api.get(`/retention-rules${q({ filter: { categoryId: category.id } })}`, { token: admin() }),
        retentionRuleListReply,
      );
      expectInvalidField(
        await ctx.api.post('/retention-rules', ruleBody(category.id, null, { period: 36_526, unit: 'days' }), { token: admin() }),
        'period',
      );
      expectInvalidField(await ctx.api.post('/retention-rules', ruleBody(category.id, null, { legalReason: '' }), { token: admin() }), 'legalReason');
      const after = ok(
        await ctx.api.get(`/retention-rules${q({ filter: { categoryId: category.id } })}`, { token: admin() }),
        retentionRuleListReply,
      );
      expect(after.total).toBe(before.total);
      expect(after.total).toBe(0);
    });

    rule.it('adds, edits and deletes a rule; a second rule of the same scope is a 409; a system without the category is refused', async () => {
      const { category, system } = await scope();
      const created = ok(await ctx.api.post('/retention-rules', ruleBody(category.id, system.id), { token: admin() }), retentionRuleReply).data;
      expect(created).toMatchObject({ category: { name: category.name }, system: { name: system.name }, period: 1, unit: 'years', openItems: 0 });
      expectMessage(await ctx.api.post('/retention-rules', ruleBody(category.id, system.id), { token: admin() }), 409, 'retention_rule_duplicate');
      const other = await scope();
      expectInvalidField(await ctx.api.post('/retention-rules', ruleBody(category.id, other.system.id), { token: admin() }), 'systemId');
      const edited = ok(
        await ctx.api.put(`/retention-rules/${created.id}`, ruleBody(category.id, system.id, { period: 5, law: 'accounting_act_14' }), {
          token: admin(),
        }),
        retentionRuleReply,
      ).data;
      expect(edited).toMatchObject({ period: 5, law: 'accounting_act_14' });
      ok(await ctx.api.delete(`/retention-rules/${created.id}`, { token: admin() }), retentionRuleReply);
      expectFailure(await ctx.api.get(`/retention-rules/${created.id}`, { token: admin() }), 404);
    });

    rule.it("answers 404 for another company's rule and item, and refuses another company's category", async () => {
      const { category, system } = await scope();
      const created = ok(await ctx.api.post('/retention-rules', ruleBody(category.id, system.id), { token: admin() }), retentionRuleReply).data;
      const item = ok(
        await ctx.api.post(
          '/retention-due',
          { ruleId: created.id, systemId: system.id, label: 'ชุดทดสอบ', startedOn: bangkokDay(-10) },
          { token: admin() },
        ),
        retentionItemReply,
      ).data;
      const siam = ctx.siamAdmin.access_token;
      expectFailure(await ctx.api.get(`/retention-rules/${created.id}`, { token: siam }), 404);
      expectFailure(await ctx.api.put(`/retention-rules/${created.id}`, ruleBody(category.id, null), { token: siam }), 404);
      expectFailure(await ctx.api.delete(`/retention-rules/${created.id}`, { token: siam }), 404);
      expectFailure(await ctx.api.get(`/retention-due/${item.id}`, { token: siam }), 404);
      expectFailure(
        await ctx.api.post(`/retention-due/${item.id}/complete`, { note: 'x', deletedCount: 1, backupsExpireOn: bangkokDay(30) }, { token: siam }),
        404,
      );
      expectInvalidField(await ctx.api.post('/retention-rules', ruleBody(category.id, null), { token: siam }), 'categoryId');
    });

    rule.it('puts an item in the month it falls due, overdue once past; the edited rule moves its due day', async () => {
      const { category, system } = await scope();
      const created = ok(
        await ctx.api.post('/retention-rules', ruleBody(category.id, system.id, { period: 30, unit: 'days' }), { token: admin() }),
        retentionRuleReply,
      ).data;
      const item = ok(
        await ctx.api.post(
          '/retention-due',
          { ruleId: created.id, systemId: system.id, label: 'ชุดทดสอบ', startedOn: bangkokDay(-40) },
          { token: admin() },
        ),
        retentionItemReply,
      ).data;
      expect(item).toMatchObject({ dueOn: bangkokDay(-10), overdue: true, status: 'open', category: category.name, system: system.name });
      const overdue = ok(
        await ctx.api.get(`/retention-due${q({ filter: { state: 'overdue', systemId: system.id } })}`, { token: admin() }),
        retentionDueReply,
      );
      expect(overdue.data.map((i) => i.id)).toEqual([item.id]);
      expect(overdue.overdue).toBeGreaterThanOrEqual(1);
      ok(
        await ctx.api.put(`/retention-rules/${created.id}`, ruleBody(category.id, system.id, { period: 60, unit: 'days' }), { token: admin() }),
        retentionRuleReply,
      );
      const moved = ok(await ctx.api.get(`/retention-due/${item.id}`, { token: admin() }), retentionItemReply).data;
      expect(moved).toMatchObject({ dueOn: bangkokDay(20), overdue: false });
      const nextMonth = bangkokDay(20).slice(0, 7);
      const listed = ok(
        await ctx.api.get(`/retention-due${q({ filter: { month: nextMonth, systemId: system.id } })}`, { token: admin() }),
        retentionDueReply,
      );
      expect(listed.data.map((i) => i.id)).toEqual([item.id]);
    });

    rule.it('completes an item with its evidence, once; the deletion record states what, where, when, by whom and the backups', async () => {
      const { category, system } = await scope();
      const created = ok(await ctx.api.post('/retention-rules', ruleBody(category.id, system.id), { token: admin() }), retentionRuleReply).data;
      const item = ok(
        await ctx.api.post(
          '/retention-due',
          { ruleId: created.id, systemId: system.id, label: 'ใบสมัครงานปี 2567', startedOn: bangkokDay(-400) },
          { token: admin() },
        ),
        retentionItemReply,
      ).data;
      expectMessage(await ctx.api.get(`/retention-due/${item.id}/record`, { token: admin() }), 409, 'retention_item_open');
      expectInvalidField(
        await ctx.api.post(`/retention-due/${item.id}/complete`, { note: '', deletedCount: 12, backupsExpireOn: bangkokDay(30) }, { token: admin() }),
        'note',
      );
      expectFailure(
        await ctx.api.post(
          `/retention-due/${item.id}/complete`,
          {
            note: 'ลบแล้ว',
            deletedCount: 12,
            backupsExpireOn: bangkokDay(30),
            file: { name: 'x.pdf', contentBase64: Buffer.from('not a pdf').toString('base64') },
          },
          { token: admin() },
        ),
        400,
      );
      expect(ok(await ctx.api.get(`/retention-due/${item.id}`, { token: admin() }), retentionItemReply).data.status).toBe('open');
      const done = ok(
        await ctx.api.post(
          `/retention-due/${item.id}/complete`,
          {
            note: 'ลบใบสมัครออกจากระบบรับสมัครงานด้วยคำสั่งลบถาวร',
            deletedCount: 1234,
            backupsExpireOn: bangkokDay(30),
            file: { name: 'screenshot.png', contentBase64: makePng(8, 8, () => [30, 120, 200]).toString('base64') },
          },
          { token: admin() },
        ),
        retentionItemReply,
      ).data;
      expect(done).toMatchObject({
        status: 'done',
        overdue: false,
        completed: { deletedCount: 1234, backupsExpireOn: bangkokDay(30), file: { name: 'screenshot.png' } },
      });
      expectMessage(
        await ctx.api.post(
          `/retention-due/${item.id}/complete`,
          { note: 'อีกครั้ง', deletedCount: 1, backupsExpireOn: bangkokDay(30) },
          { token: admin() },
        ),
        409,
        'retention_item_done',
      );
      expectMessage(await ctx.api.delete(`/retention-due/${item.id}`, { token: admin() }), 409, 'retention_item_done');
      const pdf = await ctx.api.get(`/retention-due/${item.id}/record`, { token: admin() });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const text = pdfText(pdf.bytes);
      for (const s of [
        'บันทึกการลบข้อมูลส่วนบุคคล',
        category.name,
        system.name,
        'ใบสมัครงานปี2567',
        '1,234',
        'สมชายใจดี',
        String(Number(bangkokDay(30).slice(0, 4)) + 543),
      ])
        expect(text).toContain(flat(s));
      // the proof outlives its rule
      ok(await ctx.api.delete(`/retention-rules/${created.id}`, { token: admin() }), retentionRuleReply);
      expect((await ctx.api.get(`/retention-due/${item.id}/record`, { token: admin() })).status).toBe(200);
    });

    rule.it('warns the owner and the DPO once when an item is overdue, and counts it on the dashboard', async () => {
      const db = ctx.db!;
      const { category, system } = await scope();
      const created = ok(
        await ctx.api.post('/retention-rules', ruleBody(category.id, system.id, { period: 10, unit: 'days' }), { token: admin() }),
        retentionRuleReply,
      ).data;
      const posture = async () =>
        ok(await ctx.api.get('/user/dashboard/posture', { token: admin() }), postureReply).data.find((p) => p.key === 'deletions_overdue')!.value;
      const before = await posture();
      const ownerId = ctx.demoAdmin.user._id;
      const item = ok(
        await ctx.api.post(
          '/retention-due',
          { ruleId: created.id, systemId: system.id, label: `ชุดเกินกำหนด ${tag()}`, startedOn: bangkokDay(-15), ownerId },
          { token: admin() },
        ),
        retentionItemReply,
      ).data;
      expect(await posture()).toBe((before ?? 0) + 1);
      const [{ companyId }] = await db.query<{ companyId: string }>('select company_id as "companyId" from retention_items where id = $1', [item.id]);
      await db.tx((tx) => raiseRetentionOverdue(tx, companyId));
      await db.tx((tx) => raiseRetentionOverdue(tx, companyId));
      const sent = await db.query<{ user_id: string | null; username: string | null }>(
        `select n.user_id, u.username from notifications n left join users u on u.id = n.user_id
          where n.kind = 'retention_overdue' and n.params->>'label' = $1 order by u.username`,
        [item.label],
      );
      expect(sent.map((n) => n.username)).toEqual(expect.arrayContaining(['admin', 'dpo']));
    });

    rule.it('gives the ROPA what the rules say and warns of a category no rule covers', async () => {
      const { category, system } = await scope();
      const shown = ok(await ctx.api.get(`/ropa-retention?categoryIds=${category.id}`, { token: admin() }), ropaRetentionReply);
      expect(shown).toEqual({ data: [], uncovered: [category.name] });
      const activities = (await ctx.api.get(`/ropa/activity${q({ range: [0, 0] })}`, { token: admin() })).body.data as { id: string }[];
      const detail = ok(await ctx.api.get(`/ropa/activity/${activities[0].id}`, { token: admin() }), z.object({ data: ropaDetail })).data;
      expect(detail.warnings.filter((w) => w.code === 'category_without_retention')).toEqual([]);
      ok(await ctx.api.post('/retention-rules', ruleBody(category.id, system.id, { period: 3 }), { token: admin() }), retentionRuleReply);
      const after = ok(await ctx.api.get(`/ropa-retention?categoryIds=${category.id}`, { token: admin() }), ropaRetentionReply);
      expect(after).toMatchObject({ data: [{ category: category.name, system: system.name, period: 3, unit: 'years' }], uncovered: [] });
    });
  });
}
