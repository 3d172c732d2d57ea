import type { EndAction, PeriodUnit, RetentionLaw, START_EVENTS } from '../contract/retention';

export interface DemoRetentionRule {
  category: string;
  /** null: every system holding the category */
  system: string | null;
  period: number;
  unit: PeriodUnit;
  startEvent: (typeof START_EVENTS)[number];
  law: RetentionLaw | null;
  legalReason: string;
  endAction: EndAction;
}

export interface DemoRetentionItem {
  category: string;
  system: string;
  label: string;
  /** the start event, days before the seed runs (the due day follows from the rule) */
  startedDaysAgo: number;
  /** the owner named on the item: a demo username */
  owner: string | null;
  /** done, with its evidence, this many days ago */
  done?: { daysAgo: number; note: string; deletedCount: number; backupsExpireInDays: number };
}

const ERP = 'ระบบบัญชี (ERP)';
const CCTV = 'กล้องวงจรปิดและสมุดผู้มาติดต่อ';
const JOBS = 'ระบบรับสมัครงาน';
const MAIL = 'ระบบส่งอีเมลการตลาด (MailFlow)';
const PAYROLL = 'ระบบเงินเดือน (Payroll)';

/** A Thai retailer's retention schedule: accounting 5 years, CCTV 30 days, job applicants 1 year, marketing until consent is withdrawn. */
export const RETENTION_DEMO: Record<string, { rules: DemoRetentionRule[]; items: DemoRetentionItem[] }> = {
  DEMO: {
    rules: [
      {
        category: 'ประวัติการซื้อสินค้า',
        system: ERP,
        period: 5,
        unit: 'years',
        startEvent: 'accounts_closed',
        law: 'accounting_act_14',
        legalReason: 'ใบกำกับภาษีและรายการขายเป็นเอกสารประกอบการลงบัญชี ต้องเก็บ 5 ปีนับแต่วันปิดบัญชี',
        endAction: 'delete',
      },
      {
        category: 'ที่อยู่และช่องทางติดต่อ',
        system: ERP,
        period: 5,
        unit: 'years',
        startEvent: 'tax_filing',
        law: 'revenue_code_87_3',
        legalReason: 'ที่อยู่ผู้ซื้อในใบกำกับภาษีเต็มรูป เก็บตามรายงานภาษีขาย',
        endAction: 'delete',
      },
      {
        category: 'ชื่อ-นามสกุล',
        system: CCTV,
        period: 30,
        unit: 'days',
        startEvent: 'collection',
        law: null,
        legalReason: 'ภาพจากกล้องวงจรปิดใช้เพื่อความปลอดภัยของอาคารและสาขา ไม่มีกฎหมายกำหนดให้เก็บนานกว่านี้ บันทึกทับอัตโนมัติทุก 30 วัน',
        endAction: 'delete',
      },
      {
        category: 'เลขประจำตัวประชาชน',
        system: CCTV,
        period: 1,
        unit: 'years',
        startEvent: 'collection',
        law: null,
        legalReason: 'สมุดลงทะเบียนผู้มาติดต่อใช้ตรวจสอบย้อนหลังเมื่อเกิดเหตุในอาคาร',
        endAction: 'delete',
      },
      {
        category: 'ประวัติอาชญากรรม',
        system: JOBS,
        period: 1,
        unit: 'years',
        startEvent: 'collection',
        law: null,
        legalReason: 'ผู้สมัครที่ไม่ผ่านการคัดเลือก: เก็บไว้ตอบข้อโต้แย้งเรื่องการคัดเลือก 1 ปี แล้วลบ',
        endAction: 'delete',
      },
      {
        category: 'ชื่อ-นามสกุล',
        system: JOBS,
        period: 1,
        unit: 'years',
        startEvent: 'collection',
        law: null,
        legalReason: 'ใบสมัครงานของผู้ไม่ผ่านการคัดเลือก เก็บ 1 ปีเพื่อพิจารณาตำแหน่งอื่นและตอบข้อโต้แย้ง',
        endAction: 'delete',
      },
      {
        category: 'ที่อยู่และช่องทางติดต่อ',
        system: MAIL,
        period: 30,
        unit: 'days',
        startEvent: 'consent_withdrawn',
        law: null,
        legalReason: 'ส่งข่าวสารการตลาดตามความยินยอม (มาตรา 19) เก็บจนกว่าจะถอนความยินยอม แล้วลบออกจากรายชื่อภายใน 30 วัน',
        endAction: 'delete',
      },
      {
        category: 'ชื่อ-นามสกุล',
        system: PAYROLL,
        period: 2,
        unit: 'years',
        startEvent: 'wage_paid',
        law: 'labour_protection_114',
        legalReason: 'เอกสารการคำนวณและจ่ายค่าจ้าง',
        endAction: 'delete',
      },
      {
        category: 'ชื่อ-นามสกุล',
        system: null,
        period: 2,
        unit: 'years',
        startEvent: 'last_activity',
        law: null,
        legalReason: 'ลูกค้าและสมาชิกที่ไม่มีการซื้อหรือติดต่อ 2 ปี ไม่จำเป็นต้องเก็บต่อ',
        endAction: 'anonymise',
      },
      {
        category: 'เลขประจำตัวประชาชน',
        system: null,
        period: 10,
        unit: 'years',
        startEvent: 'contract_end',
        law: 'civil_code_193_30',
        legalReason: 'หลักฐานยืนยันตัวตนตามสัญญา เก็บตลอดอายุความทั่วไป',
        endAction: 'review',
      },
      {
        category: 'ที่อยู่และช่องทางติดต่อ',
        system: null,
        period: 2,
        unit: 'years',
        startEvent: 'last_activity',
        law: null,
        legalReason: 'ใช้จัดส่งสินค้าและติดต่อลูกค้า ไม่จำเป็นเมื่อไม่มีการซื้อ 2 ปี',
        endAction: 'delete',
      },
      {
        category: 'ประวัติการซื้อสินค้า',
        system: null,
        period: 2,
        unit: 'years',
        startEvent: 'last_activity',
        law: null,
        legalReason: 'ใช้บริหารคะแนนสะสมและบริการหลังการขาย',
        endAction: 'anonymise',
      },
      {
        category: 'ข้อมูลสุขภาพ',
        system: null,
        period: 2,
        unit: 'years',
        startEvent: 'employment_end',
        law: null,
        legalReason: 'ผลตรวจสุขภาพใช้ดูแลสวัสดิการระหว่างการจ้าง เก็บ 2 ปีหลังพ้นสภาพเพื่อรองรับข้อพิพาทแรงงาน',
        endAction: 'delete',
      },
      {
        category: 'ข้อมูลชีวภาพ (ลายนิ้วมือ)',
        system: null,
        period: 30,
        unit: 'days',
        startEvent: 'employment_end',
        law: null,
        legalReason: 'แม่แบบลายนิ้วมือใช้บันทึกเวลาเข้างานเท่านั้น ลบเมื่อพ้นสภาพ',
        endAction: 'delete',
      },
      {
        category: 'ศาสนา',
        system: null,
        period: 1,
        unit: 'years',
        startEvent: 'employment_end',
        law: null,
        legalReason: 'ใช้จัดวันหยุดตามศาสนาเมื่อพนักงานแจ้งเอง',
        endAction: 'delete',
      },
    ],
    items: [
      {
        category: 'ชื่อ-นามสกุล',
        system: CCTV,
        label: 'ภาพกล้องวงจรปิดสาขาลาดพร้าว ที่ค้างในเครื่องบันทึกสำรอง',
        startedDaysAgo: 42,
        owner: 'admin',
      },
      {
        category: 'ชื่อ-นามสกุล',
        system: JOBS,
        label: 'ใบสมัครงานของผู้ไม่ผ่านการคัดเลือก รอบรับสมัครพนักงานขายหน้าร้าน',
        startedDaysAgo: 365,
        owner: 'admin',
      },
      {
        category: 'ที่อยู่และช่องทางติดต่อ',
        system: MAIL,
        label: 'อีเมลของสมาชิกที่ถอนความยินยอมรับข่าวสารในเดือนนี้',
        startedDaysAgo: 3,
        owner: null,
      },
      {
        category: 'ประวัติการซื้อสินค้า',
        system: ERP,
        label: 'ใบกำกับภาษีและรายการขายของรอบบัญชีปี 2563',
        startedDaysAgo: 365 * 5 + 330,
        owner: 'admin',
        done: {
          daysAgo: 300,
          note: 'ลบรายการขายและใบกำกับภาษีปี 2563 ออกจากฐานข้อมูล ERP ด้วยสคริปต์ลบถาวร และทำลายเอกสารกระดาษโดยบริษัทรับทำลายเอกสาร',
          deletedCount: 184_230,
          backupsExpireInDays: -210,
        },
      },
    ],
  },
  SIAM: {
    rules: [
      {
        category: 'ชื่อ-นามสกุล',
        system: null,
        period: 2,
        unit: 'years',
        startEvent: 'last_activity',
        law: null,
        legalReason: 'สมาชิกบัตรที่ไม่ได้ใช้งาน 2 ปี',
        endAction: 'anonymise',
      },
      {
        category: 'ข้อมูลสุขภาพ',
        system: null,
        period: 1,
        unit: 'years',
        startEvent: 'last_activity',
        law: null,
        legalReason: 'ประวัติการแพ้ยาใช้ระหว่างที่ลูกค้ายังใช้บริการร้านขายยา',
        endAction: 'delete',
      },
    ],
    items: [],
  },
};
