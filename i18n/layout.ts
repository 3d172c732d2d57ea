/**
 * The application's own texts, loaded with it (src/App.tsx), not with the sign-in or public pages: the
 * menu (the server names the menu with them too), the notifications, the shell's pages and react-admin's
 * resource names.
 */
export const th = {
  menu: {
    main: 'เมนูหลัก',
    dashboard: 'แดชบอร์ด',
    ropa: 'บันทึกรายการกิจกรรมการประมวลผล (ROPA)',
    dataManage: 'แผนผังข้อมูล (Data Map)',
    consents: 'ประกาศความเป็นส่วนตัวและความยินยอม',
    cookie: 'จัดการความยินยอมคุกกี้',
    dataBreach: 'บันทึกการละเมิดข้อมูลส่วนบุคคล',
    riskManagement: 'การบริหารความเสี่ยง',
    assessments: 'การประเมินผลกระทบ (DPIA) และประโยชน์โดยชอบด้วยกฎหมาย',
    dpo: 'เจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล (DPO)',
    sheets: 'เอกสาร',
    knowledge: 'แบบทดสอบความรู้ PDPA',
    settings: 'ตั้งค่าบริษัท',
    contacts: 'ผู้ใช้งานและสิทธิ์',
    always: 'ไม่มีสิทธิ์เข้าถึง',
    recent: 'เมนูที่ใช้ล่าสุด',
    no_menu: 'บัญชีนี้ยังไม่ได้รับสิทธิ์ใช้งานเมนูใด กรุณาติดต่อผู้ดูแลระบบของบริษัท',
  },
  notifications: {
    kinds: {
      welcome: 'ยินดีต้อนรับสู่ระบบ %{company}',
      dsr_new: 'มีคำขอใช้สิทธิของเจ้าของข้อมูลใหม่ เลขที่ %{ref}',
      dsr_due: 'คำขอใช้สิทธิเลขที่ %{ref} จะครบกำหนดใน %{days} วัน',
      dsr_overdue: 'คำขอใช้สิทธิเลขที่ %{ref} เกินกำหนดมาแล้ว %{days} วัน',
      breach_clock: 'เหตุละเมิด "%{title}" เหลือเวลาแจ้ง สคส. อีก %{hours} ชั่วโมง',
      evaluation_finished: 'การประเมินความเสี่ยง "%{title}" เสร็จสิ้นแล้ว',
      quiz_due_week: 'แบบทดสอบ "%{title}" ต้องทำให้ผ่านภายในวันที่ %{date} (อีก %{days} วัน)',
      quiz_due_today: 'วันนี้เป็นวันสุดท้ายของแบบทดสอบ "%{title}" กรุณาทำให้ผ่าน',
      dpo_term_ending: 'วาระของเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล %{name} จะสิ้นสุดในอีก %{days} วัน',
      dpo_missing: 'แบบประเมินระบุว่าบริษัทต้องแต่งตั้งเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล แต่ยังไม่มีผู้ดำรงตำแหน่ง',
      ropa_review_due: 'บันทึกกิจกรรม ROPA "%{name}" จะถึงกำหนดทบทวนใน %{days} วัน',
      ropa_review_overdue: 'บันทึกกิจกรรม ROPA "%{name}" เลยกำหนดทบทวนมาแล้ว %{days} วัน',
      ropa_inform_due: 'กิจกรรม "%{name}" ได้ข้อมูลจากแหล่งอื่น ต้องแจ้งเจ้าของข้อมูล (มาตรา 25) ภายใน %{days} วัน',
      ropa_inform_overdue: 'กิจกรรม "%{name}" ยังไม่ได้แจ้งเจ้าของข้อมูลที่ได้ข้อมูลจากแหล่งอื่น (มาตรา 25) เลยกำหนดมาแล้ว %{days} วัน',
      ropa_review_assigned: '%{by} ขอให้คุณตรวจทานบันทึกกิจกรรม ROPA "%{name}"',
      breach_overdue: 'เหตุละเมิด "%{title}" เกินกำหนดแจ้ง สคส. 72 ชั่วโมงมาแล้ว %{hours} ชั่วโมง ต้องแจ้งพร้อมเหตุผลความล่าช้า',
      processor_dpa_expiring: 'ข้อตกลงการประมวลผลข้อมูลของ "%{name}" จะหมดอายุใน %{days} วัน',
      processor_review_overdue: 'การทบทวนผู้ประมวลผล "%{name}" เลยกำหนดมาแล้ว %{days} วัน',
      processor_questionnaire_answered: '"%{name}" ตอบแบบสอบถามการตรวจสอบแล้ว ได้คะแนน %{score}/100',
      retention_overdue: 'ถึงกำหนดลบ "%{category}" ในระบบ %{system} แล้ว เกินกำหนดมา %{days} วัน: %{label}',
      dsr_task_assigned: 'คุณได้รับมอบหมายงานในระบบ "%{system}" สำหรับ %{ref}',
      dsr_task_due: 'งานในระบบ "%{system}" สำหรับ %{ref} จะครบกำหนดภายใน 2 วัน',
    },
  },
  pages: {
    main: {
      title: 'เมนูหลัก',
      greeting: 'สวัสดี คุณ%{name}',
      subtitle: 'เลือกงานที่ต้องการทำ',
      recent: 'หน้าที่เปิดล่าสุด',
      modules: 'โมดูลของคุณ',
      // each tile's one live figure (GET /user/menu-figures)
      figures: {
        dsr: 'คำขอใช้สิทธิที่ยังไม่ปิด',
        dsr_detail: 'เกินกำหนด %{n} คำขอ',
        breach: 'เหตุละเมิดที่ยังไม่ปิด',
        breach_detail: 'เกิน 72 ชั่วโมงโดยยังไม่แจ้ง สคส. %{n} เหตุ',
        ropa: 'กิจกรรมที่เลยกำหนดทบทวน',
        cookie: 'โดเมนเว็บไซต์',
        sheets: 'เอกสารที่รอตรวจทาน',
        risk: 'ความเสี่ยงระดับสูงและสูงมาก',
        dpo_yes: 'แต่งตั้งแล้ว',
        dpo_no: 'ยังไม่แต่งตั้ง',
        dpo_informed: 'แจ้ง สคส. แล้ว',
        dpo_not_informed: 'ยังไม่แจ้ง สคส.',
        knowledge: 'แบบทดสอบของคุณที่ผ่านแล้ว',
      },
    },
    dashboard: {
      title: 'แดชบอร์ด',
      company: 'บริษัท',
      menus: 'เมนูที่ใช้งานได้',
      unread: 'การแจ้งเตือนที่ยังไม่ได้อ่าน',
      latest: 'การแจ้งเตือนล่าสุด',
      modules_coming: 'สรุปข้อมูลของแต่ละโมดูลจะแสดงที่นี่เมื่อโมดูลนั้นเปิดใช้งาน',
    },
    not_found: {
      title: 'ไม่พบหน้าที่ต้องการ (404)',
      text: 'หน้าที่คุณเรียกอาจถูกย้าย ลบ หรือพิมพ์ที่อยู่ไม่ถูกต้อง',
      back: 'กลับสู่หน้าหลัก',
    },
    forbidden: {
      title: 'ไม่มีสิทธิ์เข้าถึง',
      text: 'บทบาทของคุณไม่มีสิทธิ์ใช้งานหน้านี้ หากต้องการใช้งาน กรุณาติดต่อผู้ดูแลระบบของบริษัท',
      back: 'กลับสู่เมนูหลัก',
    },
    coming: {
      title: 'โมดูลนี้กำลังพัฒนา',
      text: 'หน้านี้ยังไม่เปิดให้ใช้งาน',
    },
    terms: {
      title: 'ข้อกำหนดและเงื่อนไขการใช้งาน',
      updated: 'ปรับปรุงล่าสุด %{date}',
      sections: {
        scope: {
          heading: '1. ขอบเขตการให้บริการ',
          body: 'ระบบนี้ให้บริการเครื่องมือสำหรับองค์กรในการปฏิบัติตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 ได้แก่ การบันทึกรายการกิจกรรมการประมวลผล การจัดการคำขอใช้สิทธิของเจ้าของข้อมูล ประกาศความเป็นส่วนตัวและความยินยอม การจัดการคุกกี้ การบันทึกเหตุละเมิด การบริหารความเสี่ยง และการแต่งตั้งเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล',
        },
        accounts: {
          heading: '2. บัญชีผู้ใช้และความปลอดภัย',
          body: 'ผู้ใช้ต้องเก็บรักษาชื่อผู้ใช้และรหัสผ่านเป็นความลับ และรับผิดชอบต่อการใช้งานทั้งหมดภายใต้บัญชีของตน หากพบการใช้งานโดยไม่ได้รับอนุญาต ให้แจ้งผู้ดูแลระบบขององค์กรทันทีเพื่อยกเลิกเซสชันและเปลี่ยนรหัสผ่าน',
        },
        data: {
          heading: '3. ข้อมูลขององค์กร',
          body: 'ข้อมูลที่แต่ละองค์กรบันทึกในระบบเป็นขององค์กรนั้น และแยกออกจากข้อมูลขององค์กรอื่นโดยสมบูรณ์ องค์กรในฐานะผู้ควบคุมข้อมูลส่วนบุคคลเป็นผู้กำหนดวัตถุประสงค์และวิธีการประมวลผล ผู้ให้บริการระบบทำหน้าที่เป็นผู้ประมวลผลข้อมูลส่วนบุคคลตามคำสั่งขององค์กรเท่านั้น',
        },
        protection: {
          heading: '4. การคุ้มครองข้อมูลส่วนบุคคล',
          body: 'ระบบจัดเก็บรหัสผ่านในรูปแบบที่ไม่สามารถย้อนกลับได้ จำกัดการเข้าถึงตามบทบาท และบันทึกการใช้งานที่สำคัญ เพื่อให้สอดคล้องกับมาตรการรักษาความมั่นคงปลอดภัยตามประกาศคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล',
        },
        contact: {
          heading: '5. การติดต่อ',
          body: 'หากมีคำถามเกี่ยวกับข้อกำหนดนี้หรือการใช้งานระบบ กรุณาติดต่อผู้ดูแลระบบหรือเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคลขององค์กรของท่าน',
        },
      },
    },
  },
  /** MUI's own texts (the theme gives them to every Autocomplete and Alert) */
  mui: {
    open: 'เปิดรายการตัวเลือก',
    close: 'ปิดรายการตัวเลือก',
    clear: 'ล้างค่า',
    no_options: 'ไม่มีตัวเลือก',
    loading: 'กำลังโหลด…',
    close_alert: 'ปิด',
    /** a list's pager when a search was counted only up to the server's cap (ListPagination) */
    rows_more_than: '%{from}-%{to} จากมากกว่า %{total} รายการ',
  },
  resources: {
    notifications: {
      name: 'การแจ้งเตือน',
      fields: { message: 'รายการ', created_dt: 'วันที่' },
      unread: 'ยังไม่อ่าน',
      mark_read: 'ทำเครื่องหมายว่าอ่านแล้ว',
      open: 'เปิดรายการ',
      all_read: 'อ่านการแจ้งเตือนทั้งหมดแล้ว',
      see_all: 'ดูการแจ้งเตือนทั้งหมด',
    },
  },
};

export const en: typeof th = {
  menu: {
    main: 'Main menu',
    dashboard: 'Dashboard',
    ropa: 'Records of processing (ROPA)',
    dataManage: 'Data map',
    consents: 'Privacy notices and consent',
    cookie: 'Cookie consent',
    dataBreach: 'Data breach log',
    riskManagement: 'Risk management',
    assessments: 'Impact and legitimate-interest assessments',
    dpo: 'Data protection officer (DPO)',
    sheets: 'Documents',
    knowledge: 'PDPA knowledge tests',
    settings: 'Company settings',
    contacts: 'Users and roles',
    always: 'Access denied',
    recent: 'Recently used',
    no_menu: 'This account has not been given any menu yet. Please contact your company administrator.',
  },
  notifications: {
    kinds: {
      welcome: 'Welcome to %{company}',
      dsr_new: 'New data subject request %{ref}',
      dsr_due: 'Data subject request %{ref} is due in %{days} days',
      dsr_overdue: 'Data subject request %{ref} is %{days} days overdue',
      breach_clock: 'Breach "%{title}": %{hours} hours left to notify the PDPC Office',
      evaluation_finished: 'Risk evaluation "%{title}" is finished',
      quiz_due_week: 'Test "%{title}" must be passed by %{date} (%{days} days left)',
      quiz_due_today: 'Today is the last day to pass the test "%{title}"',
      dpo_term_ending: 'The term of the data protection officer %{name} ends in %{days} days',
      dpo_missing: 'The questionnaire says a data protection officer is required, but none is appointed',
      ropa_review_due: 'ROPA record "%{name}" is due for review in %{days} days',
      ropa_review_overdue: 'ROPA record "%{name}" is %{days} days past its review date',
      ropa_inform_due: '"%{name}" received data from another source: inform the data subjects (s.25) within %{days} days',
      ropa_inform_overdue: '"%{name}" has not informed the data subjects of data from another source (s.25): %{days} days overdue',
      ropa_review_assigned: '%{by} asks you to review the ROPA record "%{name}"',
      breach_overdue: 'Breach "%{title}": %{hours} hours past the 72 hours to notify the PDPC Office; notify with the reasons for the delay',
      processor_dpa_expiring: 'The data processing agreement of "%{name}" expires in %{days} days',
      processor_review_overdue: 'The review of processor "%{name}" is %{days} days overdue',
      processor_questionnaire_answered: '"%{name}" answered the due-diligence questionnaire: %{score}/100',
      retention_overdue: '"%{category}" in %{system} is %{days} days past its deletion day: %{label}',
      dsr_task_assigned: 'You are assigned the work in "%{system}" for %{ref}',
      dsr_task_due: 'The work in "%{system}" for %{ref} is due within 2 days',
    },
  },
  pages: {
    main: {
      title: 'Main menu',
      greeting: 'Hello, %{name}',
      subtitle: 'Choose what you want to work on',
      recent: 'Recently opened pages',
      modules: 'Your modules',
      figures: {
        dsr: 'Open data subject requests',
        dsr_detail: '%{n} overdue',
        breach: 'Open breaches',
        breach_detail: '%{n} past 72 hours without notifying the Office',
        ropa: 'Activities past their review date',
        cookie: 'Website domains',
        sheets: 'Documents waiting for review',
        risk: 'High and very high risks',
        dpo_yes: 'Appointed',
        dpo_no: 'Not appointed',
        dpo_informed: 'PDPC Office informed',
        dpo_not_informed: 'PDPC Office not informed',
        knowledge: 'Your tests passed',
      },
    },
    dashboard: {
      title: 'Dashboard',
      company: 'Company',
      menus: 'Menus you can use',
      unread: 'Unread notifications',
      latest: 'Latest notifications',
      modules_coming: 'Each module adds its summary here once it is enabled.',
    },
    not_found: {
      title: 'Page not found (404)',
      text: 'The page may have moved or been removed, or the address is mistyped.',
      back: 'Back to home',
    },
    forbidden: {
      title: 'Access denied',
      text: 'Your role may not use this page. Please ask your company administrator if you need it.',
      back: 'Back to the main menu',
    },
    coming: {
      title: 'This module is being built',
      text: 'This page is not available yet.',
    },
    terms: {
      title: 'Terms and conditions of use',
      updated: 'Last updated %{date}',
      sections: {
        scope: {
          heading: '1. The service',
          body: 'This system gives organisations the tools to comply with the Personal Data Protection Act B.E. 2562 (2019): records of processing, data subject requests, privacy notices and consent, cookie consent, breach logging, risk management and the appointment of a data protection officer.',
        },
        accounts: {
          heading: '2. Accounts and security',
          body: "Users must keep their username and password secret and are responsible for everything done under their account. Report any unauthorised use to your organisation's administrator at once, so the sessions can be revoked and the password changed.",
        },
        data: {
          heading: "3. Your organisation's data",
          body: "The data each organisation records belongs to it and is kept entirely apart from every other organisation's. The organisation, as the data controller, decides the purposes and means of processing; the operator of this system acts as a data processor on its instructions only.",
        },
        protection: {
          heading: '4. Personal data protection',
          body: "Passwords are stored in a form that cannot be reversed, access is limited by role and significant actions are logged, in line with the security measures required by the Personal Data Protection Committee's notifications.",
        },
        contact: {
          heading: '5. Contact',
          body: "For questions about these terms or the system, please contact your organisation's administrator or data protection officer.",
        },
      },
    },
  },
  /** MUI's own texts (the theme gives them to every Autocomplete and Alert) */
  mui: {
    open: 'Open the options',
    close: 'Close the options',
    clear: 'Clear',
    no_options: 'No options',
    loading: 'Loading…',
    close_alert: 'Close',
    rows_more_than: '%{from}-%{to} of more than %{total}',
  },
  resources: {
    notifications: {
      name: 'Notifications',
      fields: { message: 'Notification', created_dt: 'Date' },
      unread: 'Unread',
      mark_read: 'Mark as read',
      open: 'Open',
      all_read: 'Every notification has been read',
      see_all: 'See all notifications',
    },
  },
};

const texts = { th, en };
export default texts;

/** This area in the index of every area (i18n/index.ts), by declaration merging: no list is kept by hand. */
declare module './index' {
  interface TextAreas {
    layout: typeof texts;
  }
}
