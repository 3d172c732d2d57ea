import { subHours } from 'date-fns';
import { MENUS, MENU } from '../../contract/menus';
import type { Queryable, Db } from './client';
import { hashPassword } from '../modules/auth/passwords';
import { seedConsentDemo } from '../modules/consent/demo';
import { seedDsrDemo } from '../modules/dsr/demo';

/** The built-in roles every company starts with. `menus` are the granted menu ids; `edit` whether they may change data. */
export const BUILTIN_ROLES = {
  admin: { name: 'ผู้ดูแลระบบ', menus: MENUS.map((m) => m.menuId), edit: true },
  dpo: {
    name: 'DPO',
    menus: MENUS.filter((m) => m.key !== 'settings' && m.key !== 'contacts').map((m) => m.menuId),
    edit: true,
  },
  staff: {
    name: 'พนักงาน',
    menus: [MENU.dashboard, MENU.ropa, MENU.dataManage, MENU.consents, MENU.dataBreach, MENU.sheets].map((m) => m.menuId),
    edit: true,
  },
  viewer: {
    name: 'ผู้ดูแลข้อมูล',
    menus: MENUS.filter((m) => !['riskManagement', 'settings', 'contacts'].includes(m.key)).map((m) => m.menuId),
    edit: false,
  },
  contact: { name: 'ผู้ติดต่อ', menus: [MENU.dashboard.menuId, MENU.dpo.menuId], edit: false },
} as const;
export type BuiltinRole = keyof typeof BUILTIN_ROLES;

/** Creates a company with its built-in roles; returns the ids. */
export async function createCompany(q: Queryable, code: string, detail: Record<string, unknown>) {
  const [company] = await q.query<{ id: string }>('insert into companies (code, detail) values ($1, $2) returning id', [
    code,
    JSON.stringify(detail),
  ]);
  const roles = {} as Record<BuiltinRole, string>;
  for (const [key, role] of Object.entries(BUILTIN_ROLES) as [BuiltinRole, (typeof BUILTIN_ROLES)[BuiltinRole]][]) {
    const [row] = await q.query<{ id: string }>(
      'insert into roles (company_id, name, builtin) values ($1, $2, $3) returning id',
      [company.id, role.name, key],
    );
    await q.query(
      'insert into role_menus (role_id, menu_id, can_edit) select $1, unnest($2::int[]), $3',
      [row.id, role.menus, role.edit],
    );
    roles[key] = row.id;
  }
  return { companyId: company.id, roles };
}

interface DemoUser {
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  email: string;
  role: BuiltinRole;
  subId?: string;
}

export async function createUser(q: Queryable, companyId: string, roleId: string, u: DemoUser) {
  const [row] = await q.query<{ id: string }>(
    `insert into users (company_id, username, password_hash, firstname, lastname, email, sub_id, role_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [companyId, u.username, await hashPassword(u.password), u.firstname, u.lastname, u.email, u.subId ?? null, roleId],
  );
  return row.id;
}

const DEMO = {
  code: 'DEMO',
  detail: {
    nameTh: 'บริษัท ไทยดิจิทัลเซอร์วิส จำกัด',
    nameEn: 'Thai Digital Service Co., Ltd.',
    address: '99/9 อาคารสาทรทาวเวอร์ ชั้น 12 ถนนสาทรใต้ แขวงยานนาวา เขตสาทร กรุงเทพมหานคร 10120',
    taxId: '0105561000003',
    phone: '02-123-4567',
    email: 'privacy@thaidigital.example',
    website: 'https://thaidigital.example',
    dpoContact: { name: 'คุณสมศรี ใจดี', email: 'dpo@thaidigital.example', phone: '02-123-4568' },
  },
  users: [
    { username: 'admin', password: 'admin1234', firstname: 'สมชาย', lastname: 'ใจดี', email: 'admin@thaidigital.example', role: 'admin' },
    { username: 'viewer', password: 'viewer1234', firstname: 'สมหญิง', lastname: 'รักงาน', email: 'viewer@thaidigital.example', role: 'viewer' },
    { username: 'contact1', password: 'contact1234', firstname: 'วิชัย', lastname: 'ติดต่อดี', email: 'contact1@partner.example', role: 'contact', subId: 'CT-0001' },
    { username: 'dpo', password: 'dpo1234567', firstname: 'สมศรี', lastname: 'ใจดี', email: 'dpo@thaidigital.example', role: 'dpo' },
  ] satisfies DemoUser[],
};

const SIAM = {
  code: 'SIAM',
  detail: {
    nameTh: 'บริษัท สยามค้าปลีก จำกัด (มหาชน)',
    nameEn: 'Siam Retail PCL',
    address: '1 ถนนพระราม 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330',
    taxId: '0107562000009',
    phone: '02-765-4321',
    email: 'dpo@siamretail.example',
    website: 'https://siamretail.example',
    dpoContact: { name: 'คุณประเสริฐ มั่นคง', email: 'dpo@siamretail.example', phone: '02-765-4300' },
  },
  users: [
    { username: 'admin', password: 'admin1234', firstname: 'ประเสริฐ', lastname: 'มั่นคง', email: 'admin@siamretail.example', role: 'admin' },
  ] satisfies DemoUser[],
};

const hoursAgo = (h: number) => subHours(new Date(), h).toISOString();

/** Seeds the demo companies of the README. Does nothing when any company exists. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.tx(async (q) => {
    const [{ count }] = await q.query<{ count: number }>('select count(*)::int as count from companies');
    if (count > 0) return false;
    for (const company of [DEMO, SIAM]) {
      const { companyId, roles } = await createCompany(q, company.code, company.detail);
      const userIds: string[] = [];
      for (const user of company.users) userIds.push(await createUser(q, companyId, roles[user.role], user));
      const notifications: [string | null, string, Record<string, string | number>, string | null, number][] = [
        [null, 'welcome', { company: company.detail.nameTh }, '/', 72],
        [null, 'dsr_new', { ref: `${company.code}-DSR-0001` }, '/consents/datasubject/list', 20],
        [null, 'dsr_due', { ref: `${company.code}-DSR-0001`, days: 7 }, '/consents/datasubject/list', 6],
        [null, 'breach_clock', { title: 'อีเมลลูกค้ารั่วไหล', hours: 24 }, '/databreach', 3],
        [userIds[0], 'evaluation_finished', { title: 'ประเมินความเสี่ยงประจำปี 2569' }, '/risk-management/evaluation', 1],
      ];
      await seedDsrDemo(q, companyId, company.code, userIds[0]);
      await seedConsentDemo(q, companyId);
      for (const [userId, kind, params, link, age] of notifications) {
        await q.query(
          'insert into notifications (company_id, user_id, kind, params, link, created_at) values ($1, $2, $3, $4, $5, $6)',
          [companyId, userId, kind, JSON.stringify(params), link, hoursAgo(age)],
        );
      }
    }
    return true;
  });
}
