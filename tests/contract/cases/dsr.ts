import { describe, expect } from 'vitest';
import {
  DSR_FILE_MAX_BYTES,
  dsrAddReply,
  dsrFormListReply,
  dsrFormReply,
  dsrListReply,
  dsrPublicFormReply,
  dsrRequestReply,
  dsrStateReply,
  dsrTrackingReply,
  type DsrFormInput,
} from '../../../contract/dsr';
import { dsrPendingReply } from '../../../contract/dsrIntake';
import { formatDate } from '../../../i18n/dates';
import { lastCode } from './dsrIntake';
import { expectFailure, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { makePng } from '../png';

const PNG = makePng(4, 4, () => [10, 120, 200]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const b64 = (bytes: Buffer) => bytes.toString('base64');
const XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>';
const DAY = 86_400_000;

const FORM: DsrFormInput = {
  name: 'แบบฟอร์มทดสอบ',
  status: true,
  rights: ['access', 'erasure', 'withdrawal'],
  identityFields: ['phone'],
  evidenceRequired: true,
  evidenceNote: { th: 'สำเนาบัตรประชาชน', en: 'A copy of your ID card' },
  texts: {
    th: { title: 'คำขอใช้สิทธิ', intro: 'คำชี้แจง', consentText: 'ข้าพเจ้ายินยอม' },
    en: { title: 'Request', intro: 'Intro', consentText: 'I consent' },
  },
};

/** Data subject requests: the form settings, the public form and tracking, the list, the states and the 30-day clock. */
export function dsrCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const siam = () => ctx.siamAdmin.access_token;
  const viewer = () => ctx.demoViewer.access_token;

  const forms = async (token: string) => {
    const reply = await ctx.api.get('/consents/datasubject/fetch/list', { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return dsrFormListReply.parse(reply.body);
  };
  const list = async (token: string, query = '') => {
    const reply = await ctx.api.get(`/consents/datasubject/list${query}`, { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return dsrListReply.parse(reply.body);
  };
  const request = (formId: string, extra: Record<string, unknown> = {}) => ({
    formId,
    rights: ['access'],
    requesterType: 'subject',
    subject: { firstname: 'ทดสอบ', lastname: 'ผู้ขอ', email: 'subject@example.com', phone: '0812345678' },
    details: 'ขอสำเนาข้อมูล',
    identityEvidence: { name: 'id.png', contentBase64: b64(PNG) },
    consent: true,
    ...extra,
  });
  /** A public request, through its code step: the code read from the outbox (server cases only). */
  const add = async (body: unknown, lang?: 'th' | 'en') => {
    const sent = await ctx.api.post('/consents/datasubject/add', body, { lang });
    if (sent.status !== 200) return sent;
    const code = await lastCode(ctx, dsrPendingReply.parse(sent.body).email);
    return ctx.api.post('/consents/datasubject/verify', { verificationId: sent.body.verificationId, code }, { lang });
  };
  const change = (token: string, body: Record<string, unknown>) => ctx.api.post('/consents/datasubject/state', body, { token });
  const detail = async (requestId: string, token = admin()) => {
    const reply = await ctx.api.get(`/consents/datasubject/state?requestId=${requestId}`, { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return dsrStateReply.parse(reply.body).request!;
  };

  /**
   * The cases' own form and request (HTML in the requester's fields): made by the cases that test
   * making them, or on first need, so that any case runs alone.
   */
  const made = { formId: '', refCode: '', requestId: '' };
  const theForm = async () => {
    if (!made.formId) {
      const reply = await ctx.api.post('/consents/datasubject/form', { ...FORM, name: `${FORM.name} ${XSS}` }, { token: admin() });
      made.formId = dsrFormReply.parse(reply.body).data._id;
    }
    return made.formId;
  };
  const XSS_REQUEST = { subject: { firstname: XSS, lastname: 'ผู้ขอ', email: 'subject@example.com', phone: '<b>081</b>' }, details: XSS };
  const theRequest = async () => {
    if (!made.refCode) made.refCode = dsrAddReply.parse((await add(request(await theForm(), XSS_REQUEST))).body).referenceCode;
    if (!made.requestId) made.requestId = (await list(admin(), `?search=${made.refCode}`)).requestList[0]._id;
    return { formId: made.formId, refCode: made.refCode, requestId: made.requestId };
  };

  describe('request forms (menu 5)', () => {
    shape.it("lists DEMO's demo form to DEMO and not to SIAM", async () => {
      const demo = await forms(admin());
      expect(demo.totalItem).toBeGreaterThanOrEqual(1);
      expect(demo.formList[0].publicLink).toBe(`/datasubject/form/${demo.formList[0]._id}`);
      const other = await forms(siam());
      expect(other.formList.map((f) => f._id)).not.toContain(demo.formList[0]._id);
    });

    shape.it('creates a form; HTML in its texts is kept as text', async () => {
      const reply = await ctx.api.post('/consents/datasubject/form', { ...FORM, name: `${FORM.name} ${XSS}` }, { token: admin() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const { data } = dsrFormReply.parse(reply.body);
      expect(data.name).toBe(`${FORM.name} ${XSS}`);
      expect(data.rights).toEqual(FORM.rights);
      made.formId = data._id;
    });

    shape.it('refuses a form offering no right (400) and the viewer (403 read_only)', async () => {
      expectFailure(await ctx.api.post('/consents/datasubject/form', { ...FORM, rights: [] }, { token: admin() }), 400);
      expectMessage(await ctx.api.post('/consents/datasubject/form', FORM, { token: viewer() }), 403, 'read_only');
    });

    shape.it("updates its own form; another company's form is a 404", async () => {
      const formId = await theForm();
      const reply = await ctx.api.put('/consents/datasubject/form', { ...FORM, dataId: formId, name: 'แบบฟอร์มทดสอบ (แก้ไข)' }, { token: admin() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(dsrFormReply.parse(reply.body).data.name).toBe('แบบฟอร์มทดสอบ (แก้ไข)');
      expectFailure(await ctx.api.put('/consents/datasubject/form', { ...FORM, dataId: formId }, { token: siam() }), 404);
      expectFailure(await ctx.api.get(`/consents/datasubject/fetch/${formId}`, { token: siam() }), 404);
    });

    shape.it('deletes an unused form; another company cannot', async () => {
      const created = dsrFormReply.parse((await ctx.api.post('/consents/datasubject/form', FORM, { token: admin() })).body).data;
      expectFailure(await ctx.api.delete(`/consents/datasubject/form?dataId=${created._id}`, { token: siam() }), 404);
      const reply = await ctx.api.delete(`/consents/datasubject/form?dataId=${created._id}`, { token: admin() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expectFailure(await ctx.api.get(`/consents/datasubject/fetch/${created._id}`, { token: admin() }), 404);
    });
  });

  describe('the public form (no sign-in)', () => {
    rule.it('shows a published form and nothing else of the company', async () => {
      const formId = await theForm();
      const reply = await ctx.api.get(`/consents/datasubject/public/${formId}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const { form } = dsrPublicFormReply.parse(reply.body);
      expect(Object.keys(reply.body.form).sort()).toEqual(
        ['_id', 'controller', 'evidenceNote', 'evidenceRequired', 'identityFields', 'rights', 'texts'].sort(),
      );
      expect(form.controller.nameTh).toBe('บริษัท ไทยดิจิทัลเซอร์วิส จำกัด');
    });

    rule.it('answers 404 for unknown, malformed and unpublished form ids', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-form', '../../etc/passwd']) {
        expectMessage(await ctx.api.get(`/consents/datasubject/public/${encodeURIComponent(id)}`), 404, 'dsr_form_not_found');
        expectMessage(await add(request(id)), 404, 'dsr_form_not_found');
      }
      const closed = dsrFormReply.parse((await ctx.api.post('/consents/datasubject/form', { ...FORM, status: false }, { token: admin() })).body).data;
      expectMessage(await ctx.api.get(`/consents/datasubject/public/${closed._id}`), 404, 'dsr_form_not_found');
      expectMessage(await add(request(closed._id)), 404, 'dsr_form_not_found');
    });

    rule.it('takes a request: a reference code, due 30 days after receipt', async () => {
      const before = Date.now();
      const reply = await add(request(await theForm(), XSS_REQUEST));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const body = dsrAddReply.parse(reply.body);
      expect(body.referenceCode).toMatch(/^DEMO-DSR-\d{4}$/);
      const received = Date.parse(body.receivedAt);
      expect(received).toBeGreaterThanOrEqual(before - 5_000);
      expect(Date.parse(body.dueAt) - received).toBe(30 * DAY);
      made.refCode = body.referenceCode;
    });

    rule.it("puts the request in DEMO's list (received, 30 days left) and not in SIAM's", async () => {
      const { refCode, requestId } = await theRequest();
      const demo = await list(admin());
      const row = demo.requestList.find((r) => r.referenceCode === refCode)!;
      expect(row).toBeDefined();
      expect(row).toMatchObject({ statusId: 1, overdue: false, daysLeft: 30, requesterType: 'subject', assignee: null });
      expect(Date.parse(row.dueAt) - Date.parse(row.receivedAt)).toBe(30 * DAY);
      expect(row._id).toBe(requestId);
      expect((await list(siam())).requestList.map((r) => r._id)).not.toContain(requestId);
      expectFailure(await ctx.api.get(`/consents/datasubject/state?requestId=${requestId}`, { token: siam() }), 404);
    });

    rule.it('keeps HTML and script typed by the requester as text', async () => {
      const { requestId } = await theRequest();
      const r = await detail(requestId);
      expect(r.subject.firstname).toBe(XSS);
      expect(r.subject.phone).toBe('<b>081</b>');
      expect(r.details).toBe(XSS);
      expect(r.files).toEqual([expect.objectContaining({ kind: 'identity', mime: 'image/png', size: PNG.length })]);
      expect(r.history).toEqual([expect.objectContaining({ action: 'received', statusId: 1 })]);
    });

    rule.it("writes the request into DEMO's audit trail as sent from a public page (no account, the address)", async () => {
      const { refCode, requestId } = await theRequest();
      const reply = await ctx.api.get(`/audit/list?entity=dsr_requests&action=create&limit=100`, { token: admin() });
      const entry = reply.body.auditList.find((e: { recordId: string }) => e.recordId === requestId);
      expect(entry).toMatchObject({ userId: null, username: null, after: { reference_code: refCode } });
      expect(entry.ip).toBeTruthy();
      const siamTrail = await ctx.api.get(`/audit/list?entity=dsr_requests&limit=100`, { token: siam() });
      expect(siamTrail.body.auditList.map((e: { recordId: string }) => e.recordId)).not.toContain(requestId);
    });

    rule.it('raises a dsr_new notification for the company', async () => {
      const { refCode } = await theRequest();
      const reply = await ctx.api.get('/user/notification/list?currentPage=1&limit=5', { token: admin() });
      expect(
        reply.body.notificationList.some((n: { kind: string; params: { ref?: string } }) => n.kind === 'dsr_new' && n.params.ref === refCode),
      ).toBe(true);
    });

    rule.it('refuses disguised and oversized uploads', async () => {
      const formId = await theForm();
      const disguised = { name: 'id.png', contentBase64: b64(Buffer.from('<html><script>alert(1)</script></html>')) };
      expectMessage(await add(request(formId, { identityEvidence: disguised })), 400, 'dsr_file_type');
      const gif = { name: 'id.pdf', contentBase64: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7' };
      expectMessage(await add(request(formId, { identityEvidence: gif })), 400, 'dsr_file_type');
      const big = Buffer.concat([PDF, Buffer.alloc(DSR_FILE_MAX_BYTES + 1 - PDF.length)]);
      expectMessage(await add(request(formId, { identityEvidence: { name: 'big.pdf', contentBase64: b64(big) } })), 413, 'dsr_file_too_large');
    });

    rule.it('refuses what the form does not allow or the law requires', async () => {
      const formId = await theForm();
      expectMessage(await add(request(formId, { consent: false })), 400, 'dsr_consent_required');
      expectMessage(await add(request(formId, { rights: ['portability'] })), 400, 'dsr_right_not_offered');
      expectMessage(await add(request(formId, { identityEvidence: undefined })), 400, 'dsr_evidence_required');
      expectMessage(
        await add(request(formId, { subject: { firstname: 'ก', lastname: 'ข', email: 'a@example.com' } }), 'en'),
        400,
        'dsr_identity_field_required',
        'en',
        { field: 'Phone' },
      );
      expectMessage(await add(request(formId, { requesterType: 'representative' })), 400, 'dsr_representative_proof');
      expectFailure(await add(request(formId, { subject: { firstname: 'ก', lastname: 'ข', email: 'not-an-email', phone: '1' } })), 400);
    });

    rule.it('takes a representative with proof of authority; the representative tracks it', async () => {
      const formId = await theForm();
      const reply = await add(
        request(formId, {
          requesterType: 'representative',
          representative: { name: 'ทนาย ความ', relation: 'ผู้รับมอบอำนาจ', email: 'lawyer@example.com' },
          authorityProof: { name: 'poa.pdf', contentBase64: b64(PDF) },
        }),
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const { referenceCode } = dsrAddReply.parse(reply.body);
      const tracked = await ctx.api.post('/consents/datasubject/tracking', { referenceCode, email: 'LAWYER@example.com' });
      expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    });
  });

  describe('tracking (no sign-in)', () => {
    rule.it('shows the status history only', async () => {
      const { refCode } = await theRequest();
      const reply = await ctx.api.post('/consents/datasubject/tracking', { referenceCode: refCode, email: 'subject@example.com' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(['history', 'referenceCode', 'status', 'statusId']);
      const body = dsrTrackingReply.parse(reply.body);
      expect(body).toMatchObject({ referenceCode: refCode, statusId: 1 });
      expect(body.history.map((h) => h.statusId)).toEqual([1]);
    });

    rule.it('answers a wrong e-mail or code with the same 404', async () => {
      const { refCode } = await theRequest();
      expectMessage(
        await ctx.api.post('/consents/datasubject/tracking', { referenceCode: refCode, email: 'other@example.com' }),
        404,
        'dsr_tracking_not_found',
      );
      expectMessage(
        await ctx.api.post('/consents/datasubject/tracking', { referenceCode: 'DEMO-DSR-9999', email: 'subject@example.com' }),
        404,
        'dsr_tracking_not_found',
      );
    });
  });

  describe('working a request (menu 5)', () => {
    shape.it('lists the states with their status ids', async () => {
      const reply = await ctx.api.get('/consents/datasubject/state', { token: viewer() });
      const { stateList } = dsrStateReply.parse(reply.body);
      expect(stateList.map((s) => [s.key, s.statusId])).toEqual([
        ['received', 1],
        ['verifying', 2],
        ['inReview', 3],
        ['fulfilled', 4],
        ['partial', 5],
        ['refused', 6],
        ['closed', 7],
      ]);
    });

    rule.it('refuses illegal transitions (409), the viewer (403) and another company (404)', async () => {
      const { requestId } = await theRequest();
      expectMessage(await change(admin(), { requestId, statusId: 4, proof: { text: 'done' } }), 409, 'dsr_transition', 'th', {
        from: 'รับคำขอแล้ว',
        to: 'ดำเนินการแล้ว',
      });
      expectMessage(await change(viewer(), { requestId, statusId: 2 }), 403, 'read_only');
      expectFailure(await change(siam(), { requestId, statusId: 2 }), 404);
    });

    rule.it('works the request to fulfilled with proof, each step in the history and the tracking', async () => {
      const { refCode, requestId } = await theRequest();
      for (const statusId of [2, 3]) {
        const reply = await change(admin(), { requestId, statusId, note: 'ok' });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        expect(dsrRequestReply.parse(reply.body).request.statusId).toBe(statusId);
      }
      expectMessage(await change(admin(), { requestId, statusId: 4 }), 400, 'dsr_proof_required');
      // accepted, the request has a task per data-map system holding its data: each gets its result first
      const tasks = await ctx.api.get(`/dsr-tasks?filter=${encodeURIComponent(JSON.stringify({ requestId }))}&range=[0,99]`, { token: admin() });
      for (const task of tasks.body.data as { id: string }[]) {
        expect((await ctx.api.put(`/dsr-tasks/${task.id}`, { state: 'done' }, { token: admin() })).status).toBe(200);
      }
      const done = await change(admin(), {
        requestId,
        statusId: 4,
        proof: { text: `ส่งสำเนาแล้ว ${XSS}`, file: { name: 'proof.pdf', contentBase64: b64(PDF) } },
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const r = dsrRequestReply.parse(done.body).request;
      expect(r).toMatchObject({ statusId: 4, proofText: `ส่งสำเนาแล้ว ${XSS}`, overdue: false, nextStatusIds: [7] });
      expect(r.files.map((f) => f.kind).sort()).toEqual(['identity', 'proof']);
      expect(r.history.map((h) => h.statusId)).toEqual([1, 2, 3, 4]);
      const tracked = dsrTrackingReply.parse(
        (await ctx.api.post('/consents/datasubject/tracking', { referenceCode: refCode, email: 'subject@example.com' })).body,
      );
      expect(tracked.history.map((h) => h.statusId)).toEqual([1, 2, 3, 4]);
      expectMessage(await change(admin(), { requestId, statusId: 3 }), 409, 'dsr_transition', 'th', { from: 'ดำเนินการแล้ว', to: 'กำลังพิจารณา' });
    });

    rule.it('downloads an evidence file as it was sent', async () => {
      const { requestId } = await theRequest();
      const r = await detail(requestId);
      const file = r.files.find((f) => f.kind === 'identity')!;
      const reply = await ctx.api.get(`/consents/datasubject/file?requestId=${requestId}&fileId=${file._id}`, { token: admin() });
      expect(reply.status).toBe(200);
      expect(reply.bytes.equals(PNG)).toBe(true);
      expectFailure(await ctx.api.get(`/consents/datasubject/file?requestId=${requestId}&fileId=${file._id}`, { token: siam() }), 404);
    });

    rule.it('puts an opened identity document in the audit trail: who, which file, of which request', async () => {
      const { requestId } = await theRequest();
      const r = await detail(requestId);
      const file = r.files.find((f) => f.kind === 'identity')!;
      expect((await ctx.api.get(`/consents/datasubject/file?requestId=${requestId}&fileId=${file._id}`, { token: admin() })).status).toBe(200);
      const trail = await ctx.api.get('/audit/list?action=export&entity=dsr_files', { token: admin() });
      expect(trail.body.auditList[0]).toMatchObject({
        recordId: file._id,
        userId: ctx.demoAdmin.user._id,
        after: { requestId, name: file.name },
      });
    });

    rule.it('refuses a request only with a legal ground and reasons, into the refusal log', async () => {
      const formId = await theForm();
      const { referenceCode } = dsrAddReply.parse((await add(request(formId))).body);
      const id = (await list(admin(), `?search=${referenceCode}`)).requestList[0]._id;
      expectMessage(await change(admin(), { requestId: id, statusId: 6 }), 400, 'dsr_refusal_required');
      const reply = await change(admin(), { requestId: id, statusId: 6, refusal: { legalGround: 'identity_unverified', reasons: 'บัตรหมดอายุ' } });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(dsrRequestReply.parse(reply.body).request.refusal).toEqual({ legalGround: 'identity_unverified', reasons: 'บัตรหมดอายุ' });
      if (ctx.db) {
        const rows = await ctx.db.query<{ legal_ground: string }>('select legal_ground from dsr_refusals where reference_code = $1', [referenceCode]);
        expect(rows).toEqual([{ legal_ground: 'identity_unverified' }]);
      }
      expectMessage(await ctx.api.delete(`/consents/datasubject/state?requestId=${id}`, { token: admin() }), 409, 'dsr_delete_worked');
    });

    rule.it('extends the clock once, with a reason e-mailed to the requester', async () => {
      const formId = await theForm();
      const { referenceCode, dueAt } = dsrAddReply.parse((await add(request(formId))).body);
      const id = (await list(admin(), `?search=${referenceCode}`)).requestList[0]._id;
      expectFailure(await ctx.api.post('/consents/datasubject/extend', { requestId: id, days: 10, reason: '' }, { token: admin() }), 400);
      const reply = await ctx.api.post('/consents/datasubject/extend', { requestId: id, days: 10, reason: 'ข้อมูลอยู่หลายระบบ' }, { token: admin() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const r = dsrRequestReply.parse(reply.body).request;
      expect(Date.parse(r.dueAt) - Date.parse(dueAt)).toBe(10 * DAY);
      expect(r).toMatchObject({ extended: true, daysLeft: 40, extension: { days: 10, reason: 'ข้อมูลอยู่หลายระบบ' } });
      expectMessage(
        await ctx.api.post('/consents/datasubject/extend', { requestId: id, days: 5, reason: 'อีกครั้ง' }, { token: admin() }),
        409,
        'dsr_already_extended',
      );
      if (ctx.db) {
        const mails = await ctx.db.query<{ template: string; body: string }>(
          "select template, body from mail_outbox where to_address = 'subject@example.com' order by id",
        );
        expect(mails.map((m) => m.template)).toContain('dsr_received');
        expect(mails.at(-1)).toMatchObject({ template: 'dsr_extended' });
        expect(mails.at(-1)!.body).toContain('ข้อมูลอยู่หลายระบบ');
      }
      // an extended request was worked on: it stays as proof
      const deleted = await ctx.api.delete(`/consents/datasubject/state?requestId=${id}`, { token: admin() });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(409);
    });

    rule.it('deletes a request still received; the viewer cannot', async () => {
      const formId = await theForm();
      const { referenceCode } = dsrAddReply.parse((await add(request(formId))).body);
      const id = (await list(admin(), `?search=${referenceCode}`)).requestList[0]._id;
      expectMessage(await ctx.api.delete(`/consents/datasubject/state?requestId=${id}`, { token: viewer() }), 403, 'read_only');
      const reply = await ctx.api.delete(`/consents/datasubject/state?requestId=${id}`, { token: admin() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expectFailure(await ctx.api.get(`/consents/datasubject/state?requestId=${id}`, { token: admin() }), 404);
    });

    rule.it('assigns a user of the company only', async () => {
      const { requestId } = await theRequest();
      const { assignees } = (await ctx.api.get('/consents/datasubject/assignees', { token: admin() })).body as { assignees: { _id: string }[] };
      const reply = await ctx.api.put('/consents/datasubject/assign', { requestId, assigneeId: assignees[0]._id }, { token: admin() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(dsrRequestReply.parse(reply.body).request.assignee?._id).toBe(assignees[0]._id);
      const siamPeople = (await ctx.api.get('/consents/datasubject/assignees', { token: siam() })).body.assignees as { _id: string }[];
      expectMessage(
        await ctx.api.put('/consents/datasubject/assign', { requestId, assigneeId: siamPeople[0]._id }, { token: admin() }),
        400,
        'dsr_assignee_unknown',
      );
    });

    rule.it('shows the demo overdue request with negative days left', async () => {
      const overdue = await list(viewer(), '?overdue=true');
      expect(overdue.totalItem).toBeGreaterThanOrEqual(1);
      for (const row of overdue.requestList) {
        expect(row.overdue).toBe(true);
        expect(row.daysLeft).toBeLessThan(0);
      }
      const states = await list(viewer(), '?statusId=6');
      expect(states.requestList.every((r) => r.statusId === 6)).toBe(true);
    });

    rule.it('13/11: the CSV is what the list shows — its search and filters — with Buddhist-era dates and ISO columns', async () => {
      const { refCode } = await theRequest();
      /** The CSV's rows as cells (quoted cells may hold commas), without the BOM. */
      const csv = async (query: string, lang: 'th' | 'en' = 'th') => {
        const reply = await ctx.api.get(`/consents/datasubject/export${query}`, { token: viewer(), lang });
        expect(reply.status).toBe(200);
        const lines = reply.bytes
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter(Boolean);
        return lines.map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')));
      };
      for (const query of [
        `?search=${encodeURIComponent(refCode)}`,
        '?overdue=true',
        '?statusId=6',
        `?search=${encodeURIComponent('ไม่มีคำขอนี้แน่นอน')}`,
        '',
      ]) {
        const shown = await list(viewer(), `${query}${query ? '&' : '?'}limit=100`);
        const [, ...rows] = await csv(query);
        expect(
          rows.map((r) => r[0]),
          query,
        ).toEqual(shown.requestList.map((r) => r.referenceCode));
      }
      const shown = (await list(viewer(), `?search=${encodeURIComponent(refCode)}`)).requestList[0];
      for (const lang of ['th', 'en'] as const) {
        const [head, row] = await csv(`?search=${encodeURIComponent(refCode)}`, lang);
        const at = (name: string) => row[head.indexOf(name)];
        const names =
          lang === 'th'
            ? ['วันที่รับคำขอ', 'วันครบกำหนด', 'วันที่รับคำขอ (ISO 8601)', 'วันครบกำหนด (ISO 8601)']
            : ['Received', 'Due', 'Received (ISO 8601)', 'Due (ISO 8601)'];
        expect(at(names[0])).toBe(formatDate(shown.receivedAt, lang));
        expect(at(names[1])).toBe(formatDate(shown.dueAt, lang));
        expect(at(names[0])).toMatch(/25\d\d/);
        expect(at(names[2])).toBe(shown.receivedAt);
        expect(at(names[3])).toBe(shown.dueAt);
      }
    });

    rule.it('exports the list as CSV with a BOM', async () => {
      const { refCode } = await theRequest();
      const reply = await ctx.api.get('/consents/datasubject/export', { token: viewer() });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toContain('text/csv');
      expect(reply.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
      const text = reply.bytes.toString('utf8');
      expect(text).toContain(refCode);
      expect(text).toContain('เลขอ้างอิง');
      const siamCsv = (await ctx.api.get('/consents/datasubject/export', { token: siam() })).bytes.toString('utf8');
      expect(siamCsv).not.toContain(refCode);
    });
  });
}
