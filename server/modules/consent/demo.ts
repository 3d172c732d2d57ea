import { addDays } from '../../../contract/clock';
import { emptyDraft, type ConsentDraft } from '../../../contract/consent';
import type { Queryable } from '../../db/client';
import { newFormRef, publishForm } from './notice';

const ITEMS: [type: 'source' | 'objective' | 'store', name: string, sensitive: boolean][] = [
  ['source', 'แบบฟอร์มสมัครสมาชิกบนเว็บไซต์', false],
  ['source', 'แอปพลิเคชันบนมือถือ', false],
  ['objective', 'ส่งข่าวสารและสิทธิพิเศษทางอีเมล', false],
  ['objective', 'วิเคราะห์ความสนใจเพื่อแนะนำสินค้า', false],
  ['objective', 'จัดส่งสินค้าและบริการหลังการขาย', false],
  ['store', 'ชื่อ-นามสกุล', false],
  ['store', 'อีเมล', false],
  ['store', 'เบอร์โทรศัพท์', false],
  ['store', 'ประวัติการซื้อสินค้า', false],
  ['store', 'ข้อมูลสุขภาพ (ประวัติการแพ้ยา)', true],
];

const daysAgo = (d: number) => addDays(new Date(), -d).toISOString();

/**
 * Demo consent work of one company: consent items, a published notice (members' newsletter) and
 * consent records, one of them withdrawn and given again, one withdrawn.
 */
export async function seedConsentDemo(q: Queryable, companyId: string) {
  const ids: Record<string, string> = {};
  for (const [type, name, sensitive] of ITEMS) {
    const [row] = await q.query<{ id: string }>(
      'insert into consent_items (company_id, type, name, sensitive, created_at) values ($1, $2, $3, $4, $5) returning id',
      [companyId, type, name, sensitive, daysAgo(40)],
    );
    ids[name] = row.id;
  }
  const base = emptyDraft();
  const draft: ConsentDraft = {
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
    disclosure: { active: true, thirdParty: true, thirdPartyRemark: [{ name: 'บริษัทขนส่งพัสดุ', objective: 'จัดส่งสินค้า' }], public: false, publicRemark: [] },
    security: { typeCount: 'ปี', number: 2, remark: 'นับจากวันที่สิ้นสุดการเป็นสมาชิก' },
  };
  const [form] = await q.query<{ id: string }>(
    'insert into consent_forms (company_id, form_ref, draft, created_at) values ($1, $2, $3, $4) returning id',
    [companyId, newFormRef(), JSON.stringify(draft), daysAgo(30)],
  );
  await publishForm(q, companyId, form.id, null);
  const [v] = await q.query<{ id: string; version: number; text_hash: string; content: { purposes: { _id: string; hash: string }[] } }>(
    'select id, version, text_hash, content from consent_form_versions where form_id = $1',
    [form.id],
  );
  const hash = (purpose: string) => v.content.purposes.find((p) => p._id === purpose)!.hash;
  const records: [subject: string, email: string, name: string, purpose: string, action: string, lang: string, age: number][] = [
    ['CUST-0001', 'somchai@example.com', 'สมชาย ใจกว้าง', 'newsletter', 'given', 'th', 20],
    ['CUST-0001', 'somchai@example.com', 'สมชาย ใจกว้าง', 'profiling', 'given', 'th', 20],
    ['CUST-0002', 'suda@example.com', 'สุดา มีสุข', 'newsletter', 'given', 'th', 12],
    ['CUST-0002', 'suda@example.com', '', 'newsletter', 'withdrawn', 'th', 10],
    ['CUST-0003', 'john@example.com', 'John Smith', 'newsletter', 'given', 'en', 8],
    ['CUST-0003', 'john@example.com', '', 'newsletter', 'withdrawn', 'en', 6],
    ['CUST-0003', 'john@example.com', 'John Smith', 'newsletter', 'given', 'en', 4],
  ];
  for (const [subjectId, email, name, purpose, action, lang, age] of records) {
    await q.query(
      `insert into consent_records (company_id, form_id, version_id, version, text_hash, purpose_id, purpose_hash, subject_id, email, name,
                                    action, explicit, channel, lang, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, false, 'web', $12, $13)`,
      [companyId, form.id, v.id, v.version, v.text_hash, purpose, hash(purpose), subjectId, email, name, action, lang, daysAgo(age)],
    );
  }
}
