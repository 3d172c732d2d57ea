/** Company settings (menu 13). English is typed against Thai: a key missing in either fails the type check. */
export const th = {
  company_settings: {
    title: 'ตั้งค่าข้อมูลบริษัท',
    intro: 'ข้อมูลผู้ควบคุมข้อมูลส่วนบุคคลที่ใช้ในประกาศความเป็นส่วนตัว แบบฟอร์มความยินยอม และรายงานของระบบ',
    not_init: 'ยังไม่ได้กรอกข้อมูลบริษัท กรุณากรอกชื่อบริษัท ที่อยู่ และเลขประจำตัวผู้เสียภาษีให้ครบ แล้วกดบันทึก',
    read_only: 'บทบาทของคุณดูข้อมูลบริษัทได้อย่างเดียว ไม่สามารถแก้ไขได้',
    company_code: 'รหัสบริษัท',
    required: 'กรุณากรอกข้อมูลนี้',
    save: 'บันทึก',
    saving: 'กำลังบันทึก...',
    saved: 'บันทึกข้อมูลบริษัทสำเร็จ',
    load_failed: 'โหลดข้อมูลบริษัทไม่สำเร็จ',
    sections: {
      logo: 'โลโก้บริษัท',
      company: 'ข้อมูลบริษัท',
      address: 'ที่อยู่',
      tax: 'ข้อมูลภาษี',
      contacts: 'ช่องทางติดต่อ',
      dpo: 'ผู้ติดต่อเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล (DPO)',
    },
    fields: {
      nameTh: 'ชื่อบริษัท (ภาษาไทย)',
      nameEn: 'ชื่อบริษัท (ภาษาอังกฤษ)',
      address: 'ที่อยู่',
      taxId: 'เลขประจำตัวผู้เสียภาษีอากร',
      phone: 'เบอร์โทรศัพท์',
      email: 'อีเมล',
      website: 'เว็บไซต์',
      dpo_name: 'ชื่อ-นามสกุล DPO',
      dpo_email: 'อีเมล DPO',
      dpo_phone: 'เบอร์โทรศัพท์ DPO',
    },
    hints: {
      taxId: 'ตัวเลข 13 หลัก (พิมพ์ขีดคั่นได้)',
      phone: 'เช่น 02-123-4567 ต่อ 12',
      website: 'เช่น https://www.example.co.th',
      address: 'เลขที่ อาคาร ถนน แขวง/ตำบล เขต/อำเภอ จังหวัด รหัสไปรษณีย์',
    },
    logo: {
      alt: 'โลโก้บริษัท',
      none: 'ยังไม่มีโลโก้',
      choose: 'เลือกไฟล์โลโก้',
      change: 'เปลี่ยนโลโก้',
      undo: 'ยกเลิกไฟล์ที่เลือก',
      hint: 'ไฟล์ PNG, JPEG หรือ WebP ขนาดไม่เกิน %{size}\u00a0MB',
      pending: 'ไฟล์ใหม่: %{name} (จะบันทึกเมื่อกดบันทึก)',
    },
  },
};

export const en: typeof th = {
  company_settings: {
    title: 'Company settings',
    intro: "The data controller's details used in privacy notices, consent forms and the reports of the system.",
    not_init: 'The company profile has not been filled in yet. Enter the company name, address and tax ID, then save.',
    read_only: 'Your role may only view the company profile; it cannot change it.',
    company_code: 'Company code',
    required: 'This value is required.',
    save: 'Save',
    saving: 'Saving...',
    saved: 'Company profile saved',
    load_failed: 'The company profile could not be loaded.',
    sections: {
      logo: 'Company logo',
      company: 'Company',
      address: 'Address',
      tax: 'Tax',
      contacts: 'Contacts',
      dpo: 'Data protection officer (DPO) contact',
    },
    fields: {
      nameTh: 'Company name (Thai)',
      nameEn: 'Company name (English)',
      address: 'Address',
      taxId: 'Tax ID',
      phone: 'Phone',
      email: 'E-mail',
      website: 'Website',
      dpo_name: 'DPO name',
      dpo_email: 'DPO e-mail',
      dpo_phone: 'DPO phone',
    },
    hints: {
      taxId: '13 digits (dashes allowed)',
      phone: 'e.g. 02-123-4567 ext. 12',
      website: 'e.g. https://www.example.co.th',
      address: 'Number, building, road, sub-district, district, province, postcode',
    },
    logo: {
      alt: 'Company logo',
      none: 'No logo yet',
      choose: 'Choose a logo file',
      change: 'Change logo',
      undo: 'Drop the chosen file',
      hint: 'PNG, JPEG or WebP, at most %{size}\u00a0MB',
      pending: 'New file: %{name} (kept when you save)',
    },
  },
};

const texts = { th, en };
export default texts;

/** This area in the index of every area (i18n/index.ts), by declaration merging: no list is kept by hand. */
declare module './index' {
  interface TextAreas {
    company: typeof texts;
  }
}
