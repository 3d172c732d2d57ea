/** Roles and rights (menu 14). English is typed against Thai: a key missing in either fails the type check. */
export const th = {
  roles: {
    title: 'บทบาทและสิทธิ์',
    intro: 'กำหนดว่าแต่ละบทบาทดูหรือแก้ไขเมนูใดได้บ้าง บทบาทมาตรฐานของระบบแก้ไขไม่ได้ แต่คัดลอกเป็นบทบาทใหม่เพื่อปรับสิทธิ์ได้',
    add: 'เพิ่มบทบาท',
    add_title: 'เพิ่มบทบาท',
    edit_title: 'แก้ไขบทบาท',
    copy_title: 'คัดลอกบทบาท',
    view_title: 'สิทธิ์ของบทบาท %{name}',
    name: 'ชื่อบทบาท',
    columns: { name: 'ชื่อบทบาท', rights: 'สิทธิ์', users: 'ผู้ใช้งาน', second_factor: 'ยืนยันสองชั้น' },
    second_factor_label: 'บังคับยืนยันตัวตนสองชั้นสำหรับบทบาท %{name}',
    second_factor_on: 'ผู้ใช้งานในบทบาท %{name} ต้องยืนยันตัวตนสองชั้น จะตั้งค่าแอปเมื่อเข้าสู่ระบบครั้งถัดไป',
    second_factor_off: 'ยกเลิกการบังคับยืนยันตัวตนสองชั้นสำหรับบทบาท %{name} แล้ว (ผู้ที่ตั้งค่าไว้แล้วยังใช้ต่อ)',
    second_factor_hint: 'แนะนำให้บังคับสำหรับผู้ดูแลระบบและเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล (DPO)',
    builtin: 'บทบาทมาตรฐาน',
    builtin_hint: 'บทบาทมาตรฐานของระบบแก้ไขหรือลบไม่ได้ หากต้องการปรับสิทธิ์ กรุณาคัดลอกเป็นบทบาทใหม่',
    builtin_names: {
      admin: 'ผู้ดูแลระบบ',
      dpo: 'DPO',
      staff: 'พนักงาน',
      viewer: 'ผู้ดูแลข้อมูล',
      contact: 'ผู้ติดต่อ',
    },
    builtin_descriptions: {
      admin: 'ดูและแก้ไขได้ทุกเมนู รวมถึงการตั้งค่าบริษัท ผู้ใช้งาน และบทบาท',
      dpo: 'ดูและแก้ไขได้ทุกเมนูงานคุ้มครองข้อมูล (เหตุละเมิด คำขอใช้สิทธิ ความเสี่ยง เอกสาร) ยกเว้นการตั้งค่าบริษัทและผู้ใช้งาน',
      staff:
        'พนักงานทั่วไป: ทำแบบทดสอบความรู้ ดูแดชบอร์ด และบันทึกกิจกรรมการประมวลผล (ROPA) กับแผนผังข้อมูลของงานตน ไม่เห็นบันทึกเหตุละเมิด ความยินยอม และคำขอใช้สิทธิของเจ้าของข้อมูล ซึ่งมีข้อมูลของผู้อื่น พบเหตุละเมิดให้แจ้ง DPO ทันที พนักงานที่ต้องบันทึกความยินยอมหน้างาน ให้คัดลอกบทบาทนี้แล้วเพิ่มเมนูความยินยอม',
      viewer: 'ดูข้อมูลได้เกือบทุกเมนู (ยกเว้นความเสี่ยงและการตั้งค่า) แต่แก้ไขไม่ได้',
      contact: 'ผู้ติดต่อภายนอก: ดูแดชบอร์ดและข้อมูลติดต่อ DPO เท่านั้น',
    },
    rights_summary: 'ดูได้ %{view} เมนู · แก้ไขได้ %{edit} เมนู',
    user_count: '%{smart_count} คน',
    view: 'ดูสิทธิ์',
    copy: 'คัดลอก',
    close: 'ปิด',
    copy_name: 'สำเนา %{name}',
    grid: {
      title: 'สิทธิ์การใช้งานเมนู',
      menu: 'เมนู',
      view: 'ดูข้อมูล',
      edit: 'แก้ไขข้อมูล',
      all_view: 'ดูข้อมูลได้ทุกเมนู',
      all_edit: 'แก้ไขข้อมูลได้ทุกเมนู',
    },
    add_success: 'เพิ่มบทบาทสำเร็จ',
    copy_success: 'คัดลอกบทบาทสำเร็จ',
    edit_success: 'บันทึกบทบาทสำเร็จ',
  },
};

export const en: typeof th = {
  roles: {
    title: 'Roles and rights',
    intro:
      'Decide which menus each role may view or change. Built-in roles cannot be changed, but you can copy one into a new role and adjust its rights.',
    add: 'Add role',
    add_title: 'Add a role',
    edit_title: 'Edit role',
    copy_title: 'Copy role',
    view_title: 'Rights of %{name}',
    name: 'Role name',
    columns: { name: 'Role', rights: 'Rights', users: 'Users', second_factor: 'Two-step' },
    second_factor_label: 'Require two-step verification for the role %{name}',
    second_factor_on: 'People with the role %{name} must use two-step verification; they set up the app at their next sign-in',
    second_factor_off: 'Two-step verification is no longer required for the role %{name} (those who set it up keep using it)',
    second_factor_hint: 'Recommended for administrators and the data protection officer (DPO)',
    builtin: 'Built-in',
    builtin_hint: 'Built-in roles cannot be changed or deleted. To adjust their rights, copy one into a new role.',
    builtin_names: {
      admin: 'Administrator',
      dpo: 'DPO',
      staff: 'Staff',
      viewer: 'Data custodian (view only)',
      contact: 'Contact',
    },
    builtin_descriptions: {
      admin: 'Views and changes every menu, the company settings, users and roles included',
      dpo: 'Views and changes every data protection menu (breaches, requests, risks, documents), not the company settings and users',
      staff:
        "An ordinary employee: takes the knowledge tests, sees the dashboard, and keeps the ROPA and the data map of their work. Does not see the breach log, the consents or the data subjects' requests, which hold other people's data; reports a breach to the DPO at once. For front-desk staff who record consents, copy this role and add the consents menu",
      viewer: 'Views almost every menu (not risks and settings), changes nothing',
      contact: 'An outside contact: sees the dashboard and the DPO contact only',
    },
    rights_summary: 'Menus: %{view} viewed, %{edit} edited',
    user_count: '%{smart_count} user |||| %{smart_count} users',
    view: 'View rights',
    copy: 'Copy',
    close: 'Close',
    copy_name: 'Copy of %{name}',
    grid: {
      title: 'Menu rights',
      menu: 'Menu',
      view: 'View',
      edit: 'Edit',
      all_view: 'View every menu',
      all_edit: 'Edit every menu',
    },
    add_success: 'Role added',
    copy_success: 'Role copied',
    edit_success: 'Role saved',
  },
};

const texts = { th, en };
export default texts;

/** This area in the index of every area (i18n/index.ts), by declaration merging: no list is kept by hand. */
declare module './index' {
  interface TextAreas {
    roles: typeof texts;
  }
}
