/**
 * The data map's systems and the records of processing of the demo companies: plain data naming the
 * registers' demo records (demo/registers.ts) and departments by name. The server's seed and the
 * fake's fixtures both make them.
 */
import type { RopaBasis, RopaState } from '../contract/ropa';
import type { SmeAnswersInput } from '../contract/ropaSme';

export interface DemoSystem {
  name: string;
  department: string;
  description: string;
  categories: string[];
  subjects: string[];
  processors: string[];
  volume: string;
  storageLocation: string;
  storageCountry: string;
  retention: string;
  access: string;
  security: string;
}

export interface DemoActivity {
  name: string;
  role: 'controller' | 'processor';
  state: RopaState;
  department: string;
  description: string;
  systems: string[];
  categories: string[];
  purposes: { purpose: string; categories: string[]; bases: RopaBasis[] }[];
  subjects: string[];
  controllers?: string;
  retention: string;
  accessRights: string;
  accessConditions: string;
  disclosures: string;
  security: string;
  source: string;
  /** s.25: the data came from another source this many days ago; informed that many days after it, if at all */
  otherSource?: { daysAgo: number; informedAfter?: number };
  /** privacy notices by project name (demo/consent.ts) */
  notices: string[];
  processors: string[];
  /** days from today to the review date (negative: overdue) */
  reviewInDays: number;
  /** the company's demo DSR form belongs to this activity (its refusal shows here, s.39(7)) */
  dsrForm?: boolean;
}

const SEC_IT = 'เข้ารหัสข้อมูลขณะจัดเก็บและรับส่ง (TLS 1.2 ขึ้นไป) จำกัดสิทธิตามบทบาท ยืนยันตัวตนสองชั้น บันทึกการเข้าถึงเก็บ 90 วัน สำรองข้อมูลทุกวัน';
const SEC_PAPER = 'เก็บในตู้เอกสารที่ล็อกกุญแจในห้องที่ควบคุมการเข้าออก เฉพาะเจ้าหน้าที่ที่ได้รับมอบหมาย ทำลายด้วยเครื่องย่อยเอกสารเมื่อครบกำหนด';
const N = 'ชื่อ-นามสกุล';
const ID = 'เลขประจำตัวประชาชน';
const ADDR = 'ที่อยู่และช่องทางติดต่อ';
const BUY = 'ประวัติการซื้อสินค้า';
const HEALTH = 'ข้อมูลสุขภาพ';
const BIO = 'ข้อมูลชีวภาพ (ลายนิ้วมือ)';
const RELIGION = 'ศาสนา';
const CRIME = 'ประวัติอาชญากรรม';
const CLOUD = 'บริษัท ไทยคลาวด์โฮสติ้ง จำกัด';
const SHIP = 'บริษัท ส่งไว โลจิสติกส์ จำกัด';
const MAIL = 'MailFlow Pte. Ltd.';
const PAYROLL = 'บริษัท เพย์โรลพลัส จำกัด';

export const ROPA_DEMO_DEPARTMENTS: Record<string, string[]> = {
  DEMO: ['ฝ่ายขายออนไลน์', 'ฝ่ายการตลาด', 'ฝ่ายบริหารทรัพยากรบุคคล', 'ฝ่ายบัญชีและการเงิน', 'ฝ่ายไอทีและระบบสารสนเทศ', 'ฝ่ายอาคารและความปลอดภัย'],
  SIAM: ['ฝ่ายลูกค้าสัมพันธ์'],
};

const sys = (s: Partial<DemoSystem> & Pick<DemoSystem, 'name' | 'department' | 'categories' | 'subjects'>): DemoSystem => ({
  description: '',
  processors: [],
  volume: '',
  storageLocation: '',
  storageCountry: 'ไทย',
  retention: '',
  access: '',
  security: SEC_IT,
  ...s,
});

export const ROPA_DEMO_SYSTEMS: Record<string, DemoSystem[]> = {
  DEMO: [
    sys({
      name: 'ระบบร้านค้าออนไลน์ (E-commerce)',
      department: 'ฝ่ายขายออนไลน์',
      description: 'เว็บไซต์และแอปสั่งซื้อสินค้า รับชำระเงิน และติดตามการจัดส่ง',
      categories: [N, ADDR, BUY],
      subjects: ['ลูกค้า'],
      processors: [CLOUD, SHIP],
      volume: 'ประมาณ 120,000 ราย',
      storageLocation: 'คลาวด์ของบริษัท ไทยคลาวด์โฮสติ้ง (ศูนย์ข้อมูลบางนา)',
      retention: '5 ปีนับจากคำสั่งซื้อล่าสุด',
      access: 'ฝ่ายขายออนไลน์ ฝ่ายบริการลูกค้า ผู้ดูแลระบบ',
    }),
    sys({
      name: 'ระบบสมาชิก (CRM)',
      department: 'ฝ่ายการตลาด',
      description: 'ข้อมูลสมาชิก คะแนนสะสม และประวัติการแลกของรางวัล',
      categories: [N, ID, ADDR, BUY],
      subjects: ['สมาชิกบัตรสะสมคะแนน'],
      processors: [CLOUD],
      volume: 'ประมาณ 80,000 ราย',
      storageLocation: 'คลาวด์ของบริษัท ไทยคลาวด์โฮสติ้ง',
      retention: 'ตลอดการเป็นสมาชิกและ 2 ปีหลังยกเลิก',
      access: 'ฝ่ายการตลาด ฝ่ายบริการลูกค้า',
    }),
    sys({
      name: 'ระบบส่งอีเมลการตลาด (MailFlow)',
      department: 'ฝ่ายการตลาด',
      description: 'ส่งจดหมายข่าวและโปรโมชันให้สมาชิกที่ยินยอม',
      categories: [N, ADDR],
      subjects: ['สมาชิกบัตรสะสมคะแนน'],
      processors: [MAIL],
      volume: 'ประมาณ 45,000 อีเมล',
      storageLocation: 'บริการคลาวด์ของ MailFlow',
      storageCountry: 'สิงคโปร์',
      retention: 'จนกว่าจะถอนความยินยอม',
      access: 'ฝ่ายการตลาด',
    }),
    sys({
      name: 'ระบบบริหารงานบุคคล (HRIS)',
      department: 'ฝ่ายบริหารทรัพยากรบุคคล',
      description: 'ประวัติพนักงาน สัญญาจ้าง วันลา และสวัสดิการ',
      categories: [N, ID, ADDR, RELIGION],
      subjects: ['พนักงาน'],
      processors: [CLOUD],
      volume: 'ประมาณ 350 ราย',
      storageLocation: 'เซิร์ฟเวอร์ของบริษัท ห้อง Server ชั้น 5',
      retention: '10 ปีหลังพ้นสภาพพนักงาน',
      access: 'ฝ่ายทรัพยากรบุคคล ผู้บังคับบัญชาเฉพาะลูกทีม',
    }),
    sys({
      name: 'ระบบเงินเดือน (Payroll)',
      department: 'ฝ่ายบัญชีและการเงิน',
      description: 'คำนวณเงินเดือน ภาษีหัก ณ ที่จ่าย และประกันสังคม',
      categories: [N, ID],
      subjects: ['พนักงาน'],
      processors: [PAYROLL],
      volume: 'ประมาณ 350 ราย',
      storageLocation: 'ระบบของบริษัท เพย์โรลพลัส',
      retention: '10 ปีตามกฎหมายภาษีอากร',
      access: 'เจ้าหน้าที่เงินเดือน 2 คน',
    }),
    sys({
      name: 'เครื่องสแกนลายนิ้วมือบันทึกเวลา',
      department: 'ฝ่ายบริหารทรัพยากรบุคคล',
      description: 'บันทึกเวลาเข้าออกงานของพนักงานสาขา',
      categories: [N, BIO],
      subjects: ['พนักงาน'],
      volume: 'ประมาณ 200 ราย',
      storageLocation: 'เครื่องสแกนที่สาขาและเซิร์ฟเวอร์ของบริษัท',
      retention: 'ลบแม่แบบลายนิ้วมือภายใน 30 วันหลังพ้นสภาพ',
      access: 'ฝ่ายบริหารทรัพยากรบุคคล',
    }),
    sys({
      name: 'แฟ้มผลตรวจสุขภาพประจำปี',
      department: 'ฝ่ายบริหารทรัพยากรบุคคล',
      description: 'ผลตรวจสุขภาพจากโรงพยาบาลคู่สัญญา',
      categories: [N, HEALTH],
      subjects: ['พนักงาน'],
      volume: 'ประมาณ 350 แฟ้ม',
      storageLocation: 'ตู้เอกสารล็อกกุญแจ ห้องฝ่ายทรัพยากรบุคคล',
      retention: '5 ปี',
      access: 'พยาบาลประจำบริษัท และผู้จัดการฝ่ายทรัพยากรบุคคล',
      security: SEC_PAPER,
    }),
    sys({
      name: 'ระบบรับสมัครงาน',
      department: 'ฝ่ายบริหารทรัพยากรบุคคล',
      description: 'ใบสมัครงานออนไลน์และผลการตรวจสอบประวัติ',
      categories: [N, ADDR, CRIME],
      subjects: ['ผู้สมัครงาน'],
      processors: [CLOUD],
      volume: 'ประมาณ 3,000 ใบสมัครต่อปี',
      storageLocation: 'คลาวด์ของบริษัท ไทยคลาวด์โฮสติ้ง',
      retention: '1 ปีสำหรับผู้ไม่ผ่านการคัดเลือก',
      access: 'เจ้าหน้าที่สรรหา',
    }),
    sys({
      name: 'กล้องวงจรปิดและสมุดผู้มาติดต่อ',
      department: 'ฝ่ายอาคารและความปลอดภัย',
      description: 'ภาพจากกล้องวงจรปิดและการแลกบัตรผู้มาติดต่อ',
      categories: [N, ID],
      subjects: ['ผู้มาติดต่อสำนักงาน', 'พนักงาน'],
      volume: 'ภาพย้อนหลัง 30 วัน',
      storageLocation: 'เครื่องบันทึกภาพ ห้องรักษาความปลอดภัย',
      retention: 'ภาพ 30 วัน สมุดผู้มาติดต่อ 1 ปี',
      access: 'เจ้าหน้าที่รักษาความปลอดภัย',
    }),
    sys({
      name: 'ระบบบัญชี (ERP)',
      department: 'ฝ่ายบัญชีและการเงิน',
      description: 'ใบกำกับภาษี ลูกหนี้ เจ้าหนี้ และการชำระเงิน',
      categories: [N, ADDR, BUY],
      subjects: ['ลูกค้า', 'ผู้ติดต่อของคู่ค้า'],
      processors: [CLOUD],
      volume: 'ประมาณ 150,000 รายการต่อปี',
      storageLocation: 'คลาวด์ของบริษัท ไทยคลาวด์โฮสติ้ง',
      retention: '5 ปีตามกฎหมายการบัญชี',
      access: 'ฝ่ายบัญชีและการเงิน',
    }),
  ],
  SIAM: [sys({ name: 'ระบบบัตรสยามพลัส', department: 'ฝ่ายลูกค้าสัมพันธ์', categories: ['ชื่อ-นามสกุล'], subjects: ['สมาชิกบัตรสยามพลัส'] })],
};

const done = {
  retention: '',
  accessRights: '',
  accessConditions: 'เข้าถึงผ่านบัญชีผู้ใช้ของตนเองตามสิทธิที่ได้รับอนุมัติ ทบทวนสิทธิทุก 6 เดือน',
  disclosures: 'ไม่มีการใช้หรือเปิดเผยโดยไม่ต้องขอความยินยอม นอกจากตามคำสั่งของหน่วยงานรัฐที่มีอำนาจตามกฎหมาย',
  security: SEC_IT,
  source: 'เก็บจากเจ้าของข้อมูลโดยตรง',
  notices: [] as string[],
  processors: [] as string[],
};
const act = (
  a: Partial<DemoActivity> & Pick<DemoActivity, 'name' | 'state' | 'department' | 'systems' | 'categories' | 'purposes' | 'subjects'>,
): DemoActivity => ({
  role: 'controller',
  description: '',
  reviewInDays: 240,
  ...done,
  ...a,
});

export const ROPA_DEMO_ACTIVITIES: Record<string, DemoActivity[]> = {
  DEMO: [
    act({
      name: 'ขายสินค้าออนไลน์และจัดส่งสินค้า',
      state: 'approved',
      department: 'ฝ่ายขายออนไลน์',
      description: 'รับคำสั่งซื้อทางเว็บไซต์และแอป ชำระเงิน ออกใบกำกับภาษี และจัดส่งสินค้าถึงลูกค้า',
      systems: ['ระบบร้านค้าออนไลน์ (E-commerce)', 'ระบบบัญชี (ERP)'],
      categories: [N, ADDR, BUY],
      purposes: [
        { purpose: 'ขายและจัดส่งสินค้า', categories: [N, ADDR, BUY], bases: ['necessityContract'] },
        { purpose: 'บัญชีและภาษี', categories: [N, ADDR, BUY], bases: ['forLaw'] },
      ],
      subjects: ['ลูกค้า'],
      retention: '5 ปีนับจากวันที่ทำรายการ ตามพระราชบัญญัติการบัญชี พ.ศ. 2543',
      accessRights: 'ฝ่ายขายออนไลน์ ฝ่ายบริการลูกค้า และฝ่ายบัญชี',
      processors: [CLOUD, SHIP],
      notices: ['สมาชิกร้านค้าออนไลน์'],
      reviewInDays: 20,
      dsrForm: true,
    }),
    act({
      name: 'บริหารสมาชิกและคะแนนสะสม',
      state: 'approved',
      department: 'ฝ่ายการตลาด',
      systems: ['ระบบสมาชิก (CRM)'],
      categories: [N, ID, ADDR, BUY],
      purposes: [{ purpose: 'บริหารสมาชิกและสิทธิพิเศษ', categories: [N, ID, ADDR, BUY], bases: ['necessityContract'] }],
      subjects: ['สมาชิกบัตรสะสมคะแนน'],
      retention: 'ตลอดการเป็นสมาชิกและ 2 ปีหลังยกเลิกสมาชิก',
      accessRights: 'ฝ่ายการตลาดและฝ่ายบริการลูกค้า',
      processors: [CLOUD],
      notices: ['สมาชิกร้านค้าออนไลน์'],
    }),
    act({
      name: 'ส่งข่าวสารและโปรโมชันทางอีเมล',
      state: 'review',
      department: 'ฝ่ายการตลาด',
      systems: ['ระบบส่งอีเมลการตลาด (MailFlow)'],
      categories: [N, ADDR],
      purposes: [{ purpose: 'การตลาดแบบเจาะจงกลุ่ม', categories: [N, ADDR, BUY], bases: ['forConsent'] }],
      subjects: ['สมาชิกบัตรสะสมคะแนน'],
      retention: 'จนกว่าเจ้าของข้อมูลจะถอนความยินยอม',
      accessRights: 'ฝ่ายการตลาด',
      processors: [MAIL],
      notices: ['สมาชิกร้านค้าออนไลน์'],
    }),
    act({
      name: 'วิเคราะห์พฤติกรรมการซื้อเพื่อแนะนำสินค้า',
      state: 'draft',
      department: 'ฝ่ายการตลาด',
      systems: ['ระบบสมาชิก (CRM)'],
      categories: [BUY],
      purposes: [{ purpose: 'การตลาดแบบเจาะจงกลุ่ม', categories: [BUY], bases: [] }],
      subjects: ['สมาชิกบัตรสะสมคะแนน'],
      retention: '',
      accessRights: 'ทีมวิเคราะห์ข้อมูล',
      disclosures: '',
      reviewInDays: 365,
    }),
    act({
      name: 'บริหารงานบุคคลและสวัสดิการพนักงาน',
      state: 'approved',
      department: 'ฝ่ายบริหารทรัพยากรบุคคล',
      systems: ['ระบบบริหารงานบุคคล (HRIS)'],
      categories: [N, ID, ADDR, RELIGION],
      purposes: [
        { purpose: 'บริหารงานบุคคลและจ่ายเงินเดือน', categories: [N, ID, ADDR], bases: ['necessityContract', 'forLaw'] },
        { purpose: 'บริหารงานบุคคลและจ่ายเงินเดือน', categories: [RELIGION], bases: ['explicitConsent'] },
      ],
      subjects: ['พนักงาน'],
      retention: '10 ปีหลังพ้นสภาพพนักงาน',
      accessRights: 'ฝ่ายบริหารทรัพยากรบุคคล',
      processors: [CLOUD],
      reviewInDays: -5,
    }),
    act({
      name: 'จ่ายเงินเดือน ภาษี และประกันสังคม',
      state: 'approved',
      department: 'ฝ่ายบัญชีและการเงิน',
      systems: ['ระบบเงินเดือน (Payroll)'],
      categories: [N, ID],
      purposes: [{ purpose: 'บริหารงานบุคคลและจ่ายเงินเดือน', categories: [N, ID], bases: ['forLaw', 'necessityContract'] }],
      subjects: ['พนักงาน'],
      retention: '10 ปีตามประมวลรัษฎากร',
      accessRights: 'เจ้าหน้าที่เงินเดือน',
      disclosures: 'เปิดเผยต่อกรมสรรพากรและสำนักงานประกันสังคมตามกฎหมาย (มาตรา 27 ประกอบมาตรา 24(6))',
      processors: [PAYROLL],
    }),
    act({
      name: 'บันทึกเวลาทำงานด้วยลายนิ้วมือ',
      state: 'review',
      department: 'ฝ่ายบริหารทรัพยากรบุคคล',
      systems: ['เครื่องสแกนลายนิ้วมือบันทึกเวลา'],
      categories: [N, BIO],
      purposes: [{ purpose: 'บริหารงานบุคคลและจ่ายเงินเดือน', categories: [N, BIO], bases: ['forThirdParty'] }],
      subjects: ['พนักงาน'],
      retention: 'ลบแม่แบบลายนิ้วมือภายใน 30 วันหลังพ้นสภาพ',
      accessRights: 'ฝ่ายบริหารทรัพยากรบุคคล',
      reviewInDays: 12,
    }),
    act({
      name: 'ตรวจสุขภาพประจำปีของพนักงาน',
      state: 'approved',
      department: 'ฝ่ายบริหารทรัพยากรบุคคล',
      systems: ['แฟ้มผลตรวจสุขภาพประจำปี'],
      categories: [N, HEALTH],
      purposes: [{ purpose: 'ดูแลสุขภาพและความปลอดภัยของพนักงาน', categories: [N, HEALTH], bases: ['s26Law'] }],
      subjects: ['พนักงาน'],
      retention: '5 ปีนับจากวันตรวจ',
      accessRights: 'พยาบาลประจำบริษัทและผู้จัดการฝ่ายทรัพยากรบุคคล',
      security: SEC_PAPER,
      source: 'ได้รับผลตรวจสุขภาพจากโรงพยาบาลคู่สัญญา',
      otherSource: { daysAgo: 45, informedAfter: 6 },
    }),
    act({
      name: 'สรรหาและคัดเลือกพนักงาน',
      state: 'draft',
      department: 'ฝ่ายบริหารทรัพยากรบุคคล',
      systems: ['ระบบรับสมัครงาน'],
      categories: [N, ADDR, CRIME],
      purposes: [{ purpose: 'สรรหาและคัดเลือกพนักงาน', categories: [N, ADDR, CRIME], bases: ['forThirdParty'] }],
      subjects: ['ผู้สมัครงาน'],
      retention: '1 ปีสำหรับผู้ไม่ผ่านการคัดเลือก',
      accessRights: '',
      security: '',
      source: 'ได้รับใบสมัครผ่านบริษัทจัดหางานและเว็บไซต์หางาน',
      otherSource: { daysAgo: 24 },
    }),
    act({
      name: 'รักษาความปลอดภัยอาคารด้วยกล้องวงจรปิด',
      state: 'approved',
      department: 'ฝ่ายอาคารและความปลอดภัย',
      systems: ['กล้องวงจรปิดและสมุดผู้มาติดต่อ'],
      categories: [N, ID],
      purposes: [{ purpose: 'รักษาความปลอดภัยอาคาร', categories: [N, ID], bases: ['forThirdParty'] }],
      subjects: ['ผู้มาติดต่อสำนักงาน', 'พนักงาน'],
      retention: 'ภาพ 30 วัน สมุดผู้มาติดต่อ 1 ปี',
      accessRights: 'เจ้าหน้าที่รักษาความปลอดภัย',
      reviewInDays: 28,
    }),
    act({
      name: 'บันทึกบัญชีลูกหนี้และเจ้าหนี้',
      state: 'review',
      department: 'ฝ่ายบัญชีและการเงิน',
      systems: ['ระบบบัญชี (ERP)'],
      categories: [N, ADDR],
      purposes: [{ purpose: 'บัญชีและภาษี', categories: [N, ADDR], bases: ['forLaw'] }],
      subjects: ['ลูกค้า', 'ผู้ติดต่อของคู่ค้า'],
      retention: '5 ปีตามกฎหมายการบัญชี',
      accessRights: 'ฝ่ายบัญชีและการเงิน',
      processors: [CLOUD],
    }),
    act({
      name: 'จัดเก็บและจัดส่งสินค้าให้ร้านค้าพันธมิตร',
      role: 'processor',
      state: 'approved',
      department: 'ฝ่ายขายออนไลน์',
      description: 'บริการคลังสินค้าและจัดส่งที่บริษัททำในนามร้านค้าพันธมิตรบนแพลตฟอร์ม',
      controllers: 'ร้านค้าพันธมิตรบนแพลตฟอร์ม 42 ราย ตามสัญญาบริการคลังสินค้า (รายชื่อแนบท้ายสัญญา)',
      systems: ['ระบบร้านค้าออนไลน์ (E-commerce)'],
      categories: [N, ADDR],
      purposes: [{ purpose: 'ขายและจัดส่งสินค้า', categories: [N, ADDR], bases: ['necessityContract'] }],
      subjects: ['ลูกค้า'],
      retention: 'ตามคำสั่งของผู้ควบคุมข้อมูล และลบภายใน 90 วันหลังสิ้นสุดสัญญา',
      accessRights: 'เจ้าหน้าที่คลังสินค้าและจัดส่ง',
      source: 'ได้รับจากผู้ควบคุมข้อมูล (ร้านค้าพันธมิตร)',
      processors: [SHIP],
    }),
    act({
      name: 'ลงทะเบียนลูกค้าหน้าร้านด้วยสมุดกระดาษ (เลิกใช้แล้ว)',
      state: 'archived',
      department: 'ฝ่ายขายออนไลน์',
      systems: [],
      categories: [N, ADDR],
      purposes: [{ purpose: 'บริหารสมาชิกและสิทธิพิเศษ', categories: [N, ADDR], bases: ['forConsent'] }],
      subjects: ['ลูกค้า'],
      retention: '2 ปี',
      accessRights: 'พนักงานหน้าร้าน',
      security: SEC_PAPER,
    }),
  ],
  SIAM: [
    act({
      name: 'บริหารบัตรสมาชิกสยามพลัส',
      state: 'draft',
      department: 'ฝ่ายลูกค้าสัมพันธ์',
      systems: ['ระบบบัตรสยามพลัส'],
      categories: ['ชื่อ-นามสกุล'],
      purposes: [{ purpose: 'บริหารบัตรสมาชิก', categories: ['ชื่อ-นามสกุล'], bases: ['necessityContract'] }],
      subjects: ['สมาชิกบัตรสยามพลัส'],
    }),
  ],
};

/**
 * The SME exemption wizard's answered rounds (PDPC notification 2567), oldest first: DEMO, a small services
 * company that processed only occasionally (exempt: a reduced register with its refusals), grown into a medium
 * one with staff health data and a customer base in daily use (sensitive and regular: the full register);
 * SIAM, a large retailer that keeps the full register.
 */
export const ROPA_DEMO_SME: Record<string, { answers: SmeAnswersInput; daysAgo: number }[]> = {
  DEMO: [
    {
      answers: {
        businessType: 'services',
        staffCount: 28,
        revenueMillion: 45,
        sensitiveData: false,
        riskyProcessing: false,
        notOccasional: false,
        note: 'ประเมินครั้งแรกเมื่อประกาศฯ มีผลใช้บังคับ',
      },
      daysAgo: 230,
    },
    {
      answers: {
        businessType: 'services',
        staffCount: 85,
        revenueMillion: 180,
        sensitiveData: true,
        riskyProcessing: false,
        notOccasional: true,
        note: 'จำนวนพนักงานและรายได้เพิ่มขึ้นหลังเปิดสาขาเชียงใหม่ มีข้อมูลสุขภาพของพนักงาน',
      },
      daysAgo: 20,
    },
  ],
  SIAM: [
    {
      answers: {
        businessType: 'services',
        staffCount: 1_200,
        revenueMillion: 4_800,
        sensitiveData: false,
        riskyProcessing: true,
        notOccasional: true,
        note: 'ห้างค้าปลีกขนาดใหญ่ บัตรสมาชิกสยามพลัส',
      },
      daysAgo: 90,
    },
  ],
};
