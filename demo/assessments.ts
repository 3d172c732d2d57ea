/**
 * The demo assessments (menu 20), plain data written by server/modules/assessments/demo.ts: per company code, the
 * activities' DPIA flags, a signed DPIA of the loyalty programme's profiling, a DPIA in draft, and two LIAs (one
 * signed). Activities are named as in demo/ropa.ts; answers follow the built-in templates' question keys.
 */
export interface DemoAssessment {
  kind: 'dpia' | 'lia';
  activity: string;
  signed: boolean;
  daysAgo: number;
  answers: Record<string, string | boolean | number>;
  risks?: {
    title: string;
    description: string;
    likelihood: number;
    impact: number;
    measures: string;
    residualLikelihood: number;
    residualImpact: number;
  }[];
  measures?: string;
  tests?: { purpose: 'pass' | 'fail' | null; necessity: 'pass' | 'fail' | null; balancing: 'pass' | 'fail' | null };
  conclusion?: 'proceed' | 'proceedWithMeasures' | 'doNotProceed';
  summary?: string;
  opinion?: string;
}

const PROFILING = 'วิเคราะห์พฤติกรรมการซื้อเพื่อแนะนำสินค้า';
const FINGERPRINT = 'บันทึกเวลาทำงานด้วยลายนิ้วมือ';
const RECRUITING = 'สรรหาและคัดเลือกพนักงาน';

export const ASSESSMENT_DEMO_FLAGS: Record<
  string,
  { activity: string; largeScale?: boolean; monitoring?: boolean; newTechnology?: boolean; automatedDecisions?: boolean }[]
> = {
  DEMO: [
    { activity: PROFILING, largeScale: true, monitoring: true, automatedDecisions: true },
    { activity: FINGERPRINT, newTechnology: true },
  ],
};

export const ASSESSMENT_DEMO: Record<string, DemoAssessment[]> = {
  DEMO: [
    {
      kind: 'dpia',
      activity: PROFILING,
      signed: true,
      daysAgo: 20,
      answers: {
        nature: 'วิเคราะห์ประวัติการซื้อและการแลกคะแนนของสมาชิกบัตรสะสมคะแนนในระบบสมาชิก (CRM) เพื่อจัดกลุ่มและแนะนำสินค้าอัตโนมัติ',
        scope: 'ประวัติการซื้อย้อนหลัง 24 เดือนของสมาชิกประมาณ 150,000 ราย ประมวลผลทุกสัปดาห์ ไม่รวมข้อมูลอ่อนไหว',
        context: 'สมาชิกคาดหมายได้ว่าจะได้รับสิทธิพิเศษตามการซื้อ แต่อาจไม่คาดหมายการจัดกลุ่มโดยละเอียด ไม่รับสมาชิกอายุต่ำกว่า 20 ปี',
        purposes: 'แนะนำสินค้าที่ตรงความสนใจและลดการส่งโปรโมชันที่ไม่เกี่ยวข้อง',
        lawfulBasis: 'ความยินยอม (มาตรา 19) สำหรับการวิเคราะห์เพื่อการตลาด ขอผ่านแบบฟอร์มสมาชิก',
        minimisation: true,
        retentionSet: true,
        noticeGiven: true,
        rightsHandled: true,
        processorsBound: true,
        alternatives: 'พิจารณาการแนะนำตามหมวดสินค้าทั่วไปแล้ว แต่ได้ผลต่ำกว่า จึงใช้การจัดกลุ่มโดยใช้ข้อมูลแฝง',
        severity: 3,
        illegitimateAccess: 'พนักงานหรือผู้ไม่ประสงค์ดีเข้าถึงโปรไฟล์การซื้อ ทำให้รู้พฤติกรรมส่วนตัวของสมาชิก',
        unwantedChange: 'กลุ่มลูกค้าผิดพลาดทำให้ได้รับข้อเสนอไม่เหมาะสม',
        encryption: true,
        accessControl: true,
        pseudonymisation: true,
        breachPlan: true,
        training: false,
      },
      risks: [
        {
          title: 'การเข้าถึงโปรไฟล์การซื้อโดยไม่ได้รับอนุญาต',
          description: 'บัญชีพนักงานที่มีสิทธิกว้างเกินไปเข้าถึงผลการจัดกลุ่มของสมาชิกทั้งหมด',
          likelihood: 3,
          impact: 4,
          measures: 'จำกัดสิทธิตามบทบาทและบันทึกการเข้าถึงทุกครั้ง ทบทวนสิทธิทุกไตรมาส',
          residualLikelihood: 2,
          residualImpact: 3,
        },
        {
          title: 'การตัดสินใจโดยอัตโนมัติที่ไม่เป็นธรรม',
          description: 'สมาชิกบางกลุ่มไม่ได้รับสิทธิพิเศษเพราะผลการจัดกลุ่ม',
          likelihood: 2,
          impact: 3,
          measures: 'ให้มีการทบทวนผลโดยเจ้าหน้าที่และช่องทางคัดค้านการประมวลผล (มาตรา 32)',
          residualLikelihood: 1,
          residualImpact: 3,
        },
      ],
      measures: 'แฝงข้อมูล (pseudonymisation) ก่อนนำเข้าระบบวิเคราะห์ และลบข้อมูลดิบเกิน 24 เดือน',
      conclusion: 'proceedWithMeasures',
      summary: 'ดำเนินการได้เมื่อมีมาตรการจำกัดสิทธิ การแฝงข้อมูล และช่องทางคัดค้าน ความเสี่ยงคงเหลืออยู่ในระดับที่ยอมรับได้',
      opinion: 'เห็นด้วยกับการประเมิน ขอให้อบรมทีมวิเคราะห์ข้อมูลเรื่อง PDPA ภายในไตรมาสนี้ และทบทวน DPIA ทุกปี',
    },
    {
      kind: 'dpia',
      activity: FINGERPRINT,
      signed: false,
      daysAgo: 3,
      answers: {
        nature: 'เก็บแม่แบบลายนิ้วมือของพนักงานในเครื่องสแกนเพื่อบันทึกเวลาเข้าออกงาน',
        scope: 'พนักงานประมาณ 250 คน ข้อมูลชีวภาพ (มาตรา 26)',
        minimisation: true,
        encryption: false,
      },
      risks: [
        {
          title: 'แม่แบบลายนิ้วมือรั่วไหล',
          description: 'เครื่องสแกนเชื่อมต่อเครือข่ายโดยไม่เข้ารหัส',
          likelihood: 3,
          impact: 5,
          measures: 'เข้ารหัสแม่แบบและแยกเครือข่ายของเครื่องสแกน',
          residualLikelihood: 2,
          residualImpact: 4,
        },
      ],
      measures: '',
    },
    {
      kind: 'lia',
      activity: FINGERPRINT,
      signed: true,
      daysAgo: 40,
      answers: {
        interest: 'ป้องกันการลงเวลาแทนกันและคำนวณค่าจ้างได้ถูกต้อง เป็นประโยชน์ของบริษัท',
        lawfulInterest: true,
        realBenefit: true,
        necessary: true,
        noLessIntrusive: false,
        necessityReason: 'บัตรพนักงานถูกใช้แทนกันบ่อย แต่มีทางเลือกให้พนักงานที่ไม่ต้องการใช้ลายนิ้วมือใช้บัตรร่วมกับรหัส',
        expected: true,
        impactOnSubjects: 3,
        noVulnerable: true,
        optOut: true,
        safeguards: 'เก็บเพียงแม่แบบ ไม่เก็บภาพลายนิ้วมือ และลบภายใน 30 วันหลังพ้นสภาพ',
      },
      tests: { purpose: 'pass', necessity: 'pass', balancing: 'pass' },
      summary: 'ใช้ฐานประโยชน์โดยชอบด้วยกฎหมายได้ โดยต้องมีทางเลือกสำหรับผู้ไม่ต้องการใช้ลายนิ้วมือ',
    },
    {
      kind: 'lia',
      activity: RECRUITING,
      signed: false,
      daysAgo: 2,
      answers: {
        interest: 'ตรวจสอบประวัติผู้สมัครเพื่อคัดเลือกผู้ที่เหมาะสมกับตำแหน่ง',
        lawfulInterest: true,
      },
      tests: { purpose: 'pass', necessity: null, balancing: null },
    },
  ],
};
