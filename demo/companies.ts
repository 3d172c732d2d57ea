/**
 * The demo companies of the README, their people and notifications: plain data, written into the
 * database by the server's seed (server/db/seed.ts), whose replies the fake-api serves as recorded
 * (npm run fake:record). Change them here, then record again.
 */
import type { BuiltinRoleKey } from '../contract/roles';
import type { NotificationKind } from '../contract/notifications';
import { evaluationLink } from '../contract/risk';
import { BREACH_DEMO_CLOCK_TITLE, breachDemoId } from './breach';
import { RISK_DEMO, riskDemoEvaluationId } from './risk';

export interface DemoUser {
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  email: string;
  role: BuiltinRoleKey;
  subId?: string;
}

export interface DemoNotification {
  /** true: the company's first user's own; false: for everyone in the company */
  own: boolean;
  kind: NotificationKind;
  params: Record<string, string | number>;
  link: string | null;
  hoursAgo: number;
}

export interface DemoCompany {
  code: string;
  detail: {
    nameTh: string;
    nameEn: string;
    address: string;
    taxId: string;
    phone: string;
    email: string;
    website: string;
    dpoContact: { name: string; email: string; phone: string };
  };
  /** the first one is the administrator who works the demo requests and owns a notification */
  users: DemoUser[];
}

export const DEMO_COMPANY: DemoCompany = {
  code: 'DEMO',
  detail: {
    nameTh: 'บริษัท ไทยดิจิทัลเซอร์วิส จำกัด',
    nameEn: 'Thai Digital Service Co., Ltd.',
    address: '99/9 อาคารสาทรทาวเวอร์ ชั้น 12 ถนนสาทรใต้ แขวงยานนาวา เขตสาทร กรุงเทพมหานคร 10120',
    taxId: '0105561000003',
    phone: '02-123-4567',
    email: 'privacy@thaidigital.example',
    website: 'https://thaidigital.example',
    dpoContact: { name: 'คุณสมศรี ใจดี', email: 'dpo@thaidigital.example', phone: '02-123-4568' },
  },
  users: [
    { username: 'admin', password: 'admin1234', firstname: 'สมชาย', lastname: 'ใจดี', email: 'admin@thaidigital.example', role: 'admin' },
    { username: 'viewer', password: 'viewer1234', firstname: 'สมหญิง', lastname: 'รักงาน', email: 'viewer@thaidigital.example', role: 'viewer' },
    {
      username: 'contact1',
      password: 'contact1234',
      firstname: 'วิชัย',
      lastname: 'ติดต่อดี',
      email: 'contact1@partner.example',
      role: 'contact',
      subId: 'CT-0001',
    },
    { username: 'dpo', password: 'dpo1234567', firstname: 'สมศรี', lastname: 'ใจดี', email: 'dpo@thaidigital.example', role: 'dpo' },
  ],
};

export const SIAM_COMPANY: DemoCompany = {
  code: 'SIAM',
  detail: {
    nameTh: 'บริษัท สยามค้าปลีก จำกัด (มหาชน)',
    nameEn: 'Siam Retail PCL',
    address: '1 ถนนพระราม 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330',
    taxId: '0107562000009',
    phone: '02-765-4321',
    email: 'dpo@siamretail.example',
    website: 'https://siamretail.example',
    dpoContact: { name: 'คุณประเสริฐ มั่นคง', email: 'dpo@siamretail.example', phone: '02-765-4300' },
  },
  users: [{ username: 'admin', password: 'admin1234', firstname: 'ประเสริฐ', lastname: 'มั่นคง', email: 'admin@siamretail.example', role: 'admin' }],
};

export const DEMO_COMPANIES: DemoCompany[] = [DEMO_COMPANY, SIAM_COMPANY];

/** Each company's notifications (they name its first demo request). */
export const demoNotifications = (company: DemoCompany): DemoNotification[] => [
  { own: false, kind: 'welcome', params: { company: company.detail.nameTh }, link: '/', hoursAgo: 72 },
  { own: false, kind: 'dsr_new', params: { ref: `${company.code}-DSR-0001` }, link: '/consents/datasubject/list', hoursAgo: 20 },
  { own: false, kind: 'dsr_due', params: { ref: `${company.code}-DSR-0001`, days: 7 }, link: '/consents/datasubject/list', hoursAgo: 6 },
  // the 48-hour warning of the company's first demo breach (demo/breach.ts), sent when it was due
  {
    own: false,
    kind: 'breach_clock',
    params: { title: BREACH_DEMO_CLOCK_TITLE, hours: 24 },
    link: `/databreach/create/${breachDemoId(company.code, 1)}`,
    hoursAgo: 3,
  },
  // the admin was told when the company's demo evaluation was finished (demo/risk.ts); it opens that evaluation
  ...finishedDemoEvaluations(company.code).map(({ title, id }) => ({
    own: true,
    kind: 'evaluation_finished' as const,
    params: { title },
    link: evaluationLink(id),
    hoursAgo: 1,
  })),
];

/** A company's finished demo evaluations (none for a company without demo risk data), with their ids. */
const finishedDemoEvaluations = (code: string) =>
  (RISK_DEMO[code]?.evaluations ?? []).flatMap((e, i) =>
    e.status === 'completed' ? [{ title: e.name, id: riskDemoEvaluationId(code, i + 1) }] : [],
  );
