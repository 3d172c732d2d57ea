import type { QuestionnaireAnswers } from '../contract/processors';

/**
 * DEMO's processors' due diligence, by the register's processor name: MailFlow (Singapore) with a
 * signed agreement and its questionnaire answered; Thai Cloud Hosting whose agreement runs out within
 * 60 days, whose review is overdue and whose questionnaire is still pending. Days count from the day
 * the demo is written.
 */
export interface DiligenceDemo {
  processor: string;
  dpaStatus: 'none' | 'negotiating' | 'signed' | 'terminated';
  dpaSignedOn: string | null;
  dpaExpiresInDays: number | null;
  dpaFile: string | null;
  breachNoticeHours: number | null;
  reviewInDays: number | null;
  subprocessors: { name: string; country: string; purpose: string }[];
  questionnaire: { sentTo: string; sentDaysAgo: number; answered?: { respondentName: string; answers: QuestionnaireAnswers } };
}

export const DILIGENCE_DEMO: Record<string, DiligenceDemo[]> = {
  DEMO: [
    {
      processor: 'MailFlow Pte. Ltd.',
      dpaStatus: 'signed',
      dpaSignedOn: '2025-02-20',
      dpaExpiresInDays: 450,
      dpaFile: 'DPA-MailFlow-2025.pdf',
      breachNoticeHours: 48,
      reviewInDays: 120,
      subprocessors: [
        { name: 'Amazon Web Services Singapore Pte. Ltd.', country: 'SG', purpose: 'ศูนย์ข้อมูลสำหรับระบบส่งอีเมล' },
        { name: 'SendGrid (Twilio Inc.)', country: 'US', purpose: 'ส่งอีเมลสำรองเมื่อระบบหลักขัดข้อง' },
      ],
      questionnaire: {
        sentTo: 'dpa@mailflow.example',
        sentDaysAgo: 12,
        answered: {
          respondentName: 'Tan Wei Ming (Data Protection Officer)',
          answers: {
            encryption: true,
            accessControl: true,
            staffTraining: true,
            securityNotes: 'AES-256 at rest, TLS 1.2+ in transit; access by named engineers only, reviewed quarterly.',
            subprocessorsDisclosed: true,
            subprocessorsList: 'AWS Singapore (hosting), SendGrid US (fallback delivery)',
            dataInThailand: false,
            dataLocations: 'Singapore (primary), United States (fallback)',
            breachProcedure: true,
            breachNoticeHours: 48,
            certified: true,
            certifications: 'ISO/IEC 27001:2022',
          },
        },
      },
    },
    {
      processor: 'บริษัท ไทยคลาวด์โฮสติ้ง จำกัด',
      dpaStatus: 'signed',
      dpaSignedOn: '2024-01-15',
      dpaExpiresInDays: 40,
      dpaFile: 'DPA-ThaiCloud-2024.pdf',
      breachNoticeHours: 72,
      reviewInDays: -14,
      subprocessors: [],
      questionnaire: { sentTo: 'privacy@thaicloud.example', sentDaysAgo: 3 },
    },
  ],
};
