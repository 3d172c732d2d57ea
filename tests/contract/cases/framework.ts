import { execFileSync } from 'node:child_process';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import {
  FRAMEWORK_REQUIREMENTS,
  frameworkDetailReply,
  frameworkEvidenceReply,
  frameworkListReply,
  frameworkReply,
  type FrameworkSnapshot,
} from '../../../contract/framework';
import { serverMessage } from '../../../server/http/messages';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, type Ctx } from '../expectations';
import { kinds } from '../kinds';

const q = (o: Record<string, unknown>) => `?${new URLSearchParams(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)]))}`;
const bangkokDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');
const requirement = (s: FrameworkSnapshot, id: string) => s.requirements.find((r) => r.id === id)!;

/** The PDPA control framework (the dashboard's, menu 2): the kept score, its list, the drill-down and evidence. */
export function frameworkCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const ok = <T>(reply: Reply, schema: z.ZodType<T>) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return schema.parse(reply.body);
  };
  const admin = () => ctx.demoAdmin.access_token;
  const siam = () => ctx.siamAdmin.access_token;
  const refresh = async (token: string) => ok(await ctx.api.post('/framework/refresh', {}, { token }), frameworkReply).data;

  describe('PDPA framework', () => {
    shape.it("serves the kept score with every requirement of the catalogue, most of them scored from the modules' data", async () => {
      const body = ok(await ctx.api.get('/framework', { token: admin() }), frameworkReply);
      expect(body.data.requirements.map((r) => r.id)).toEqual(FRAMEWORK_REQUIREMENTS.map((r) => r.id));
      expect(body.data.automatic / body.data.total).toBeGreaterThanOrEqual(0.7);
      expect(body.data.areas.length).toBe(6);
    });

    shape.it('lists the requirements of an area 20 a page with the total in Content-Range, for a view-only role too', async () => {
      const reply = await ctx.api.get(`/framework/requirements${q({ filter: { area: 'security' }, range: [0, 19] })}`, {
        token: ctx.demoViewer.access_token,
      });
      const body = ok(reply, frameworkListReply);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.every((r) => r.area === 'security')).toBe(true);
      expect(reply.headers.get('content-range')).toMatch(/^framework \d+-\d+\/\d+$/);
    });

    shape.it('refuses evidence from a view-only role (403) and bad input with a Thai message (400)', async () => {
      const good = { requirementId: 'consent_design', note: 'ทดสอบ', reference: '', evidencedOn: bangkokDay() };
      expectFailure(await ctx.api.post('/framework/evidence', good, { token: ctx.demoViewer.access_token }), 403);
      const empty = expectInvalidField(await ctx.api.post('/framework/evidence', { ...good, note: '' }, { token: admin() }), 'note');
      expect(empty.msg).toContain(serverMessage('th', 'framework_note_required'));
      expectInvalidField(await ctx.api.post('/framework/evidence', { ...good, requirementId: 'nothing' }, { token: admin() }), 'requirementId');
      expectInvalidField(await ctx.api.post('/framework/evidence', { ...good, evidencedOn: '2026-02-30' }, { token: admin() }), 'evidencedOn');
      expectFailure(await ctx.api.get('/framework/requirements/nothing', { token: admin() }), 400);
    });

    rule.it("moves a score with the company's data: a ROPA activity with items missing lowers the completeness", async () => {
      const before = requirement(await refresh(siam()), 'ropa_complete');
      const created = await ctx.api.post('/ropa/activity', { name: `กิจกรรมทดสอบกรอบ ${Date.now()}` }, { token: siam() });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const activity = (created.body as { data: { id: string; name: string } }).data;
      try {
        const after = requirement(await refresh(siam()), 'ropa_complete');
        expect(after.whole).toBe((before.whole ?? 0) + 1);
        expect(after.part).toBe(before.part ?? 0);
        expect(after.score).toBe(Math.round((1000 * after.part!) / after.whole!) / 10);
        if (before.part) expect(after.score!).toBeLessThan(before.score!);
        // the drill-down names it, with a link to it
        const detail = ok(await ctx.api.get('/framework/requirements/ropa_complete', { token: siam() }), frameworkDetailReply).data;
        expect(detail.records).toContainEqual(expect.objectContaining({ label: activity.name, path: `/ropa/activity/create/${activity.id}` }));
        // DEMO's drill-down does not
        const demo = ok(await ctx.api.get('/framework/requirements/ropa_complete', { token: admin() }), frameworkDetailReply).data;
        expect(demo.records.map((r) => r.label)).not.toContain(activity.name);
      } finally {
        await ctx.api.delete(`/ropa/activity/${activity.id}`, { token: siam() });
        await refresh(siam());
      }
    });

    rule.it('scores evidence: none 0, over a year old stale (50), current 100; another company sees none of it', async () => {
      const id = 'breach_response_plan';
      const start = requirement(await refresh(siam()), id);
      const old = ok(
        await ctx.api.post('/framework/evidence', { requirementId: id, note: 'แผนฉบับเก่า', evidencedOn: bangkokDay(-400) }, { token: siam() }),
        frameworkEvidenceReply,
      ).data;
      expect(old.stale).toBe(true);
      const kept = ok(await ctx.api.get('/framework', { token: siam() }), frameworkReply).data;
      expect(requirement(kept, id)).toMatchObject({ score: 50, state: 'partly', stale: true, evidencedOn: bangkokDay(-400) });
      if (start.evidencedOn === null) expect(start.score).toBe(0);
      ok(
        await ctx.api.post(
          '/framework/evidence',
          { requirementId: id, note: 'แผนฉบับปัจจุบัน', reference: 'IR-2569', evidencedOn: bangkokDay() },
          { token: siam() },
        ),
        frameworkEvidenceReply,
      );
      const now = ok(await ctx.api.get(`/framework/requirements/${id}`, { token: siam() }), frameworkDetailReply).data;
      expect(now).toMatchObject({ score: 100, state: 'met', stale: false, evidencedOn: bangkokDay() });
      expect(now.evidence.map((e) => e.note)).toEqual(expect.arrayContaining(['แผนฉบับปัจจุบัน', 'แผนฉบับเก่า']));
      // DEMO's evidence of the same requirement is its own
      const demo = ok(await ctx.api.get(`/framework/requirements/${id}`, { token: admin() }), frameworkDetailReply).data;
      expect(demo.evidence.map((e) => e.note)).not.toContain('แผนฉบับปัจจุบัน');
      expectFailure(
        await ctx.api.post('/framework/evidence', { requirementId: id, note: 'อนาคต', evidencedOn: bangkokDay(3) }, { token: siam() }),
        400,
      );
    });

    rule.it("shows DEMO's stale evidence and the trend of the kept months", async () => {
      const detail = ok(await ctx.api.get('/framework/requirements/access_control', { token: admin() }), frameworkDetailReply).data;
      expect(detail).toMatchObject({ source: 'evidence', stale: true, score: 50 });
      expect(detail.trend).toHaveLength(12);
      expect(detail.trend.at(-1)!.score).toBe(50);
    });

    rule.it('gives the board report a page per area with its 12 months (pdftotext)', async () => {
      const reply = await ctx.api.get('/user/dashboard/board-report', { token: admin(), lang: 'en' });
      expect(reply.status).toBe(200);
      const text = pdfText(reply.bytes);
      for (const area of ['Governance and records', 'Security', 'Retention and breaches']) expect(text).toContain(`Area: ${area}`);
      expect(text).toContain('Every processor has a signed agreement');
      expect(text).toContain('over a year old');
    });
  });
}
