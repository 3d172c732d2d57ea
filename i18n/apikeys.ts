/** API keys of the company's own apps (settings, menu 13). English is typed against Thai. */
export const th = {
  apikeys: {
    title: 'คีย์ API',
    intro:
      'คีย์สำหรับระบบของบริษัทเอง (ร้านค้าออนไลน์ แอปมือถือ LINE OA คอลเซ็นเตอร์) เพื่อบันทึกและตรวจสอบความยินยอมผ่าน API ในที่เดียวกับที่ระบบนี้แสดง ระบบแสดงรหัสลับเพียงครั้งเดียวตอนสร้าง และเก็บไว้เฉพาะค่าแฮช',
    add: 'สร้างคีย์ API',
    add_title: 'สร้างคีย์ API',
    name: 'ชื่อคีย์ (ใช้เป็นช่องทางในบันทึกความยินยอม)',
    name_hint: 'เช่น ร้านค้าออนไลน์ หรือ LINE OA',
    scopes_label: 'สิทธิ์ของคีย์',
    rate_limit: 'จำนวนครั้งที่เรียกได้ต่อนาที',
    columns: {
      name: 'ชื่อคีย์',
      prefix: 'รหัสคีย์',
      scopes: 'สิทธิ์',
      created: 'สร้างเมื่อ',
      last_used: 'ใช้ล่าสุด',
      state: 'สถานะ',
    },
    scopes: {
      'consent:write': 'บันทึกความยินยอมและการถอนความยินยอม',
      'consent:read': 'อ่านและตรวจสอบความยินยอม',
      'requests:write': 'ส่งคำขอใช้สิทธิของเจ้าของข้อมูล',
    },
    created_by: 'โดย %{name}',
    never_used: 'ยังไม่เคยใช้',
    active: 'ใช้งานอยู่',
    revoked: 'เพิกถอนแล้ว',
    revoke: 'เพิกถอน',
    revoked_success: 'เพิกถอนคีย์ API แล้ว ระบบจะไม่รับคีย์นี้อีก',
    created_success: 'สร้างคีย์ API แล้ว',
    secret_title: 'รหัสลับของคีย์ "%{name}"',
    secret_text: 'คัดลอกรหัสลับนี้ไปเก็บในระบบของคุณตอนนี้ ระบบจะไม่แสดงรหัสนี้อีก หากทำหาย ให้เพิกถอนคีย์แล้วสร้างใหม่',
    secret_label: 'รหัสลับ',
    copy: 'คัดลอก',
    copied: 'คัดลอกรหัสลับแล้ว',
    done: 'เก็บรหัสแล้ว ปิดหน้าต่าง',
    usage: 'ส่งรหัสลับในส่วนหัว Authorization: Bearer <รหัสลับ> ดูตัวอย่างการเรียกใช้ได้ที่ /api/docs',
  },
};

export const en: typeof th = {
  apikeys: {
    title: 'API keys',
    intro:
      "Keys for the company's own systems (online shop, mobile app, LINE OA, call centre) to record and check consent through the API, in the same store this system shows. The secret is shown once, when the key is created; only its hash is kept.",
    add: 'Create API key',
    add_title: 'Create an API key',
    name: 'Key name (the channel of the consents it records)',
    name_hint: 'e.g. Online shop or LINE OA',
    scopes_label: 'What the key may do',
    rate_limit: 'Calls per minute',
    columns: {
      name: 'Key name',
      prefix: 'Key id',
      scopes: 'Scopes',
      created: 'Created',
      last_used: 'Last used',
      state: 'State',
    },
    scopes: {
      'consent:write': 'Record consents and withdrawals',
      'consent:read': 'Read and check consents',
      'requests:write': 'Send data subject requests',
    },
    created_by: 'by %{name}',
    never_used: 'Never used',
    active: 'In use',
    revoked: 'Revoked',
    revoke: 'Revoke',
    revoked_success: 'The API key is revoked: it is no longer accepted.',
    created_success: 'API key created',
    secret_title: 'The secret of "%{name}"',
    secret_text: 'Copy this secret into your system now: it will not be shown again. If it is lost, revoke the key and create a new one.',
    secret_label: 'Secret',
    copy: 'Copy',
    copied: 'Secret copied',
    done: 'I have kept it, close',
    usage: 'Send the secret in the header Authorization: Bearer <secret>. Examples of calls are at /api/docs.',
  },
};

const texts = { th, en };
export default texts;

/** This area in the index of every area (i18n/index.ts), by declaration merging: no list is kept by hand. */
declare module './index' {
  interface TextAreas {
    apikeys: typeof texts;
  }
}
