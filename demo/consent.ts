/**
 * Each demo company's consent work: consent items, one notice (members' newsletter) published
 * once, and consent records, one of them withdrawn and given again, one withdrawn.
 */
import { emptyDraft, type ConsentDraft, type ConsentItemType } from '../contract/consent';

/** type, Thai name, sensitive, English name (what the English public pages show) */
export const CONSENT_ITEMS: [type: ConsentItemType, name: string, sensitive: boolean, nameEn: string][] = [
  ['source', 'แบบฟอร์มสมัครสมาชิกบนเว็บไซต์', false, 'Membership sign-up form on the website'],
  ['source', 'แอปพลิเคชันบนมือถือ', false, 'Mobile application'],
  ['objective', 'ส่งข่าวสารและสิทธิพิเศษทางอีเมล', false, 'Sending news and special offers by e-mail'],
  ['objective', 'วิเคราะห์ความสนใจเพื่อแนะนำสินค้า', false, 'Analysing interests to recommend products'],
  ['objective', 'จัดส่งสินค้าและบริการหลังการขาย', false, 'Delivery and after-sales service'],
  ['store', 'ชื่อ-นามสกุล', false, 'Full name'],
  ['store', 'อีเมล', false, 'E-mail address'],
  ['store', 'เบอร์โทรศัพท์', false, 'Phone number'],
  ['store', 'ประวัติการซื้อสินค้า', false, 'Purchase history'],
  ['store', 'ข้อมูลสุขภาพ (ประวัติการแพ้ยา)', true, 'Health data (drug allergies)'],
];
/** the items were made this many days ago, the notice's form this many */
export const CONSENT_ITEMS_AGE_DAYS = 40;
export const CONSENT_FORM_AGE_DAYS = 30;

/**
 * The notice's draft, its items named by their ids (`ids`: item name -> id); `transfers`: the company's
 * transfers abroad of the register the notice tells of (DEMO's: the newsletter's e-mail service in
 * Singapore and the members' cloud in the US).
 */
export function consentDemoDraft(ids: Record<string, string>, transfers: string[] = []): ConsentDraft {
  const base = emptyDraft();
  return {
    ...base,
    header: { projectName: 'สมาชิกร้านค้าออนไลน์', projectStatus: 'ดำเนินการ', projectActivity: 'สมัครสมาชิกและรับสิทธิพิเศษ' },
    forConsent: { active: true, remark: 'การตลาดและการแนะนำสินค้า' },
    necessityContract: { active: true, remark: 'การจัดส่งสินค้าตามคำสั่งซื้อ' },
    objective: [ids['ส่งข่าวสารและสิทธิพิเศษทางอีเมล'], ids['วิเคราะห์ความสนใจเพื่อแนะนำสินค้า'], ids['จัดส่งสินค้าและบริการหลังการขาย']],
    consent: {
      ...base.consent,
      form: [ids['แบบฟอร์มสมัครสมาชิกบนเว็บไซต์'], ids['แอปพลิเคชันบนมือถือ']],
      list: [ids['ชื่อ-นามสกุล'], ids['อีเมล'], ids['เบอร์โทรศัพท์'], ids['ประวัติการซื้อสินค้า']],
      purposes: [
        { _id: 'newsletter', data: [ids['ชื่อ-นามสกุล'], ids['อีเมล']], list: [ids['ส่งข่าวสารและสิทธิพิเศษทางอีเมล']] },
        { _id: 'profiling', data: [ids['ประวัติการซื้อสินค้า']], list: [ids['วิเคราะห์ความสนใจเพื่อแนะนำสินค้า']] },
      ],
    },
    disclosure: {
      active: true,
      thirdParty: true,
      thirdPartyRemark: [{ name: 'บริษัทขนส่งพัสดุ', objective: 'จัดส่งสินค้า' }],
      public: false,
      publicRemark: [],
    },
    tranfer: transfers.length ? { active: true, country: '', remark: 'ส่งเฉพาะข้อมูลที่จำเป็นต่อบริการ', mechanism: null, entries: transfers } : base.tranfer,
    security: { typeCount: 'ปี', number: 2, remark: 'นับจากวันที่สิ้นสุดการเป็นสมาชิก' },
    reconsent: { typeCount: 'ปี', number: 1 },
  };
}

export interface DemoConsentRecord {
  subjectId: string;
  email: string;
  name: string;
  purpose: 'newsletter' | 'profiling';
  action: 'given' | 'withdrawn';
  lang: 'th' | 'en';
  daysAgo: number;
  /** recorded by the company's app through the consent API: the API key's name (its channel); absent: the web form */
  app?: string;
}

/** The preference centre's demo subject: several consents, on the web form and through the LINE OA app, one withdrawn. */
export const PREFERENCE_DEMO_EMAIL = 'pimchanok@example.com';

export const CONSENT_RECORDS: DemoConsentRecord[] = [
  { subjectId: 'CUST-0001', email: 'somchai@example.com', name: 'สมชาย ใจกว้าง', purpose: 'newsletter', action: 'given', lang: 'th', daysAgo: 20 },
  { subjectId: 'CUST-0001', email: 'somchai@example.com', name: 'สมชาย ใจกว้าง', purpose: 'profiling', action: 'given', lang: 'th', daysAgo: 20 },
  { subjectId: 'CUST-0002', email: 'suda@example.com', name: 'สุดา มีสุข', purpose: 'newsletter', action: 'given', lang: 'th', daysAgo: 12 },
  { subjectId: 'CUST-0002', email: 'suda@example.com', name: '', purpose: 'newsletter', action: 'withdrawn', lang: 'th', daysAgo: 10 },
  { subjectId: 'CUST-0003', email: 'john@example.com', name: 'John Smith', purpose: 'newsletter', action: 'given', lang: 'en', daysAgo: 8 },
  { subjectId: 'CUST-0003', email: 'john@example.com', name: '', purpose: 'newsletter', action: 'withdrawn', lang: 'en', daysAgo: 6 },
  { subjectId: 'CUST-0003', email: 'john@example.com', name: 'John Smith', purpose: 'newsletter', action: 'given', lang: 'en', daysAgo: 4 },
  {
    subjectId: PREFERENCE_DEMO_EMAIL,
    email: PREFERENCE_DEMO_EMAIL,
    name: 'พิมพ์ชนก ใจดี',
    purpose: 'newsletter',
    action: 'given',
    lang: 'th',
    daysAgo: 45,
  },
  {
    subjectId: PREFERENCE_DEMO_EMAIL,
    email: PREFERENCE_DEMO_EMAIL,
    name: 'พิมพ์ชนก ใจดี',
    purpose: 'profiling',
    action: 'given',
    lang: 'th',
    daysAgo: 45,
  },
  { subjectId: PREFERENCE_DEMO_EMAIL, email: PREFERENCE_DEMO_EMAIL, name: '', purpose: 'profiling', action: 'withdrawn', lang: 'th', daysAgo: 15 },
  {
    subjectId: PREFERENCE_DEMO_EMAIL,
    email: '',
    name: 'พิมพ์ชนก ใจดี',
    purpose: 'newsletter',
    action: 'given',
    lang: 'th',
    daysAgo: 5,
    app: 'LINE OA ร้านสาขา',
  },
];
