import { execFileSync } from 'node:child_process';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { sheetDetail, sheetRecord, sheetTemplateRecord } from '../../../contract/sheets';
import type { Reply } from '../client';
import { expectFailure, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

const ok = <T>(reply: Reply, schema: z.ZodType<T>) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return schema.parse(reply.body);
};
const one = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(200), data }).strict();
const list = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(200), data: z.array(data), total: z.number().int().min(0) }).strict();
let counter = 0;
const tag = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');

/** Document sheets (menu 7): templates with variables, documents, their states, versions and exports. */
export function sheetCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const viewer = () => ctx.demoViewer.access_token;
  const contact = () => ctx.demoContact.access_token;
  const siam = () => ctx.siamAdmin.access_token;

  const newTemplate = async (body: string, token = admin()) =>
    ok(
      await ctx.api.post('/sheet-templates', { name: `แม่แบบทดสอบ ${tag()}`, kind: 'custom', lang: 'th', description: '', body }, { token }),
      one(sheetTemplateRecord),
    ).data;
  const newDocument = async (templateId = 'std-processor-agreement-th', token = admin(), extra: Record<string, unknown> = {}) =>
    ok(await ctx.api.post('/sheets', { templateId, title: `เอกสารทดสอบ ${tag()}`, ...extra }, { token }), one(sheetDetail)).data;
  const act = (id: string, action: string, token = admin()) => ctx.api.post(`/sheets/${id}/state`, { action }, { token });

  describe('document sheets', () => {
    shape.it('lists the shipped templates in Thai and English, every kind, with their variables', async () => {
      const reply = ok(
        await ctx.api.get(`/sheet-templates?range=${encodeURIComponent('[0,99]')}`, { token: admin() }),
        list(sheetTemplateRecord.omit({ body: true })),
      );
      const builtin = reply.data.filter((t) => t.builtin);
      for (const kind of [
        'privacyNotice',
        'consentLetter',
        'processorAgreement',
        'dpoAppointment',
        'breachOffice',
        'breachSubjects',
        'ropaSummary',
        'securityPolicy',
        'retentionPolicy',
      ]) {
        expect(
          builtin
            .filter((t) => t.kind === kind)
            .map((t) => t.lang)
            .sort(),
          kind,
        ).toEqual(['en', 'th']);
      }
      const dpa = ok(await ctx.api.get('/sheet-templates/std-processor-agreement-th', { token: admin() }), one(sheetTemplateRecord)).data;
      expect(dpa.body).toContain('มาตรา 40');
      expect(dpa.variables).toContain('company.name');
    });

    shape.it('makes a document from a template, saves versions and lists it', async () => {
      const doc = await newDocument();
      expect(doc).toMatchObject({ state: 'draft', version: 1, kind: 'processorAgreement', lang: 'th', publishedVersion: null });
      expect(doc.body).toContain('{{company.name}}');
      const saved = ok(
        await ctx.api.put(`/sheets/${doc.id}`, { title: doc.title, body: `${doc.body}<p>ข้อเพิ่มเติม ${tag()}</p>` }, { token: admin() }),
        one(sheetDetail),
      ).data;
      expect(saved.version).toBe(2);
      expect(saved.versions.map((v) => v.version)).toEqual([2, 1]);
      const page = ok(
        await ctx.api.get(`/sheets?filter=${encodeURIComponent(JSON.stringify({ search: doc.title }))}`, { token: admin() }),
        list(sheetRecord),
      );
      expect(page.data.map((d) => d.id)).toEqual([doc.id]);
      const v1 = await ctx.api.get(`/sheets/${doc.id}/versions/1`, { token: admin() });
      expect(v1.status).toBe(200);
      expect(v1.body.data.body).not.toContain('ข้อเพิ่มเติม');
    });

    shape.it('lets a viewer read but not write (403), a role without menu 7 not even read; hides other companies (404)', async () => {
      const doc = await newDocument();
      expect((await ctx.api.get(`/sheets/${doc.id}`, { token: viewer() })).status).toBe(200);
      expectFailure(await ctx.api.post('/sheets', { templateId: 'std-privacy-notice-th', title: 'x' }, { token: viewer() }), 403);
      expectFailure(await ctx.api.put(`/sheets/${doc.id}`, { title: 'x', body: '<p>x</p>' }, { token: viewer() }), 403);
      expectFailure(await act(doc.id, 'submit', viewer()), 403);
      expectFailure(await ctx.api.get('/sheets', { token: contact() }), 403);
      expectFailure(await ctx.api.get(`/sheets/${doc.id}`, { token: siam() }), 404);
      expectFailure(await ctx.api.put(`/sheets/${doc.id}`, { title: 'x', body: '<p>x</p>' }, { token: siam() }), 404);
      const siamList = ok(await ctx.api.get('/sheets', { token: siam() }), list(sheetRecord));
      expect(siamList.data.map((d) => d.id)).not.toContain(doc.id);
    });

    shape.it('refuses bad input (400): no title, an unknown state filter, a bad id', async () => {
      expectFailure(await ctx.api.post('/sheets', { templateId: 'std-privacy-notice-th', title: '' }, { token: admin() }), 400);
      expectFailure(await ctx.api.get(`/sheets?filter=${encodeURIComponent('{"state":"gone"}')}`, { token: admin() }), 400);
      expectFailure(await ctx.api.get('/sheets/not-a-uuid', { token: admin() }), 400);
      expectFailure(await ctx.api.post('/sheets', { templateId: 'std-nothing', title: 'x' }, { token: admin() }), 404);
    });

    rule.it('refuses a template naming an unknown variable (400 naming it); keeps the known ones', async () => {
      const reply = await ctx.api.post(
        '/sheet-templates',
        { name: 'ผิด', kind: 'custom', lang: 'th', description: '', body: '<p>{{company.name}} {{company.ceo}} {{ nope }}</p>' },
        { token: admin() },
      );
      expectMessage(reply, 400, 'sheet_unknown_variables', 'th', { names: 'company.ceo, nope' });
      const fine = await newTemplate('<p>{{company.name}} {{ropa.activityName}}</p>');
      expect(fine.variables).toEqual(['company.name', 'ropa.activityName']);
      const doc = await newDocument();
      expectMessage(
        await ctx.api.put(`/sheets/${doc.id}`, { title: 'x', body: '<p>{{secret.password}}</p>' }, { token: admin() }),
        400,
        'sheet_unknown_variables',
        'th',
        {
          names: 'secret.password',
        },
      );
    });

    rule.it('sanitizes HTML and scripts in a template and a document', async () => {
      const t = await newTemplate(
        '<p onclick="alert(1)">ok <strong>bold</strong><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p><iframe src="https://evil"></iframe>',
      );
      expect(t.body).toContain('<strong>bold</strong>');
      expect(t.body).not.toMatch(/script|onclick|onerror|<img|javascript:|iframe|alert/i);
      const doc = await newDocument(t.id);
      const saved = ok(
        await ctx.api.put(
          `/sheets/${doc.id}`,
          { title: doc.title, body: '<h2>x</h2><style>p{}</style><p style="color:red">y</p>' },
          { token: admin() },
        ),
        one(sheetDetail),
      ).data;
      expect(saved.body).toBe('<h2>x</h2><p>y</p>');
    });

    rule.it('fills variables from the own company only, never from another', async () => {
      const doc = await newDocument('std-processor-agreement-th');
      const preview = await ctx.api.get(`/sheets/${doc.id}/preview`, { token: admin() });
      expect(preview.status).toBe(200);
      expect(preview.body.data.html).toContain('บริษัท ไทยดิจิทัลเซอร์วิส จำกัด');
      expect(preview.body.data.html).toContain('0105561000003');
      expect(preview.body.data.html).not.toContain('{{');
      // SIAM's own document: SIAM's name, never DEMO's
      const siamDoc = await newDocument('std-processor-agreement-th', siam());
      const siamPreview = (await ctx.api.get(`/sheets/${siamDoc.id}/preview`, { token: siam() })).body.data.html as string;
      expect(siamPreview).not.toContain('ไทยดิจิทัลเซอร์วิส');
      // a notice of another company cannot be attached, so its purposes can never be read
      // a DEMO notice with purposes (other cases may add notices without any)
      const demoNotices = await ctx.api.get('/consents/form/list?currentPage=1&limit=50', { token: admin() });
      let demoNoticeId = '';
      for (const f of demoNotices.body.formlist as { _id: string }[]) {
        const detail = await ctx.api.get(`/consents/form/detail?formId=${f._id}`, { token: admin() });
        if (detail.body.data?.draft?.objective?.length) {
          demoNoticeId = f._id;
          break;
        }
      }
      expect(demoNoticeId, 'the demo has a notice with purposes').not.toBe('');
      expectMessage(
        await ctx.api.post('/sheets', { templateId: 'std-privacy-notice-th', title: 'x', noticeId: demoNoticeId }, { token: siam() }),
        400,
        'sheet_notice_not_found',
      );
      // and attached to DEMO's own document, the notice's purposes are printed
      const withNotice = await newDocument('std-privacy-notice-th', admin(), { noticeId: demoNoticeId });
      const filled = (await ctx.api.get(`/sheets/${withNotice.id}/preview`, { token: admin() })).body.data;
      expect(filled.html).not.toContain('[notice.purposes]');
      expect(filled.missing).not.toContain('notice.purposes');
    });

    rule.it('moves draft → review → approved → published with who and when; a published document is frozen (409) until revised', async () => {
      const doc = await newDocument();
      expectMessage(await act(doc.id, 'publish'), 409, 'sheet_transition', 'th', { from: 'draft', action: 'publish' });
      ok(await act(doc.id, 'submit'), one(sheetDetail));
      expectMessage(await ctx.api.put(`/sheets/${doc.id}`, { title: 'x', body: '<p>x</p>' }, { token: admin() }), 409, 'sheet_not_draft', 'th', {
        state: 'review',
      });
      const approved = ok(await act(doc.id, 'approve'), one(sheetDetail)).data;
      expect(approved.approvedBy?.name).toBe('สมชาย ใจดี');
      const published = ok(await act(doc.id, 'publish'), one(sheetDetail)).data;
      expect(published).toMatchObject({ state: 'published', publishedVersion: 1 });
      expect(published.events.map((e) => e.action)).toEqual(['publish', 'approve', 'submit', 'created']);
      expect(published.events[0].by?.name).toBe('สมชาย ใจดี');
      expect(published.versions[0].frozen).toBe(true);
      expectMessage(await ctx.api.put(`/sheets/${doc.id}`, { title: 'x', body: '<p>x</p>' }, { token: admin() }), 409, 'sheet_frozen');
      expectMessage(await ctx.api.delete(`/sheets/${doc.id}`, { token: admin() }), 409, 'sheet_delete_published');
      const revised = ok(await act(doc.id, 'revise'), one(sheetDetail)).data;
      expect(revised).toMatchObject({ state: 'draft', version: 2, publishedVersion: 1 });
      ok(await ctx.api.put(`/sheets/${doc.id}`, { title: doc.title, body: '<p>ฉบับที่สาม</p>' }, { token: admin() }), one(sheetDetail));
      // the published version still prints as frozen
      const frozen = (await ctx.api.get(`/sheets/${doc.id}/preview?version=1`, { token: admin() })).body.data.html as string;
      expect(frozen).toContain('บริษัท ไทยดิจิทัลเซอร์วิส จำกัด');
    });

    rule.it('exports the PDF with the company, version and approval, and a DOCX', async () => {
      const doc = await newDocument();
      for (const action of ['submit', 'approve', 'publish']) ok(await act(doc.id, action), one(sheetDetail));
      const pdf = await ctx.api.get(`/sheets/${doc.id}/export?format=pdf`, { token: viewer() });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const text = pdfText(pdf.bytes);
      expect(text).toContain('ไทยดิจิทัลเซอร์วิส');
      expect(text).toContain('ฉบับที่ 1');
      expect(text).toContain('อนุมัติโดย');
      expect(text).toMatch(/25\d\d/); // a Buddhist-era year
      const docx = await ctx.api.get(`/sheets/${doc.id}/export?format=docx`, { token: admin() });
      expect(docx.status).toBe(200);
      expect(docx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    });
  });
}
