/**
 * The risk register's demo records (menu 18) of DEMO: risk events with their C/I/A, treatment plans
 * (type 2), treatment texts written in the RTP, one finished evaluation (the demo notification
 * "evaluation finished" opens it) and one draft. SIAM has none: it is the company with an empty risk
 * module. Times are days before the seed runs. Plain data, imports only contract/.
 */
import type { EvaluationItem, RiskCategory } from '../contract/risk';

/** A demo evaluation's id, the same wherever it is seeded (the demo notification links to the first). */
export function riskDemoEvaluationId(companyCode: string, n: number): string {
  const code = [...companyCode]
    .map((c) => c.charCodeAt(0).toString(16))
    .join('')
    .padEnd(12, '0')
    .slice(0, 12);
  return `e7a1a700-0000-4000-8${n.toString(16).padStart(3, '0')}-${code}`;
}

export interface DemoRiskEvent {
  name: string;
  cia: { confidentiality: boolean; integrity: boolean; availability: boolean };
  /** the treatment written for it in the RTP, if any */
  handleRisk?: string;
  daysAgo: number;
}

export interface DemoRiskItem {
  /** index into `events` */
  event: number;
  ratings: Partial<Record<RiskCategory, { likelihood: number; impact: number }>>;
  owner?: string;
  treatment?: NonNullable<EvaluationItem['treatment']>;
  /** index into `plans` */
  plan?: number;
  planText?: string;
  /** days after the seed runs */
  dueInDays?: number;
  residual?: { likelihood: number; impact: number };
}

export interface DemoRiskEvaluation {
  name: string;
  status: 'draft' | 'completed';
  createdDaysAgo: number;
  /** last saved (for a finished one: finished) this many hours before the seed runs */
  updatedHoursAgo: number;
  items: DemoRiskItem[];
}

export interface DemoRisk {
  events: DemoRiskEvent[];
  plans: { name: string; daysAgo: number }[];
  evaluations: DemoRiskEvaluation[];
}

const cia = (letters: string) => ({
  confidentiality: letters.includes('C'),
  integrity: letters.includes('I'),
  availability: letters.includes('A'),
});

/** The finished evaluation's name: the demo notification "evaluation finished" names it. */
export const RISK_DEMO_FINISHED_TITLE = 'ประเมินความเสี่ยงประจำปี 2569';

export const RISK_DEMO: Record<string, DemoRisk> = {
  DEMO: {
    events: [
      /* 0 */ { name: 'อีเมลที่มีข้อมูลลูกค้าถูกส่งผิดผู้รับ', cia: cia('C'), daysAgo: 40 },
      /* 1 */ { name: 'แล็ปท็อปของพนักงานที่เก็บข้อมูลส่วนบุคคลสูญหาย', cia: cia('CA'), daysAgo: 39 },
      /* 2 */ { name: 'ผู้ไม่หวังดีเข้าระบบ CRM ด้วยรหัสผ่านที่รั่วไหล', cia: cia('CI'), daysAgo: 38 },
      /* 3 */ { name: 'มัลแวร์เรียกค่าไถ่เข้ารหัสไฟล์บนเครื่องแม่ข่าย', cia: cia('IA'), daysAgo: 37 },
      /* 4 */ { name: 'ผู้ให้บริการคลาวด์หยุดให้บริการ ลูกค้าเข้าระบบไม่ได้', cia: cia('A'), daysAgo: 36 },
      /* 5 */ { name: 'พนักงานคัดลอกรายชื่อลูกค้าไปใช้ส่วนตัว', cia: cia('C'), daysAgo: 35 },
      /* 6 */ { name: 'ข้อมูลในระบบเงินเดือนถูกแก้ไขโดยไม่ได้รับอนุญาต', cia: cia('I'), daysAgo: 34 },
      /* 7 */ {
        name: 'ใบสมัครงานฉบับกระดาษถูกทิ้งโดยไม่ทำลาย',
        cia: cia('C'),
        handleRisk: 'จัดตู้เอกสารลับแบบล็อกได้ และจ้างบริษัททำลายเอกสารทุกเดือนพร้อมใบรับรองการทำลาย',
        daysAgo: 33,
      },
      /* 8 */ { name: 'ผู้ประมวลผลข้อมูลภายนอกใช้ข้อมูลเกินวัตถุประสงค์ที่ตกลง', cia: cia('CI'), daysAgo: 32 },
      /* 9 */ {
        name: 'กล้องวงจรปิดเก็บภาพไว้นานกว่าที่แจ้งในประกาศ',
        cia: cia('C'),
        handleRisk: 'ตั้งให้เครื่องบันทึกลบภาพอัตโนมัติเมื่อครบ 30 วัน และตรวจทุกไตรมาส',
        daysAgo: 31,
      },
      /* 10 */ { name: 'การสำรองข้อมูลรายวันไม่สำเร็จโดยไม่มีผู้ตรวจพบ', cia: cia('IA'), daysAgo: 30 },
      /* 11 */ {
        name: 'เว็บไซต์ตั้งคุกกี้การตลาดก่อนได้รับความยินยอม',
        cia: cia('C'),
        handleRisk: 'ปรับแบนเนอร์คุกกี้ให้บล็อกสคริปต์การตลาดจนกว่าผู้เข้าชมจะยินยอม',
        daysAgo: 29,
      },
      /* 12 */ { name: 'ตอบคำขอใช้สิทธิของเจ้าของข้อมูลเกิน 30 วัน', cia: cia('A'), daysAgo: 28 },
    ],
    plans: [
      /* 0 */ { name: 'เปิดใช้การยืนยันตัวตนสองชั้น (MFA) กับทุกระบบที่มีข้อมูลลูกค้า', daysAgo: 27 },
      /* 1 */ { name: 'เข้ารหัสดิสก์เครื่องพนักงานทุกเครื่อง', daysAgo: 26 },
      /* 2 */ { name: 'อบรมพนักงานเรื่องการคุ้มครองข้อมูลส่วนบุคคลทุกไตรมาส', daysAgo: 25 },
      /* 3 */ { name: 'สำรองข้อมูลแบบ 3-2-1 และทดสอบการกู้คืนทุกเดือน', daysAgo: 24 },
      /* 4 */ { name: 'ทบทวนสัญญาประมวลผลข้อมูล (DPA) กับผู้ให้บริการภายนอก', daysAgo: 23 },
      /* 5 */ { name: 'ตั้ง DLP ตรวจอีเมลขาออกที่มีข้อมูลส่วนบุคคล', daysAgo: 22 },
    ],
    evaluations: [
      {
        name: RISK_DEMO_FINISHED_TITLE,
        status: 'completed',
        createdDaysAgo: 14,
        updatedHoursAgo: 1,
        items: [
          {
            event: 2,
            ratings: { 'risk-finance': { likelihood: 4, impact: 4 }, 'risk-reputation': { likelihood: 4, impact: 5 } },
            owner: 'ฝ่ายเทคโนโลยีสารสนเทศ',
            treatment: 'mitigate',
            plan: 0,
            dueInDays: 30,
            residual: { likelihood: 2, impact: 3 },
          },
          {
            event: 1,
            ratings: { 'risk-operation': { likelihood: 3, impact: 4 } },
            owner: 'ฝ่ายเทคโนโลยีสารสนเทศ',
            treatment: 'mitigate',
            plan: 1,
            dueInDays: 45,
            residual: { likelihood: 1, impact: 4 },
          },
          {
            event: 3,
            ratings: { 'risk-operation': { likelihood: 3, impact: 5 }, 'risk-finance': { likelihood: 3, impact: 4 } },
            owner: 'ฝ่ายเทคโนโลยีสารสนเทศ',
            treatment: 'mitigate',
            plan: 3,
            dueInDays: 60,
            residual: { likelihood: 2, impact: 3 },
          },
          {
            event: 0,
            ratings: { 'risk-reputation': { likelihood: 4, impact: 3 }, 'risk-customer': { likelihood: 3, impact: 3 } },
            owner: 'ฝ่ายบริการลูกค้า',
            treatment: 'mitigate',
            plan: 5,
            dueInDays: 20,
            residual: { likelihood: 2, impact: 3 },
          },
          {
            event: 8,
            ratings: { 'risk-customer': { likelihood: 2, impact: 4 } },
            owner: 'ฝ่ายกฎหมาย',
            treatment: 'transfer',
            plan: 4,
            dueInDays: 90,
            residual: { likelihood: 2, impact: 2 },
          },
          {
            event: 4,
            ratings: { 'risk-operation': { likelihood: 2, impact: 3 } },
            owner: 'ฝ่ายเทคโนโลยีสารสนเทศ',
            treatment: 'accept',
            planText: 'ยอมรับความเสี่ยง: สัญญาระดับบริการ (SLA) 99.9% และมีแผนรองรับเหตุฉุกเฉิน',
          },
          { event: 5, ratings: { 'risk-employee': { likelihood: 2, impact: 2 } } },
        ],
      },
      {
        name: 'ประเมินความเสี่ยงโครงการแอปสมาชิกใหม่',
        status: 'draft',
        createdDaysAgo: 2,
        updatedHoursAgo: 20,
        items: [
          { event: 11, ratings: { 'risk-reputation': { likelihood: 3, impact: 3 } }, owner: 'ฝ่ายการตลาด' },
          { event: 10, ratings: { 'risk-operation': { likelihood: 3, impact: 4 } } },
          { event: 12, ratings: {} },
        ],
      },
    ],
  },
};
