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
  // the demo's DPO (built-in role dpo: edit rights on documents), who approves what the administrator writes
  let dpoToken: string | undefined;
  const dpo = async () => (dpoToken ??= (await ctx.api.signin({ companyCode: 'DEMO', username: 'dpo', password: 'dpo1234567' })).access_token);

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

    rule.it('makes a document from a template, saves versions and lists it', async () => {
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
    });

    // the template is looked up among the company's and the standard ones: the server's
    rule.it('refuses a document of an unknown template (404)', async () => {
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
      // the author may not approve (another person with edit rights exists: the DPO)
      expectMessage(await act(doc.id, 'approve'), 409, 'approval_self_author');
      const approved = ok(await act(doc.id, 'approve', await dpo()), one(sheetDetail)).data;
      expect(approved.approvedBy?.name).toBe('สมศรี ใจดี');
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
      for (const action of ['submit', 'approve', 'publish'])
        ok(await act(doc.id, action, action === 'approve' ? await dpo() : admin()), one(sheetDetail));
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

    describe('document sheets: approval by another person, ROPA and breach variables', () => {
      const HOUR = 3_600_000;
      const newBreach = async (extra: Record<string, unknown> = {}, token = admin()) =>
        ok(
          await ctx.api.post(
            '/databreach',
            {
              title: `รหัสผ่านลูกค้ารั่วไหล ${tag()}`,
              discovery: 'ทีมไอทีพบไฟล์รหัสผ่านบนเว็บไซต์สาธารณะ',
              awareAt: new Date(Date.now() - 30 * HOUR).toISOString(),
              cia: { confidentiality: true, integrity: false, availability: false },
              subjectsCount: 1520,
              subjectsEstimated: true,
              containment: 'ปิดการเข้าถึงไฟล์และบังคับเปลี่ยนรหัสผ่าน',
              consequences: 'อาจถูกนำบัญชีไปใช้โดยมิชอบ',
              ...extra,
            },
            { token },
          ),
          z.object({ data: z.object({ id: z.string(), title: z.string(), awareAt: z.string() }) }),
        ).data;
      const newActivity = async (token = admin()) =>
        ok(
          await ctx.api.post(
            '/ropa/activity',
            {
              name: `กิจกรรมสมัครสมาชิก ${tag()}`,
              record: { retention: 'เก็บไว้ 5 ปีนับจากวันที่เลิกเป็นสมาชิก', purposes: [{ text: 'บริหารสมาชิกและสิทธิประโยชน์', bases: ['necessityContract'] }] },
            },
            { token },
          ),
          z.object({ data: z.object({ id: z.string(), name: z.string() }) }),
        ).data;
      const preview = async (id: string, token = admin()) =>
        ok(
          await ctx.api.get(`/sheets/${id}/preview`, { token }),
          z.object({ data: z.object({ html: z.string(), missing: z.array(z.string()), pending: z.array(z.string()) }) }),
        ).data;

      rule.it('fills the breach notice from the attached breach: its facts, the BE date, the counts, the measures and the DPO', async () => {
        const breach = await newBreach();
        const doc = await newDocument('std-breach-office-th', admin(), { breachId: breach.id });
        expect(doc.breachId).toBe(breach.id);
        const filled = await preview(doc.id);
        expect(filled.pending).toEqual([]);
        expect(filled.html).toContain(breach.title);
        expect(filled.html).toContain('ทีมไอทีพบไฟล์รหัสผ่าน');
        expect(filled.html).toContain('1,520 (ประมาณการ)');
        expect(filled.html).toContain('ปิดการเข้าถึงไฟล์');
        expect(filled.html).toContain('อาจถูกนำบัญชีไปใช้โดยมิชอบ');
        // when the company became aware, in the Buddhist era
        const be = String(
          Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Bangkok' }).format(new Date(breach.awareAt))) + 543,
        );
        expect(filled.html).toContain(be);
        expect(filled.missing).not.toContain('breach.title');
        expect(filled.missing).not.toContain('breach.discoveredAt');
        expect(filled.missing).not.toContain('breach.measures');
        expect(filled.missing).not.toContain('dpo.name');
        // the occurred-at is not known: it prints as a visible blank
        expect(filled.missing).toContain('breach.occurredAt');
        expect(filled.html).toContain('[breach.occurredAt]');
        // the breach's page lists its documents
        const listed = ok(
          await ctx.api.get(`/sheets?filter=${encodeURIComponent(JSON.stringify({ breachId: breach.id }))}`, { token: admin() }),
          list(sheetRecord),
        );
        expect(listed.data.map((d) => d.id)).toEqual([doc.id]);
      });

      rule.it('fills the ROPA summary from the attached activity', async () => {
        const activity = await newActivity();
        const doc = await newDocument('std-ropa-summary-th', admin(), { ropaActivityId: activity.id });
        const filled = await preview(doc.id);
        expect(filled.pending).toEqual([]);
        expect(filled.html).toContain(activity.name);
        expect(filled.html).toContain('บริหารสมาชิกและสิทธิประโยชน์');
        expect(filled.html).toContain('เก็บไว้ 5 ปีนับจากวันที่เลิกเป็นสมาชิก');
        expect(filled.missing).not.toContain('ropa.activityName');
        const listed = ok(
          await ctx.api.get(`/sheets?filter=${encodeURIComponent(JSON.stringify({ ropaActivityId: activity.id }))}`, { token: admin() }),
          list(sheetRecord),
        );
        expect(listed.data.map((d) => d.id)).toEqual([doc.id]);
        // a document without a link prints the activity's variables as visible blanks
        const unlinked = await preview((await newDocument('std-ropa-summary-th')).id);
        expect(unlinked.missing).toContain('ropa.activityName');
      });

      rule.it("never attaches, nor reads, another company's ROPA activity or breach (400)", async () => {
        const breach = await newBreach();
        const activity = await newActivity();
        expectMessage(
          await ctx.api.post('/sheets', { templateId: 'std-breach-office-th', title: 'x', breachId: breach.id }, { token: siam() }),
          400,
          'sheet_breach_not_found',
        );
        expectMessage(
          await ctx.api.post('/sheets', { templateId: 'std-ropa-summary-th', title: 'x', ropaActivityId: activity.id }, { token: siam() }),
          400,
          'sheet_ropa_not_found',
        );
        const theirs = await newDocument('std-breach-office-th', siam());
        expectMessage(
          await ctx.api.put(`/sheets/${theirs.id}`, { title: 'x', body: '<p>{{breach.title}}</p>', breachId: breach.id }, { token: siam() }),
          400,
          'sheet_breach_not_found',
        );
      });

      rule.it(
        'refuses approval by the author when someone else may approve (409, Thai and English); a one-person company approves its own',
        async () => {
          const { createCompany, createUser } = await import('../../../server/modules/company/create');
          const code = `ONE${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
          const { companyId, roles } = await createCompany(ctx.db!, code, { nameTh: 'บริษัทคนเดียว จำกัด', nameEn: 'One Person Co.' });
          const person = (username: string) => ({
            username,
            password: 'One-Person-2569!',
            firstname: 'เอก',
            lastname: username,
            email: `${username}@one.example`,
            role: 'admin' as const,
          });
          await createUser(ctx.db!, companyId, roles.admin, person('owner'));
          const owner = (await ctx.api.signin({ companyCode: code, username: 'owner', password: 'One-Person-2569!' })).access_token;
          // alone: the author may approve
          const alone = await newDocument('std-processor-agreement-th', owner);
          ok(await act(alone.id, 'submit', owner), one(sheetDetail));
          const review = ok(await ctx.api.get(`/sheets/${alone.id}`, { token: owner }), one(sheetDetail)).data;
          expect(review.selfApproval).toBe('allowed');
          const approved = ok(await act(alone.id, 'approve', owner), one(sheetDetail)).data;
          expect(approved.approvedBy?.name).toBe('เอก owner');
          // a second person with edit rights on documents joins: the author may no longer approve
          await createUser(ctx.db!, companyId, roles.admin, person('partner'));
          const partner = (await ctx.api.signin({ companyCode: code, username: 'partner', password: 'One-Person-2569!' })).access_token;
          const doc = await newDocument('std-processor-agreement-th', owner);
          ok(await act(doc.id, 'submit', owner), one(sheetDetail));
          expect(ok(await ctx.api.get(`/sheets/${doc.id}`, { token: owner }), one(sheetDetail)).data.selfApproval).toBe('refused');
          expect(ok(await ctx.api.get(`/sheets/${doc.id}`, { token: partner }), one(sheetDetail)).data.selfApproval).toBe('none');
          expectMessage(await act(doc.id, 'approve', owner), 409, 'approval_self_author');
          expectMessage(
            await ctx.api.post(`/sheets/${doc.id}/state`, { action: 'approve' }, { token: owner, lang: 'en' }),
            409,
            'approval_self_author',
            'en',
          );
          expect(ok(await ctx.api.get(`/sheets/${doc.id}`, { token: owner }), one(sheetDetail)).data.state).toBe('review');
          // the author is whoever saved the version in review: the partner edits, so the partner may not approve, the owner may
          ok(await act(doc.id, 'reject', partner), one(sheetDetail));
          ok(await ctx.api.put(`/sheets/${doc.id}`, { title: doc.title, body: '<p>ฉบับแก้ไขโดยหุ้นส่วน</p>' }, { token: partner }), one(sheetDetail));
          ok(await act(doc.id, 'submit', partner), one(sheetDetail));
          expectMessage(await act(doc.id, 'approve', partner), 409, 'approval_self_author');
          const byOther = ok(await act(doc.id, 'approve', owner), one(sheetDetail)).data;
          expect(byOther).toMatchObject({ state: 'approved', approvedBy: { name: 'เอก owner' } });
          // a disabled person does not count as someone else who may approve
          await ctx.db!.query('update users set disabled = true where company_id = $1 and username = $2', [companyId, 'partner']);
          const again = await newDocument('std-processor-agreement-th', owner);
          ok(await act(again.id, 'submit', owner), one(sheetDetail));
          ok(await act(again.id, 'approve', owner), one(sheetDetail));
        },
      );
    });
  });
}
