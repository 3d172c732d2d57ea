/** Webhooks of the company's own systems (settings, menu 13). English is typed against Thai. */
export const th = {
  webhooks: {
    title: 'Webhook',
    intro:
      'แจ้งระบบของบริษัทเอง (CRM ระบบอีเมลการตลาด ระบบงานบริการลูกค้า) ทันทีที่เกิดเหตุการณ์ เช่น เจ้าของข้อมูลถอนความยินยอม ระบบส่งข้อมูลแบบ JSON พร้อมลายมือชื่อดิจิทัล (HMAC-SHA256) และส่งซ้ำอัตโนมัติได้นานถึง 24 ชั่วโมงหากปลายทางไม่ตอบรับ',
    usage: 'ตรวจลายมือชื่อจากส่วนหัว x-pdpa-signature: t=<เวลา>,v1=<HMAC-SHA256 ของ "<t>.<body>" ด้วยรหัสลับ> และปฏิเสธข้อความที่เวลาเก่าเกิน 5 นาที',
    add: 'เพิ่มปลายทาง',
    add_title: 'เพิ่มปลายทาง Webhook',
    edit_title: 'แก้ไขปลายทาง Webhook',
    url: 'ที่อยู่ปลายทาง (https://)',
    url_hint: 'เช่น https://crm.example.co.th/hooks/pdpa',
    description: 'คำอธิบาย',
    events_label: 'เหตุการณ์ที่แจ้ง',
    active: 'เปิดใช้งาน',
    inactive: 'ปิดใช้งาน',
    events: {
      'consent.given': 'เจ้าของข้อมูลให้ความยินยอม',
      'consent.withdrawn': 'เจ้าของข้อมูลถอนความยินยอม',
      'request.received': 'ได้รับคำขอใช้สิทธิ',
      'request.due_soon': 'คำขอใช้สิทธิใกล้ครบกำหนด (ภายใน 7 วัน)',
      'request.closed': 'ปิดคำขอใช้สิทธิ',
      'breach.recorded': 'บันทึกเหตุการละเมิดข้อมูล',
      ping: 'ทดสอบการส่ง',
    },
    columns: {
      url: 'ปลายทาง',
      events: 'เหตุการณ์',
      state: 'สถานะ',
      last: 'การส่งล่าสุด',
    },
    created_by: 'โดย %{name}',
    never: 'ยังไม่เคยส่ง',
    test: 'ส่งทดสอบ',
    test_sent: 'ส่งข้อความทดสอบแล้ว ดูผลในประวัติการส่ง',
    deliveries: 'ประวัติการส่ง',
    deliveries_of: 'ประวัติการส่งไปยัง %{url}',
    created_success: 'เพิ่มปลายทางแล้ว',
    saved_success: 'บันทึกปลายทางแล้ว',
    deleted_success: 'ลบปลายทางแล้ว',
    secret_title: 'รหัสลับของ %{url}',
    secret_text: 'คัดลอกรหัสลับนี้ไปตั้งค่าในระบบปลายทางเพื่อตรวจลายมือชื่อ ระบบจะแสดงเพียงครั้งนี้ครั้งเดียว หากทำหาย ให้ลบปลายทางแล้วสร้างใหม่',
    secret_label: 'รหัสลับ',
    copy: 'คัดลอก',
    copied: 'คัดลอกแล้ว',
    done: 'เสร็จสิ้น',
    delivery: {
      event: 'เหตุการณ์',
      state: 'สถานะ',
      attempts: 'จำนวนครั้งที่ส่ง',
      reply: 'การตอบกลับ',
      created: 'เกิดเหตุการณ์เมื่อ',
      next: 'ส่งอีกครั้ง %{date}',
      retry: 'ส่งอีกครั้งตอนนี้',
      retried: 'จะส่งอีกครั้งภายในไม่กี่วินาที',
      states: { pending: 'รอส่ง', delivered: 'ส่งสำเร็จ', failed: 'ส่งไม่สำเร็จ' },
      no_reply: 'ไม่มีการตอบกลับ',
      none: 'ยังไม่มีการส่ง',
    },
    empty: 'ยังไม่มีปลายทาง Webhook',
  },
};

export const en: typeof th = {
  webhooks: {
    title: 'Webhooks',
    intro:
      "Tell the company's own systems (CRM, e-mail marketing, customer service) as soon as an event happens, such as a data subject withdrawing consent. Each delivery is JSON with a digital signature (HMAC-SHA256), sent again automatically for up to 24 hours when the endpoint does not accept it.",
    usage:
      'Check the signature in the x-pdpa-signature header: t=<time>,v1=<HMAC-SHA256 of "<t>.<body>" with the secret>, and refuse a message whose time is more than 5 minutes old.',
    add: 'Add an endpoint',
    add_title: 'Add a webhook endpoint',
    edit_title: 'Edit the webhook endpoint',
    url: 'Endpoint address (https://)',
    url_hint: 'e.g. https://crm.example.co.th/hooks/pdpa',
    description: 'Description',
    events_label: 'Events to send',
    active: 'On',
    inactive: 'Off',
    events: {
      'consent.given': 'A data subject gave consent',
      'consent.withdrawn': 'A data subject withdrew consent',
      'request.received': 'A rights request was received',
      'request.due_soon': 'A rights request is due within 7 days',
      'request.closed': 'A rights request was closed',
      'breach.recorded': 'A data breach was recorded',
      ping: 'Test delivery',
    },
    columns: {
      url: 'Endpoint',
      events: 'Events',
      state: 'State',
      last: 'Last delivery',
    },
    created_by: 'by %{name}',
    never: 'Nothing sent yet',
    test: 'Send a test',
    test_sent: 'A test was sent: see its outcome in the delivery log',
    deliveries: 'Delivery log',
    deliveries_of: 'Deliveries to %{url}',
    created_success: 'The endpoint was added',
    saved_success: 'The endpoint was saved',
    deleted_success: 'The endpoint was deleted',
    secret_title: 'The secret of %{url}',
    secret_text:
      'Copy this secret into the receiving system to check the signatures. It is shown this once: if it is lost, delete the endpoint and add it again.',
    secret_label: 'Secret',
    copy: 'Copy',
    copied: 'Copied',
    done: 'Done',
    delivery: {
      event: 'Event',
      state: 'State',
      attempts: 'Attempts',
      reply: 'Reply',
      created: 'Happened',
      next: 'Next try %{date}',
      retry: 'Send again now',
      retried: 'It will be sent again within seconds',
      states: { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed' },
      no_reply: 'No reply',
      none: 'Nothing sent yet',
    },
    empty: 'No webhook endpoint yet',
  },
};

const texts = { th, en };
export default texts;

/** This area in the index of every area (i18n/index.ts), by declaration merging: no list is kept by hand. */
declare module './index' {
  interface TextAreas {
    webhooks: typeof texts;
  }
}
