/** Transfers abroad (menu 16). English is typed against Thai: a key missing in either fails the type check. */
export const th = {
  transfers: {
    tab: 'การโอนข้อมูลไปต่างประเทศ',
    entity: 'การโอนข้อมูลไปต่างประเทศ',
    add: 'เพิ่มการโอนข้อมูล',
    add_title: 'เพิ่มการโอนข้อมูลไปต่างประเทศ',
    edit_title: 'การโอนข้อมูลไปต่างประเทศ',
    add_success: 'เพิ่มการโอนข้อมูลเรียบร้อยแล้ว',
    edit_success: 'บันทึกการโอนข้อมูลเรียบร้อยแล้ว',
    deleted: 'ลบการโอนข้อมูลเรียบร้อยแล้ว',
    intro:
      'ทะเบียนการส่งหรือโอนข้อมูลส่วนบุคคลไปต่างประเทศตามมาตรา 28-29 และประกาศคณะกรรมการฯ พ.ศ. 2566 (ใช้บังคับ 24 มีนาคม 2567): แต่ละรายการต้องมีฐานการโอนและหลักฐาน',
    empty: 'ยังไม่มีการโอนข้อมูลไปต่างประเทศ',
    back: 'กลับไปทะเบียนการโอนข้อมูล',
    activities: 'กิจกรรมการประมวลผล (ROPA) ของระบบ',
    save: 'บันทึก',
    any: 'ทั้งหมด',
    warnings_only: 'เฉพาะที่ต้องแก้ไข',
    fields: {
      source: 'ผู้ส่งข้อมูล',
      system: 'ระบบหรือชุดข้อมูล',
      processor: 'ผู้ประมวลผลข้อมูลส่วนบุคคล',
      source_hint: 'เลือกระบบ ผู้ประมวลผล หรือทั้งสองอย่าง',
      country: 'ประเทศปลายทาง',
      importer: 'ผู้รับข้อมูลในต่างประเทศ',
      categories: 'ประเภทข้อมูลที่โอน',
      basis: 'ฐานการโอน',
      no_basis: 'ยังไม่ได้ระบุ',
      evidenceTitle: 'หลักฐาน (ชื่อเอกสาร เช่น ข้อสัญญามาตรฐานอาเซียนฉบับลงนาม)',
      signedOn: 'วันที่ลงนามหรือออกเอกสาร',
      expiresOn: 'วันหมดอายุ',
      notes: 'หมายเหตุ',
      evidence: 'ไฟล์หลักฐาน (PDF, JPEG หรือ PNG ไม่เกิน 5 MB)',
      choose_file: 'เลือกไฟล์',
      remove_file: 'นำไฟล์ออก',
      download: 'ดาวน์โหลด',
      no_file: 'ยังไม่มีไฟล์หลักฐาน',
      new_file: 'ไฟล์ใหม่: %{name}',
      state: 'สถานะ',
      updated: 'แก้ไขล่าสุด',
    },
    groups: {
      adequacy: 'ประเทศปลายทางมีมาตรฐานเพียงพอ (มาตรา 28)',
      safeguards: 'มาตรการคุ้มครองที่เหมาะสม (มาตรา 29)',
      exceptions: 'ข้อยกเว้นตามมาตรา 28',
    },
    bases: {
      adequacy: 'ประเทศที่คณะกรรมการประกาศว่ามีมาตรฐานเพียงพอ',
      bcr: 'นโยบายในเครือกิจการ (BCR) ที่สำนักงานรับรอง',
      standard_clauses: 'ข้อสัญญามาตรฐาน (เช่น ข้อสัญญามาตรฐานอาเซียน)',
      certification: 'การรับรองมาตรฐาน',
      law: 'ปฏิบัติตามกฎหมาย',
      consent: 'ความยินยอมโดยชัดแจ้งหลังแจ้งมาตรฐานของประเทศปลายทาง',
      contract: 'จำเป็นเพื่อปฏิบัติตามสัญญากับเจ้าของข้อมูล',
      contract_for_subject: 'สัญญากับบุคคลอื่นเพื่อประโยชน์ของเจ้าของข้อมูล',
      vital_interest: 'ป้องกันอันตรายต่อชีวิต ร่างกาย หรือสุขภาพ',
      public_interest: 'ภารกิจเพื่อประโยชน์สาธารณะที่สำคัญ',
    },
    states: {
      valid: 'ฐานและหลักฐานครบ',
      no_basis: 'ยังไม่มีฐานการโอน',
      no_evidence: 'ยังไม่มีไฟล์หลักฐาน',
      expired: 'หลักฐานหมดอายุแล้ว',
      expiring: 'หลักฐานจะหมดอายุภายใน 60 วัน',
    },
    system_panel: {
      title: 'การโอนข้อมูลไปต่างประเทศของระบบนี้ (จากทะเบียนการโอนข้อมูล)',
      none: 'ไม่มีการโอนข้อมูลของระบบนี้ในทะเบียน',
      open: 'เปิดทะเบียนการโอนข้อมูล',
      legacy: 'ข้อความเดิมที่บันทึกไว้ก่อนมีทะเบียน (อ่านอย่างเดียว)',
    },
    /** the "transfers abroad" part of the ROPA register's PDF */
    pdf: {
      heading: 'การโอนข้อมูลไปต่างประเทศ (มาตรา 28-29)',
      evidence: 'หลักฐาน',
      more: 'และอีก %{n} รายการ: ไฟล์ XLSX ของทะเบียนมีครบทุกรายการ',
    },
  },
};

export const en: typeof th = {
  transfers: {
    tab: 'Transfers abroad',
    entity: 'Transfer abroad',
    add: 'Add a transfer',
    add_title: 'Add a transfer abroad',
    edit_title: 'Transfer abroad',
    add_success: 'The transfer was added',
    edit_success: 'The transfer was saved',
    deleted: 'The transfer was deleted',
    intro:
      'The register of personal data sent or transferred abroad under s.28-29 and the PDPC notifications of B.E. 2566 (in force 24 March 2024): each needs its basis and its evidence.',
    empty: 'No transfer abroad yet',
    back: 'Back to the transfers',
    activities: "The system's processing activities (ROPA)",
    save: 'Save',
    any: 'Any',
    warnings_only: 'Needing attention only',
    fields: {
      source: 'Sent by',
      system: 'System or data set',
      processor: 'Data processor',
      source_hint: 'Choose a system, a processor, or both',
      country: 'Destination country',
      importer: 'Importer abroad',
      categories: 'Data categories sent',
      basis: 'Basis of the transfer',
      no_basis: 'Not given yet',
      evidenceTitle: 'Evidence (the document, e.g. the signed ASEAN model clauses)',
      signedOn: 'Signed or issued on',
      expiresOn: 'Expires on',
      notes: 'Notes',
      evidence: 'Evidence file (PDF, JPEG or PNG, at most 5 MB)',
      choose_file: 'Choose a file',
      remove_file: 'Remove the file',
      download: 'Download',
      no_file: 'No evidence file yet',
      new_file: 'New file: %{name}',
      state: 'State',
      updated: 'Last changed',
    },
    groups: {
      adequacy: 'Adequate destination (s.28)',
      safeguards: 'Appropriate safeguards (s.29)',
      exceptions: 'A s.28 exception',
    },
    bases: {
      adequacy: 'A destination the PDPC found adequate',
      bcr: 'Binding corporate rules certified by the Office',
      standard_clauses: 'Standard contract clauses (e.g. the ASEAN model clauses)',
      certification: 'Certification',
      law: 'Compliance with the law',
      consent: "Explicit consent after being told the destination's standard",
      contract: 'Needed to perform a contract with the data subject',
      contract_for_subject: "A contract with another party for the data subject's benefit",
      vital_interest: 'To prevent harm to life, body or health',
      public_interest: 'An important public interest task',
    },
    states: {
      valid: 'Basis and evidence in place',
      no_basis: 'No basis yet',
      no_evidence: 'No evidence file yet',
      expired: 'Evidence expired',
      expiring: 'Evidence expires within 60 days',
    },
    system_panel: {
      title: "This system's transfers abroad (from the transfers register)",
      none: 'The register holds no transfer of this system',
      open: 'Open the transfers register',
      legacy: 'Free text entered before the register (read-only)',
    },
    pdf: {
      heading: 'Transfers abroad (s.28-29)',
      evidence: 'Evidence',
      more: "and %{n} more: the register's XLSX holds every one",
    },
  },
};

const texts = { th, en };
export default texts;

/** This area in the index of every area (i18n/index.ts), by declaration merging: no list is kept by hand. */
declare module './index' {
  interface TextAreas {
    transfers: typeof texts;
  }
}
