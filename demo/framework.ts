import type { FrameworkRequirementId } from '../contract/framework';

/** A company's evidence for a requirement the modules' data cannot score; the day is days before the seed runs. */
export interface DemoFrameworkEvidence {
  requirementId: FrameworkRequirementId;
  note: string;
  reference: string;
  daysAgo: number;
}

/**
 * DEMO's evidence: the consent design and the breach plan current, the access control review over a
 * year old (stale: half its score), and no DPIA yet (not met), so the framework's score is read off the screen.
 */
export const FRAMEWORK_DEMO: Record<string, DemoFrameworkEvidence[]> = {
  DEMO: [
    {
      requirementId: 'consent_design',
      note: 'ตรวจแบบฟอร์มขอความยินยอมทุกฉบับ: แยกจากเงื่อนไขอื่น ช่องไม่ได้ติ๊กไว้ก่อน ผู้เยาว์ขอผู้ใช้อำนาจปกครอง ถอนได้จากศูนย์การตั้งค่า',
      reference: 'CONSENT-REVIEW-2569-01.pdf',
      daysAgo: 90,
    },
    {
      requirementId: 'access_control',
      note: 'ทบทวนสิทธิการเข้าถึงระบบ CRM และระบบบุคคลประจำปี',
      reference: 'ACCESS-REVIEW-2567.xlsx',
      daysAgo: 430,
    },
    {
      requirementId: 'breach_response_plan',
      note: 'แผนรับมือการละเมิดข้อมูลได้รับอนุมัติจากคณะกรรมการ และซ้อมแผนร่วมกับฝ่ายไอที',
      reference: 'IR-PLAN-v3 / บันทึกการซ้อม 12/2568',
      daysAgo: 200,
    },
  ],
};
