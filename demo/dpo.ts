/**
 * The demo companies' DPO appointments (the history, the last one current) and their answers to
 * "Do we need a DPO?": plain data, written by the server's seed (server/modules/dpo/demo.ts) and made
 * into the fake-api's fixtures. Dates are counted back from the day the demo is made.
 */
import type { DpoAnswers, DpoKind, DpoReportInput } from '../contract/dpo';

export interface DemoDpoAppointment {
  kind: DpoKind;
  /** staff: the demo user's username */
  username?: string;
  name: string;
  representative?: string;
  members?: { username?: string; name: string; position: string }[];
  contact: { email: string; phone: string; address: string };
  appointedDaysAgo: number;
  /** days after the appointment */
  termDays: number | null;
  /** days after the appointment; null: not informed */
  informedAfterDays: number | null;
  orderNo: string;
  duties: string;
  /** days after the appointment; absent: current */
  endedAfterDays?: number;
  endReason?: string;
}

export interface DemoDpo {
  appointments: DemoDpoAppointment[];
  assessments: { answers: DpoAnswers; daysAgo: number }[];
  /** the DPO's reports and advice (s.42), dated back from today */
  reports?: (Omit<DpoReportInput, 'reportedOn'> & { daysAgo: number })[];
}

const DUTIES =
  'ให้คำแนะนำและตรวจสอบการดำเนินงานของบริษัทให้เป็นไปตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 ' +
  'ประสานงานและให้ความร่วมมือกับสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล และรักษาความลับของข้อมูลส่วนบุคคลที่ได้รู้หรือได้มาจากการปฏิบัติหน้าที่ (มาตรา 42)';

export const DPO_DEMO: Record<string, DemoDpo> = {
  DEMO: {
    appointments: [
      {
        kind: 'firm',
        name: 'บริษัท ลีกัล ไพรเวซี่ คอนซัลติ้ง จำกัด',
        representative: 'นายธนกร ศรีสวัสดิ์',
        contact: { email: 'dpo@legalprivacy.example', phone: '02-555-0101', address: '88 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10500' },
        appointedDaysAgo: 1270,
        termDays: 730,
        informedAfterDays: 14,
        orderNo: '3/2566',
        duties: DUTIES,
        endedAfterDays: 730,
        endReason: 'สิ้นสุดสัญญาจ้างที่ปรึกษา',
      },
      {
        kind: 'staff',
        username: 'dpo',
        name: 'สมศรี ใจดี',
        contact: {
          email: 'dpo@thaidigital.example',
          phone: '02-123-4568',
          address: '99/9 อาคารสาทรทาวเวอร์ ชั้น 12 ถนนสาทรใต้ แขวงยานนาวา เขตสาทร กรุงเทพมหานคร 10120',
        },
        appointedDaysAgo: 540,
        termDays: 1095,
        informedAfterDays: 9,
        orderNo: '7/2568',
        duties: DUTIES,
      },
    ],
    assessments: [
      {
        answers: {
          publicAuthority: false,
          systematicMonitoring: true,
          sector: 'other',
          subjectCount: 250_000,
          sensitiveCore: false,
          note: 'ระบบสมาชิกและแอปพลิเคชันติดตามพฤติกรรมการใช้บริการ',
        },
        daysAgo: 560,
      },
    ],
    reports: [
      {
        daysAgo: 95,
        subject: 'รายงานผลการดำเนินงานด้านการคุ้มครองข้อมูลส่วนบุคคลประจำไตรมาส',
        audience: 'board',
        audienceName: 'คณะกรรมการบริษัท ครั้งที่ 3/2569',
        advice: 'มีคำขอใช้สิทธิ 5 รายการ ตอบภายในกำหนดทั้งหมด เหตุละเมิด 1 ครั้ง แจ้งสำนักงานภายใน 72 ชั่วโมง เสนอให้ทบทวนสัญญากับผู้ประมวลผลข้อมูลภายนอกทุกราย',
        outcome: 'คณะกรรมการอนุมัติให้ทบทวนสัญญาภายในไตรมาสถัดไป',
        fileUrl: 'https://intranet.thaidigital.example/dpo/report-q3-2569.pdf',
      },
      {
        daysAgo: 12,
        subject: 'คำแนะนำเรื่องการเก็บข้อมูลสุขภาพของพนักงาน',
        audience: 'department',
        audienceName: 'ฝ่ายทรัพยากรบุคคล',
        advice: 'ข้อมูลสุขภาพเป็นข้อมูลอ่อนไหวตามมาตรา 26 ต้องได้รับความยินยอมโดยชัดแจ้ง จำกัดผู้เข้าถึง และกำหนดระยะเวลาเก็บรักษา',
        outcome: '',
        fileUrl: '',
      },
    ],
  },
  SIAM: {
    appointments: [
      {
        kind: 'staff',
        username: 'admin',
        name: 'ประเสริฐ มั่นคง',
        contact: { email: 'dpo@siamretail.example', phone: '02-765-4300', address: '1 ถนนพระราม 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330' },
        appointedDaysAgo: 300,
        termDays: 730,
        informedAfterDays: null,
        orderNo: '1/2569',
        duties: DUTIES,
      },
    ],
    assessments: [
      {
        answers: {
          publicAuthority: false,
          systematicMonitoring: false,
          sector: 'behavioural_ads',
          subjectCount: 1_200_000,
          sensitiveCore: false,
          note: '',
        },
        daysAgo: 320,
      },
    ],
    reports: [
      {
        daysAgo: 30,
        subject: 'คำแนะนำเรื่องโปรแกรมสมาชิกสยามพลัส',
        audience: 'management',
        audienceName: '',
        advice: 'การวิเคราะห์พฤติกรรมการซื้อเพื่อโฆษณาต้องแจ้งวัตถุประสงค์และให้สมาชิกคัดค้านได้',
        outcome: '',
        fileUrl: '',
      },
    ],
  },
};
