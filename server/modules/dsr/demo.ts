import { addDays } from '../../../contract/clock';
import type { Queryable } from '../../db/client';

const daysAgo = (d: number) => addDays(new Date(), -d);

/** The demo company's request form and requests in several states (one overdue), for the README's accounts. */
export async function seedDsrDemo(q: Queryable, companyId: string, code: string, staffId: string) {
  const [{ id: formId }] = await q.query<{ id: string }>(
    `insert into dsr_forms (company_id, name, published, rights, identity_fields, evidence_required, evidence_note, texts)
     values ($1, $2, true, $3, $4, true, $5, $6) returning id`,
    [
      companyId,
      'แบบฟอร์มคำขอใช้สิทธิของลูกค้า',
      ['access', 'portability', 'objection', 'erasure', 'restriction', 'rectification', 'withdrawal'],
      ['phone', 'idNumber'],
      JSON.stringify({
        th: 'สำเนาบัตรประจำตัวประชาชนพร้อมลงลายมือชื่อรับรองสำเนาถูกต้อง',
        en: 'A signed copy of your national ID card or passport',
      }),
      JSON.stringify({
        th: {
          title: 'แบบฟอร์มคำขอใช้สิทธิของเจ้าของข้อมูลส่วนบุคคล',
          intro: 'ท่านสามารถใช้สิทธิตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 ผ่านแบบฟอร์มนี้ บริษัทจะตอบภายใน 30 วันนับแต่วันที่ได้รับคำขอ',
          consentText: 'ข้าพเจ้ายินยอมให้บริษัทเก็บรวบรวมและใช้ข้อมูลในแบบฟอร์มนี้เพื่อยืนยันตัวตนและดำเนินการตามคำขอเท่านั้น',
        },
        en: {
          title: 'Data subject request form',
          intro: 'Use this form to exercise your rights under the Personal Data Protection Act B.E. 2562. We answer within 30 days of receiving your request.',
          consentText: 'I consent to the company collecting and using the data in this form only to verify my identity and handle my request.',
        },
      }),
    ],
  );
  // [status, received days ago, rights, first name, last name, e-mail, extra]
  const requests: [number, number, string[], string, string, string, { refusal?: [string, string]; proof?: string; dueNotified?: boolean }][] = [
    [2, 26, ['access'], 'สมชาย', 'ใจดี', 'somchai@example.com', { dueNotified: true }],
    [3, 35, ['erasure'], 'สมหญิง', 'รักสงบ', 'somying@example.com', {}],
    [4, 20, ['rectification'], 'วิชัย', 'มั่นคง', 'wichai@example.com', { proof: 'แก้ไขที่อยู่ในระบบลูกค้าแล้ว และแจ้งผลทางอีเมลเมื่อวันที่ดำเนินการ' }],
    [6, 15, ['erasure', 'objection'], 'มานะ', 'อดทน', 'mana@example.com', {
      refusal: ['s33_retention', 'ต้องเก็บข้อมูลการซื้อขายไว้ 5 ปีตามกฎหมายบัญชี จึงลบได้หลังครบกำหนด'],
    }],
    [1, 2, ['portability'], 'ปิติ', 'ยินดี', 'piti@example.com', {}],
  ];
  let n = 0;
  for (const [statusId, age, rights, firstname, lastname, email, extra] of requests) {
    n += 1;
    const ref = `${code}-DSR-${String(n).padStart(4, '0')}`;
    const receivedAt = daysAgo(age);
    const [{ id }] = await q.query<{ id: string }>(
      `insert into dsr_requests (company_id, form_id, reference_code, status_id, rights, requester_type, subject, email, details,
                                 received_at, due_at, refusal_ground, refusal_reasons, proof_text, assignee_id, due_notified_at)
       values ($1, $2, $3, $4, $5, 'subject', $6, $7, $8, $9, $9::timestamptz + interval '720 hours', $10, $11, $12, $13, $14) returning id`,
      [
        companyId,
        formId,
        ref,
        statusId,
        rights,
        JSON.stringify({ firstname, lastname, email, phone: '081-234-5678', idNumber: '1100100000001' }),
        email,
        'ขอใช้สิทธิเกี่ยวกับข้อมูลที่ให้ไว้เมื่อสมัครสมาชิก',
        receivedAt.toISOString(),
        extra.refusal?.[0] ?? null,
        extra.refusal?.[1] ?? null,
        extra.proof ?? null,
        statusId > 1 ? staffId : null,
        extra.dueNotified ? new Date().toISOString() : null,
      ],
    );
    const history: [number, number, string][] = [[1, age, '']];
    // each step a day after the previous one
    for (let s = 2; s <= Math.min(statusId, 3); s++) history.push([s, age - (s - 1), '']);
    if (statusId >= 4) history.push([statusId, age - 3, extra.proof ?? extra.refusal?.[1] ?? '']);
    for (const [i, [s, ago, note]] of history.entries()) {
      await q.query(
        `insert into dsr_history (company_id, request_id, action, status_id, note, actor_id, at) values ($1, $2, $3, $4, $5, $6, $7)`,
        [companyId, id, i === 0 ? 'received' : 'state', s, note, i === 0 ? null : staffId, daysAgo(ago).toISOString()],
      );
    }
    if (extra.refusal) {
      await q.query(
        `insert into dsr_refusals (company_id, request_id, reference_code, rights, legal_ground, reasons, refused_by, refused_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [companyId, id, ref, rights, extra.refusal[0], extra.refusal[1], staffId, daysAgo(age - 3).toISOString()],
      );
    }
  }
  await q.query('insert into dsr_counters (company_id, last) values ($1, $2)', [companyId, n]);
}
