import type { SheetState } from '../contract/sheets';

/**
 * Demo documents (menu 7), one in every state, made from the shipped templates: a published
 * processor agreement at its second version, a privacy notice attached to the company's first
 * notice, a DPO order in review, an approved security policy, an archived retention policy; and a
 * company template of its own. SIAM gets one draft (tenant isolation).
 */
export interface DemoSheet {
  title: string;
  templateId: string;
  state: SheetState;
  /** how many versions were saved (each later one adds `edit` at its end) */
  versions: number;
  edit?: string;
  /** attached to the company's first privacy notice */
  attachNotice?: boolean;
  thaiDigits?: boolean;
  daysAgo: number;
}

export const DEMO_SHEETS: Record<string, DemoSheet[]> = {
  DEMO: [
    {
      title: 'สัญญาประมวลผลข้อมูลส่วนบุคคล — บริษัท คลาวด์โฮสติ้ง จำกัด',
      templateId: 'std-processor-agreement-th',
      state: 'published',
      versions: 2,
      edit: '<h2>ข้อ 6 ระยะเวลาแจ้งเหตุ</h2><p>ผู้ประมวลผลข้อมูลส่วนบุคคลจะแจ้งเหตุละเมิดแก่ผู้ควบคุมข้อมูลส่วนบุคคลภายใน 24 ชั่วโมงนับแต่ทราบเหตุ</p>',
      daysAgo: 20,
    },
    { title: 'ประกาศความเป็นส่วนตัวสำหรับลูกค้า', templateId: 'std-privacy-notice-th', state: 'draft', versions: 1, attachNotice: true, daysAgo: 3 },
    {
      title: 'คำสั่งแต่งตั้งเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล ปี 2569',
      templateId: 'std-dpo-appointment-th',
      state: 'review',
      versions: 1,
      thaiDigits: true,
      daysAgo: 6,
    },
    { title: 'Information security policy 2026', templateId: 'std-security-policy-en', state: 'approved', versions: 1, daysAgo: 9 },
    { title: 'นโยบายการเก็บรักษาข้อมูล (ฉบับเดิม)', templateId: 'std-retention-policy-th', state: 'archived', versions: 1, daysAgo: 60 },
  ],
  SIAM: [{ title: 'ประกาศความเป็นส่วนตัว สยามรีเทล', templateId: 'std-privacy-notice-th', state: 'draft', versions: 1, daysAgo: 2 }],
};

export const DEMO_SHEET_TEMPLATES: Record<string, { name: string; description: string; body: string }[]> = {
  DEMO: [
    {
      name: 'บันทึกรับทราบนโยบายคุ้มครองข้อมูลส่วนบุคคลสำหรับพนักงาน',
      description: 'ให้พนักงานใหม่ลงนามรับทราบนโยบายในวันเริ่มงาน',
      body: '<h1>บันทึกรับทราบนโยบายคุ้มครองข้อมูลส่วนบุคคล</h1><p>ข้าพเจ้า ........................................ พนักงานของ {{company.name}} ได้อ่านและเข้าใจนโยบายคุ้มครองข้อมูลส่วนบุคคลของบริษัทแล้ว และจะปฏิบัติตามอย่างเคร่งครัด</p><p>หากมีข้อสงสัย ติดต่อ {{dpo.name}} ({{dpo.email}})</p><p>ลงชื่อ ........................................ วันที่ {{date.today}}</p>',
    },
  ],
  SIAM: [],
};

/** The path a demo document took to its state (each step one event). */
export const DEMO_SHEET_PATHS: Record<SheetState, { action: string; to: SheetState }[]> = {
  draft: [],
  review: [{ action: 'submit', to: 'review' }],
  approved: [
    { action: 'submit', to: 'review' },
    { action: 'approve', to: 'approved' },
  ],
  published: [
    { action: 'submit', to: 'review' },
    { action: 'approve', to: 'approved' },
    { action: 'publish', to: 'published' },
  ],
  archived: [
    { action: 'submit', to: 'review' },
    { action: 'approve', to: 'approved' },
    { action: 'publish', to: 'published' },
    { action: 'archive', to: 'archived' },
  ],
};
