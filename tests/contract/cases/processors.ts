import { describe, expect } from 'vitest';
import { z } from 'zod';
import { diligenceRecord, questionnaireSendReply, type QuestionnaireAnswers } from '../../../contract/processors';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

const oneReply = z.object({ status: z.literal(200), data: diligenceRecord.strict() }).strict();
const listReply = z.object({ status: z.literal(200), data: z.array(diligenceRecord.strict()), total: z.number().int() }).strict();
const sendReply = questionnaireSendReply.extend({ status: z.literal(200) });
const ANSWERS: QuestionnaireAnswers = {
  encryption: true,
  accessControl: true,
  staffTraining: false,
  securityNotes: 'AES-256',
  subprocessorsDisclosed: true,
  subprocessorsList: '',
  dataInThailand: true,
  dataLocations: 'กรุงเทพฯ',
  breachProcedure: true,
  breachNoticeHours: 24,
  certified: false,
  certifications: '',
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let counter = 0;
const tag = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Processors' due diligence (menu 16) and the processor's questionnaire: a one-time, 30-day, hashed link. */
export function processorsCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const ok = <T>(reply: Reply, schema: z.ZodType<T>) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return schema.parse(reply.body);
  };
  /** A processor of its own, so each case passes alone. */
  const processor = async (token = admin()) => {
    const reply = await ctx.api.post(
      '/processors',
      { name: `ผู้ประมวลผลตรวจสอบ ${tag()}`, country: 'ไทย', contractDate: null, contact: '' },
      { token },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body as { data: { id: string } }).data.id;
  };
  const tokenOf = (link: string) => link.split('/').pop()!;
  /** a signed agreement with its file, in force for two years, reviewed in ten months */
  const signed = (over: Record<string, unknown> = {}) => ({
    dpaStatus: 'signed',
    dpaSignedOn: day(-30),
    dpaExpiresOn: day(700),
    dpaFile: { name: 'dpa.pdf', contentBase64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64') },
    breachNoticeHours: 24,
    reviewOn: day(300),
    subprocessors: [],
    ...over,
  });
  const send = async (id: string) =>
    ok(await ctx.api.post(`/processor-diligence/${id}/questionnaires`, { sentTo: 'dpa@example.co.th' }, { token: admin() }), sendReply);

  describe("processors' due diligence", () => {
    rule.it('saves the agreement, sub-processors, breach notice and review date; warns on an expiring agreement and an overdue review', async () => {
      const id = await processor();
      expect(ok(await ctx.api.get(`/processor-diligence/${id}`, { token: admin() }), oneReply).data.warnings).toEqual(['dpa_missing']);
      const body = signed({
        dpaSignedOn: day(-300),
        dpaExpiresOn: day(30),
        breachNoticeHours: 48,
        reviewOn: day(-1),
        subprocessors: [{ name: 'AWS Singapore', country: 'SG', purpose: 'hosting' }],
      });
      const saved = ok(await ctx.api.put(`/processor-diligence/${id}`, body, { token: admin() }), oneReply).data;
      expect(saved).toMatchObject({ dpaStatus: 'signed', breachNoticeHours: 48, subprocessors: body.subprocessors, dpaFile: { name: 'dpa.pdf' } });
      expect(saved.warnings.sort()).toEqual(['dpa_expiring', 'review_overdue']);
      const warning = ok(
        await ctx.api.get(`/processor-diligence?${new URLSearchParams({ filter: JSON.stringify({ warning: true }), range: '[0,99]' })}`, {
          token: admin(),
        }),
        listReply,
      );
      expect(warning.total).toBeGreaterThan(0);
    });

    rule.it('warns on a ROPA activity that uses a processor without a signed agreement in force, and clears once it has one', async () => {
      const id = await processor();
      const [activity] = await ctx.db!.query<{ id: string }>(
        "select a.id from ropa_activities a join companies c on c.id = a.company_id where c.code = 'DEMO' order by a.name limit 1",
      );
      await ctx.db!.query(
        `update ropa_activities set record = jsonb_set(record, '{processorIds}', coalesce(record->'processorIds', '[]'::jsonb) || to_jsonb($2::text)) where id = $1`,
        [activity.id, id],
      );
      const [{ name }] = await ctx.db!.query<{ name: string }>('select name from processors where id = $1', [id]);
      const warned = async () => {
        const reply = await ctx.api.get(`/ropa/activity/${activity.id}`, { token: admin() });
        expect(reply.status).toBe(200);
        const { warnings } = (reply.body as { data: { warnings: { code: string; subject: string }[] } }).data;
        return warnings.filter((w) => w.code === 'processor_agreement').map((w) => w.subject);
      };
      expect(await warned()).toContain(name);
      ok(await ctx.api.put(`/processor-diligence/${id}`, signed(), { token: admin() }), oneReply);
      expect(await warned()).not.toContain(name);
      // an agreement past its expiry warns again
      await ctx.db!.query(
        'update processor_diligence set dpa_signed_on = current_date - 800, dpa_expires_on = current_date - 1 where processor_id = $1',
        [id],
      );
      expect(await warned()).toContain(name);
    });

    rule.it('refuses an agreement expiring before its signing, naming dpaExpiresOn; nothing is stored', async () => {
      const id = await processor();
      expectInvalidField(
        await ctx.api.put(`/processor-diligence/${id}`, { dpaStatus: 'signed', dpaSignedOn: day(0), dpaExpiresOn: day(-1) }, { token: admin() }),
        'dpaExpiresOn',
      );
      expect(ok(await ctx.api.get(`/processor-diligence/${id}`, { token: admin() }), oneReply).data.dpaSignedOn).toBeNull();
    });

    rule.it('e-mails the link to an e-mail address, in the language asked, naming the processor; a name gets no e-mail', async () => {
      const id = await processor();
      const to = `dpo.${tag()}@example.co.th`;
      const mailed = ok(
        await ctx.api.post(`/processor-diligence/${id}/questionnaires`, { sentTo: ` ${to} `, lang: 'en' }, { token: admin() }),
        sendReply,
      );
      expect(mailed.emailed).toBe(true);
      const mails = await ctx.db!.query<{ template: string; lang: string; subject: string; body: string }>(
        'select template, lang, subject, body from mail_outbox where to_address = $1',
        [to],
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ template: 'processor_questionnaire', lang: 'en' });
      expect(mails[0].body).toContain(`/processor-questionnaire/${tokenOf(mailed.link)}`);
      expect(mails[0].body).toContain('ผู้ประมวลผลตรวจสอบ');
      const named = ok(
        await ctx.api.post(`/processor-diligence/${id}/questionnaires`, { sentTo: 'คุณสมชาย ฝ่ายความปลอดภัย' }, { token: admin() }),
        sendReply,
      );
      expect(named.emailed).toBe(false);
    });

    rule.it('takes the answers once through the link; the same link again, a forged one and an expired one take nothing', async () => {
      const id = await processor();
      const sent = await send(id);
      expect(sent.data.state).toBe('pending');
      const token = tokenOf(sent.link);
      const [stored] = await ctx.db!.query<{ token_hash: string }>('select token_hash from processor_questionnaires where id = $1', [sent.data.id]);
      expect(stored.token_hash).not.toContain(token);
      const page = await ctx.api.get(`/public/processor-questionnaire/${token}`);
      expect(page.status).toBe(200);
      const answered = await ctx.api.post(`/public/processor-questionnaire/${token}`, { respondentName: 'คุณสมศรี', answers: ANSWERS });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      expect((answered.body as { score: number }).score).toBe(75);
      expectMessage(
        await ctx.api.post(`/public/processor-questionnaire/${token}`, { respondentName: 'ผู้อื่น', answers: ANSWERS }),
        409,
        'processors_questionnaire_used',
      );
      expectMessage(await ctx.api.get(`/public/processor-questionnaire/${token}`), 409, 'processors_questionnaire_used');
      const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      expectMessage(
        await ctx.api.post(`/public/processor-questionnaire/${forged}`, { respondentName: 'x', answers: ANSWERS }),
        404,
        'processors_questionnaire_unknown',
      );
      const record = ok(await ctx.api.get(`/processor-diligence/${id}`, { token: admin() }), oneReply).data;
      expect(record.questionnaires[0]).toMatchObject({ state: 'answered', respondentName: 'คุณสมศรี', score: 75 });

      const late = await send(id);
      await ctx.db!.query(`update processor_questionnaires set expires_at = now() - interval '1 minute' where id = $1`, [late.data.id]);
      expectMessage(
        await ctx.api.post(`/public/processor-questionnaire/${tokenOf(late.link)}`, { respondentName: 'x', answers: ANSWERS }),
        409,
        'processors_questionnaire_expired',
      );
    });

    rule.it('refuses an oversized answer naming it, and keeps the link open', async () => {
      const id = await processor();
      const sent = await send(id);
      const token = tokenOf(sent.link);
      expectInvalidField(
        await ctx.api.post(`/public/processor-questionnaire/${token}`, {
          respondentName: 'x',
          answers: { ...ANSWERS, securityNotes: 'ก'.repeat(2001) },
        }),
        'answers.securityNotes',
      );
      expect((await ctx.api.get(`/public/processor-questionnaire/${token}`)).status).toBe(200);
    });

    rule.it('opens one risk event from answered answers', async () => {
      const id = await processor();
      const sent = await send(id);
      await ctx.api.post(`/public/processor-questionnaire/${tokenOf(sent.link)}`, { respondentName: 'x', answers: ANSWERS });
      const opened = ok(await ctx.api.post(`/processor-diligence/${id}/questionnaires/${sent.data.id}/risk-event`, {}, { token: admin() }), oneReply);
      expect(opened.data.questionnaires[0].riskEventId).not.toBeNull();
      expectMessage(
        await ctx.api.post(`/processor-diligence/${id}/questionnaires/${sent.data.id}/risk-event`, {}, { token: admin() }),
        409,
        'processors_risk_event_exists',
      );
    });

    rule.it('shows another company nothing (404); a view-only role reads, never changes or sends', async () => {
      const id = await processor();
      const siam = ctx.siamAdmin.access_token;
      expectFailure(await ctx.api.get(`/processor-diligence/${id}`, { token: siam }), 404);
      expectFailure(await ctx.api.put(`/processor-diligence/${id}`, { dpaStatus: 'none' }, { token: siam }), 404);
      expectFailure(await ctx.api.post(`/processor-diligence/${id}/questionnaires`, { sentTo: 'x' }, { token: siam }), 404);
      const viewer = ctx.demoViewer.access_token;
      ok(await ctx.api.get(`/processor-diligence/${id}`, { token: viewer }), oneReply);
      expectMessage(await ctx.api.put(`/processor-diligence/${id}`, { dpaStatus: 'none' }, { token: viewer }), 403, 'read_only');
      expectMessage(await ctx.api.post(`/processor-diligence/${id}/questionnaires`, { sentTo: 'x' }, { token: viewer }), 403, 'read_only');
    });
  });
}
