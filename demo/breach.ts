/**
 * The breach log's demo records (menu 17): one breach still within its 72 hours, one notified late with
 * its reasons, one closed with no risk. Times are hours before the seed runs, so the clock always looks
 * alive. Plain data, shared by the server's seed and the fake-api's fixtures.
 */
import type { BreachStatus, FactorGrade, NoticeTarget } from '../contract/breach';

/** A demo breach's id, the same in the seed and the fake (the demo notification links to the first). */
export function breachDemoId(companyCode: string, n: number): string {
  const code = [...companyCode]
    .map((c) => c.charCodeAt(0).toString(16))
    .join('')
    .padEnd(12, '0')
    .slice(0, 12);
  return `b7eac400-0000-4000-8${n.toString(16).padStart(3, '0')}-${code}`;
}

export interface DemoBreach {
  title: string;
  discovery: string;
  awareHoursAgo: number;
  occurredHoursAgo: number | null;
  createdHoursAgo: number;
  cia: { confidentiality: boolean; integrity: boolean; availability: boolean };
  /** data category names of the company's register (demo/registers.ts) */
  categories: string[];
  sensitiveData: boolean;
  subjectsCount: number | null;
  subjectsEstimated: boolean;
  recordsCount: number | null;
  recordsEstimated: boolean;
  vulnerableGroups: ('children' | 'patients' | 'elderly' | 'disabled')[];
  systems: string[];
  processor: string;
  cause: string;
  containment: string;
  consequences: string;
  status: BreachStatus;
  assessment: {
    level: 'none' | 'risk' | 'high';
    hoursAgo: number;
    factors: {
      sensitivity: FactorGrade;
      volume: FactorGrade;
      identifiability: FactorGrade;
      severity: FactorGrade;
      wider: FactorGrade;
      controller: FactorGrade;
      vulnerable: boolean;
      encrypted: boolean;
      recovered: boolean;
    };
    rationale: string;
  } | null;
  notices: { target: NoticeTarget; hoursAgo: number; channel: 'pdpc_eservice' | 'email' | 'sms'; reference: string; lateReasons: string }[];
  /** the bell warnings already sent (0, 48, 60, 72) */
  clockStage: 0 | 48 | 60 | 72;
  /**
   * the timeline after "recorded": [action, status, hours ago, what a person typed, what the system
   * wrote as data (worded in the reader's language: {level}, {target, channel, reference, late})]
   */
  timeline: ['assessed' | 'state' | 'notice' | 'note', BreachStatus, number, string, Record<string, unknown>?][];
}

/** The breach still on its clock: aware 51 hours ago, the 48-hour warning sent 3 hours ago (21 hours left). */
export const BREACH_DEMO_CLOCK_TITLE = 'อีเมลลูกค้ารั่วไหล';

const withinClock: DemoBreach = {
  title: BREACH_DEMO_CLOCK_TITLE,
  discovery: 'ลูกค้าแจ้งผ่าน Call Center ว่าได้รับอีเมลจดหมายข่าวที่มีรายชื่อและอีเมลของลูกค้าคนอื่นอยู่ในช่องผู้รับ (To) ทีมการตลาดตรวจสอบแล้วพบจริง',
  awareHoursAgo: 51,
  occurredHoursAgo: 54,
  createdHoursAgo: 50,
  cia: { confidentiality: true, integrity: false, availability: false },
  categories: ['ชื่อ-นามสกุล', 'ที่อยู่และช่องทางติดต่อ'],
  sensitiveData: false,
  subjectsCount: 12500,
  subjectsEstimated: true,
  recordsCount: 12500,
  recordsEstimated: true,
  vulnerableGroups: [],
  systems: ['ระบบส่งจดหมายข่าว', 'ระบบสมาชิก (CRM)'],
  processor: 'MailFlow Pte. Ltd.',
  cause: 'พนักงานตั้งค่าแคมเปญผิด ใส่รายชื่อผู้รับทั้งหมดในช่อง To แทน BCC',
  containment: 'ระงับแคมเปญ ขอให้ MailFlow เรียกคืนอีเมลที่ยังไม่ส่ง (ประมาณ 3,000 ฉบับ) และเปลี่ยนสิทธิส่งแคมเปญให้ต้องมีผู้อนุมัติ',
  consequences: 'ผู้รับเห็นชื่อและอีเมลของลูกค้าคนอื่น อาจถูกนำไปใช้ส่งอีเมลหลอกลวง (ฟิชชิง) หรือสแปม',
  status: 'assessing',
  assessment: {
    level: 'risk',
    hoursAgo: 30,
    factors: {
      sensitivity: 'low',
      volume: 'high',
      identifiability: 'high',
      severity: 'medium',
      wider: 'medium',
      controller: 'low',
      vulnerable: false,
      encrypted: false,
      recovered: false,
    },
    rationale: 'ชื่อและอีเมลไม่ใช่ข้อมูลอ่อนไหว แต่จำนวนมากและระบุตัวบุคคลได้ทันที เสี่ยงต่อฟิชชิง จึงต้องแจ้ง สคส. แต่ผลกระทบไม่ร้ายแรงถึงขั้นต้องแจ้งเจ้าของข้อมูลทุกราย',
  },
  notices: [],
  clockStage: 48,
  timeline: [
    ['state', 'assessing', 40, 'เริ่มประเมินร่วมกับฝ่ายการตลาดและ DPO'],
    ['assessed', 'assessing', 30, 'ชื่อและอีเมลจำนวนมาก ระบุตัวบุคคลได้', { level: 'risk' }],
    ['note', 'assessing', 6, 'ร่างหนังสือแจ้ง สคส. รอผู้บริหารลงนาม'],
  ],
};

const notifiedLate: DemoBreach = {
  title: 'แฟ้มผลตรวจสุขภาพพนักงานส่งผิดผู้รับ',
  discovery: 'ฝ่ายบุคคลพบว่าไฟล์ผลตรวจสุขภาพประจำปีของพนักงานสาขาบางนาถูกแนบไปกับอีเมลถึงบริษัทคู่ค้าโดยผิดพลาด',
  awareHoursAgo: 20 * 24,
  occurredHoursAgo: 20 * 24 + 5,
  createdHoursAgo: 20 * 24 - 2,
  cia: { confidentiality: true, integrity: false, availability: false },
  categories: ['ชื่อ-นามสกุล', 'ข้อมูลสุขภาพ'],
  sensitiveData: true,
  subjectsCount: 86,
  subjectsEstimated: false,
  recordsCount: 86,
  recordsEstimated: false,
  vulnerableGroups: ['patients'],
  systems: ['อีเมลองค์กร'],
  processor: '',
  cause: 'พนักงานเลือกไฟล์แนบผิดเมื่อส่งเอกสารสัญญาให้คู่ค้า',
  containment: 'ติดต่อคู่ค้าให้ลบอีเมลและยืนยันเป็นหนังสือว่าลบแล้ว เพิ่มการเข้ารหัสไฟล์ผลตรวจสุขภาพด้วยรหัสผ่าน',
  consequences: 'ข้อมูลสุขภาพเป็นข้อมูลอ่อนไหว อาจทำให้พนักงานถูกเลือกปฏิบัติหรือเสียชื่อเสียง',
  status: 'contained',
  assessment: {
    level: 'high',
    hoursAgo: 20 * 24 - 30,
    factors: {
      sensitivity: 'high',
      volume: 'low',
      identifiability: 'high',
      severity: 'high',
      wider: 'low',
      controller: 'medium',
      vulnerable: true,
      encrypted: false,
      recovered: false,
    },
    rationale: 'ข้อมูลสุขภาพ (มาตรา 26) ระบุตัวพนักงานได้ และอาจก่อความเสียหายร้ายแรง จึงเป็นความเสี่ยงสูง ต้องแจ้งทั้ง สคส. และพนักงานที่ได้รับผลกระทบ',
  },
  notices: [
    { target: 'subjects', hoursAgo: 20 * 24 - 50, channel: 'email', reference: 'HR-2569-117', lateReasons: '' },
    {
      target: 'office',
      hoursAgo: 20 * 24 - 96,
      channel: 'pdpc_eservice',
      reference: 'PDPC-BN-2569-004512',
      lateReasons: 'ต้องรอคู่ค้ายืนยันขอบเขตการเปิดเผยและจำนวนผู้ได้รับผลกระทบที่แน่นอน ซึ่งได้รับเมื่อพ้น 72 ชั่วโมงแล้ว',
    },
  ],
  clockStage: 72,
  timeline: [
    ['assessed', 'assessing', 20 * 24 - 30, 'ข้อมูลสุขภาพของพนักงาน', { level: 'high' }],
    ['notice', 'notified', 20 * 24 - 50, '', { target: 'subjects', channel: 'email', reference: 'HR-2569-117', late: false }],
    ['notice', 'notified', 20 * 24 - 96, '', { target: 'office', channel: 'pdpc_eservice', reference: 'PDPC-BN-2569-004512', late: true }],
    ['state', 'contained', 20 * 24 - 120, 'คู่ค้ายืนยันเป็นหนังสือว่าลบอีเมลแล้ว'],
  ],
};

const closedNoRisk: DemoBreach = {
  title: 'โน้ตบุ๊กพนักงานขายสูญหาย (เข้ารหัสทั้งเครื่อง)',
  discovery: 'พนักงานขายแจ้งว่าโน้ตบุ๊กถูกขโมยจากรถ ฝ่ายไอทีตรวจสอบว่าเครื่องเปิดการเข้ารหัส BitLocker',
  awareHoursAgo: 45 * 24,
  occurredHoursAgo: 45 * 24 + 14,
  createdHoursAgo: 45 * 24 - 1,
  cia: { confidentiality: true, integrity: false, availability: true },
  categories: ['ชื่อ-นามสกุล', 'ที่อยู่และช่องทางติดต่อ', 'ประวัติการซื้อสินค้า'],
  sensitiveData: false,
  subjectsCount: 340,
  subjectsEstimated: true,
  recordsCount: 1200,
  recordsEstimated: true,
  vulnerableGroups: [],
  systems: ['โน้ตบุ๊กพนักงานขาย'],
  processor: '',
  cause: 'อุปกรณ์ถูกขโมยจากรถที่จอดไว้',
  containment: 'สั่งล้างเครื่องจากระยะไกล ระงับบัญชีผู้ใช้ เปลี่ยนรหัสผ่าน และแจ้งความ',
  consequences: 'ไม่น่ามีผลกระทบ: ข้อมูลเข้ารหัสทั้งเครื่อง คีย์ไม่ได้อยู่กับเครื่อง',
  status: 'closed',
  assessment: {
    level: 'none',
    hoursAgo: 45 * 24 - 6,
    factors: {
      sensitivity: 'low',
      volume: 'medium',
      identifiability: 'medium',
      severity: 'low',
      wider: 'low',
      controller: 'low',
      vulnerable: false,
      encrypted: true,
      recovered: false,
    },
    rationale: 'ข้อมูลทั้งหมดเข้ารหัส (BitLocker, AES-256) และคีย์กู้คืนเก็บที่ส่วนกลาง ผู้ได้เครื่องไปอ่านข้อมูลไม่ได้ จึงไม่มีความเสี่ยงที่จะกระทบสิทธิและเสรีภาพ ไม่ต้องแจ้ง สคส.',
  },
  notices: [],
  clockStage: 0,
  timeline: [
    ['assessed', 'assessing', 45 * 24 - 6, 'ข้อมูลเข้ารหัสทั้งเครื่อง', { level: 'none' }],
    ['state', 'contained', 45 * 24 - 20, 'ล้างเครื่องจากระยะไกลสำเร็จ'],
    ['state', 'closed', 44 * 24, 'ปิดเรื่อง เก็บบันทึกการประเมินไว้เป็นหลักฐาน'],
  ],
};

const siamWithinClock: DemoBreach = {
  ...withinClock,
  discovery: 'ระบบแจ้งเตือนพบการดาวน์โหลดรายชื่อสมาชิกบัตรจำนวนมากผิดปกติ',
  categories: ['ชื่อ-นามสกุล'],
  subjectsCount: 2100,
  recordsCount: 2100,
  systems: ['ระบบบัตรสมาชิกสยามพลัส'],
  processor: '',
  timeline: [],
  assessment: null,
  status: 'discovered',
};

/** Each company's demo breaches, in order (the first is the one on its clock). */
export const BREACH_DEMO: Record<string, DemoBreach[]> = {
  DEMO: [withinClock, notifiedLate, closedNoRisk],
  SIAM: [siamWithinClock],
};
