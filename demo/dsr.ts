/** Each demo company's data subject request form and requests in several states (one overdue). */
import type { DsrChannel, DsrFormInput, DsrRight, RefusalGround } from '../contract/dsr';

export const DSR_DEMO_FORM: DsrFormInput = {
  name: 'แบบฟอร์มคำขอใช้สิทธิของลูกค้า',
  status: true,
  rights: ['access', 'portability', 'objection', 'erasure', 'restriction', 'rectification', 'withdrawal'],
  identityFields: ['phone', 'idNumber'],
  evidenceRequired: true,
  evidenceNote: {
    th: 'สำเนาบัตรประจำตัวประชาชนพร้อมลงลายมือชื่อรับรองสำเนาถูกต้อง',
    en: 'A signed copy of your national ID card or passport',
  },
  texts: {
    th: {
      title: 'แบบฟอร์มคำขอใช้สิทธิของเจ้าของข้อมูลส่วนบุคคล',
      intro: 'ท่านสามารถใช้สิทธิตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 ผ่านแบบฟอร์มนี้ บริษัทจะตอบภายใน 30 วันนับแต่วันที่ได้รับคำขอ',
      consentText: 'ข้าพเจ้ายินยอมให้บริษัทเก็บรวบรวมและใช้ข้อมูลในแบบฟอร์มนี้เพื่อยืนยันตัวตนและดำเนินการตามคำขอเท่านั้น',
    },
    en: {
      title: 'Data subject request form',
      intro:
        'Use this form to exercise your rights under the Personal Data Protection Act B.E. 2562. We answer within 30 days of receiving your request.',
      consentText: 'I consent to the company collecting and using the data in this form only to verify my identity and handle my request.',
    },
  },
};

export interface DemoDsrRequest {
  statusId: number;
  receivedDaysAgo: number;
  rights: DsrRight[];
  firstname: string;
  lastname: string;
  email: string;
  refusal?: { ground: RefusalGround; reasons: string };
  proof?: string;
  /** its due-soon notification was sent already */
  dueNotified?: boolean;
  /** taken by staff: how it came (absent: the public form) */
  channel?: Exclude<DsrChannel, 'web'>;
}

export const DSR_DEMO_SUBJECT = { phone: '081-234-5678', idNumber: '1100100000001' };
export const DSR_DEMO_DETAILS = 'ขอใช้สิทธิเกี่ยวกับข้อมูลที่ให้ไว้เมื่อสมัครสมาชิก';

/** In reference-code order (`<code>-DSR-0001` first). Worked by the company's first demo user. */
export const DSR_DEMO_REQUESTS: DemoDsrRequest[] = [
  { statusId: 2, receivedDaysAgo: 26, rights: ['access'], firstname: 'สมชาย', lastname: 'ใจดี', email: 'somchai@example.com', dueNotified: true },
  { statusId: 3, receivedDaysAgo: 35, rights: ['erasure'], firstname: 'สมหญิง', lastname: 'รักสงบ', email: 'somying@example.com' },
  {
    statusId: 4,
    receivedDaysAgo: 20,
    rights: ['rectification'],
    firstname: 'วิชัย',
    lastname: 'มั่นคง',
    email: 'wichai@example.com',
    channel: 'phone',
    proof: 'แก้ไขที่อยู่ในระบบลูกค้าแล้ว และแจ้งผลทางอีเมลเมื่อวันที่ดำเนินการ',
  },
  {
    statusId: 6,
    receivedDaysAgo: 15,
    rights: ['erasure', 'objection'],
    firstname: 'มานะ',
    lastname: 'อดทน',
    email: 'mana@example.com',
    channel: 'post',
    refusal: { ground: 's33_retention', reasons: 'ต้องเก็บข้อมูลการซื้อขายไว้ 5 ปีตามกฎหมายบัญชี จึงลบได้หลังครบกำหนด' },
  },
  { statusId: 1, receivedDaysAgo: 2, rights: ['portability'], firstname: 'ปิติ', lastname: 'ยินดี', email: 'piti@example.com' },
  {
    statusId: 4,
    receivedDaysAgo: 9,
    rights: ['access'],
    firstname: 'สุดา',
    lastname: 'มีสุข',
    email: 'suda@example.com',
    proof: 'ส่งหนังสือตอบพร้อมสำเนาข้อมูล (PDF และ ZIP) ทางอีเมลแล้ว',
  },
];

/** The access pack sent for the access request above (`<code>-DSR-0006`): built from the company's ROPA and consent records. */
export const DSR_DEMO_PACK = {
  requestNumber: 6,
  sentDaysAgo: 6,
  channel: 'email' as const,
  note: 'ส่งหนังสือตอบและไฟล์ข้อมูลไปที่อีเมลที่ใช้ยื่นคำขอ',
};

/** A request's history: received, then each step a day after the previous one, the answer on day 3. [statusId, days ago, note] */
export function dsrDemoHistory(r: DemoDsrRequest): [statusId: number, daysAgo: number, note: string][] {
  const history: [number, number, string][] = [[1, r.receivedDaysAgo, '']];
  for (let s = 2; s <= Math.min(r.statusId, 3); s++) history.push([s, r.receivedDaysAgo - (s - 1), '']);
  if (r.statusId >= 4) history.push([r.statusId, r.receivedDaysAgo - 3, r.proof ?? r.refusal?.reasons ?? '']);
  return history;
}
