import { describe, expect } from 'vitest';
import { z } from 'zod';
import { MENU } from '../../../contract/menus';
import {
  contactListReply,
  department,
  departmentListReply,
  dpoListReply,
  person,
  position,
  positionListReply,
  type Person,
  type PersonCreateBody,
} from '../../../contract/people';
import { roleListReply, type Role } from '../../../contract/roles';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { asSoleRoleManager } from '../arrange';
import { kinds } from '../kinds';

// ---- the replies, strict: every target answers exactly these fields
const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString() === s, 'an ISO instant');
const personRow = person.extend({ created_dt: iso }).strict();
const listReply = contactListReply.extend({ contactList: z.array(personRow) }).strict();
const personReply = z.object({ status: z.literal(200), data: personRow }).strict();
const departmentRow = department.extend({ created_dt: iso }).strict();
const positionRow = position.extend({ created_dt: iso }).strict();
const departmentsReply = departmentListReply.extend({ department: z.array(departmentRow) }).strict();
const positionsReply = positionListReply.extend({ position: z.array(positionRow) }).strict();
const departmentReply = z.object({ status: z.literal(200), data: departmentRow }).strict();
const positionReply = z.object({ status: z.literal(200), data: positionRow }).strict();
const dpoReply = dpoListReply.extend({ dpo_list: z.array(z.object({ _id: z.string(), name: z.string() }).strict()) }).strict();

const HTML = `<script>alert("x")</script><img src=x onerror=alert(1)> & <b>ตัวหนา</b>`;
const PASSWORD = 'Rainy-Season-2569';

function ok<T>(reply: Reply, schema: z.ZodType<T>): T {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return schema.parse(reply.body);
}

/** No key of any reply names password material. */
const expectNoSecrets = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/password|hash|salt/i);

let serial = 0;
/** A username nobody has yet (the suite runs once per target on a fresh database). */
const fresh = (prefix: string) => `${prefix}${++serial}`;

/**
 * People (`/settings/contacts/list`, menu 14): the seed's `/user/contact/list`, departments and
 * positions (`/user/contact/department`, `/user/contact/position`), `/user/dpoList`, and the calls
 * the seed leaves open under `/people/:id` (create, edit, disable, password).
 */
export function peopleCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const siam = () => ctx.siamAdmin.access_token;
  const viewer = () => ctx.demoViewer.access_token;

  const roles = async (token = admin()) => ok(await ctx.api.get('/roles?range=[0,99]', { token }), roleListReply).data;
  const builtin = async (key: NonNullable<Role['builtin']>, token = admin()) => (await roles(token)).find((r) => r.builtin === key)!.id;

  const list = async (query = '', token = admin()) => ok(await ctx.api.get(`/user/contact/list${query}`, { token }), listReply);
  const departments = async (query = '', token = admin()) => ok(await ctx.api.get(`/user/contact/department${query}`, { token }), departmentsReply);
  const positions = async (query = '', token = admin()) => ok(await ctx.api.get(`/user/contact/position${query}`, { token }), positionsReply);
  const addDepartment = async (value: string, token = admin()) =>
    ok(await ctx.api.post('/user/contact/department', { value, type: 'department' }, { token }), departmentReply).data;
  const addPosition = async (departmentId: string, value: string, token = admin()) =>
    ok(await ctx.api.post('/user/contact/position', { departmentId, value }, { token }), positionReply).data;

  async function newPerson(overrides: Partial<PersonCreateBody> = {}, token = admin()): Promise<Person & { password: string }> {
    const username = overrides.username ?? fresh('person.');
    const body: PersonCreateBody = {
      kind: 'staff',
      username,
      firstname: 'ทดสอบ',
      lastname: 'บุคคล',
      email: `${username}@people.example`,
      roleId: overrides.roleId ?? (await builtin('staff', token)),
      password: PASSWORD,
      ...overrides,
    };
    const created = ok(await ctx.api.post('/people', body, { token }), personReply).data;
    return { ...created, password: body.password };
  }
  const signin = (p: { username: string }, password: string, companyCode = 'DEMO') =>
    ctx.api.signinRaw({ companyCode, username: p.username, password });
  const setStatus = (id: string, disabled: boolean, token = admin()) => ctx.api.put(`/people/${id}/status`, { disabled }, { token });
  const details = (p: Person): Record<string, unknown> => ({
    kind: p.kind,
    username: p.username,
    firstname: p.firstname,
    lastname: p.lastname,
    email: p.email,
    subId: p.subId,
    roleId: p.roleId,
    departmentId: p.departmentId,
    positionId: p.positionId,
  });

  describe('people: GET /user/contact/list', () => {
    shape.it('lists the staff and contact users with the seed keys, newest first, and never a password', async () => {
      const body = await list();
      expect(body.totalItem).toBeGreaterThanOrEqual(3);
      expectNoSecrets(body);
      const byName = new Map(body.contactList.map((p) => [p.username, p]));
      expect(byName.get('admin')).toMatchObject({ kind: 'staff', subId: null, name: 'สมชาย ใจดี', roleName: 'ผู้ดูแลระบบ', disabled: false });
      expect(byName.get('viewer')).toMatchObject({ kind: 'staff', roleName: 'ผู้ดูแลข้อมูล' });
      expect(byName.get('contact1')).toMatchObject({ kind: 'contact', subId: 'CT-0001', firstname: 'วิชัย', lastname: 'ติดต่อดี' });
      const times = body.contactList.map((p) => p.created_dt);
      expect(times).toEqual(times.toSorted().toReversed());
    });

    shape.it('pages, filters by kind and searches (Thai, trimmed; % taken literally)', async () => {
      const all = await list('?limit=100');
      const page = await list('?currentPage=2&limit=1');
      expect(page.contactList.map((p) => p._id)).toEqual([all.contactList[1]._id]);
      expect(page.totalItem).toBe(all.totalItem);
      expect(await list('?currentPage=999&limit=20')).toEqual({ status: 200, contactList: [], totalItem: all.totalItem });

      const contacts = await list('?kind=contact&limit=100');
      expect(contacts.contactList.every((p) => p.kind === 'contact' && p.subId)).toBe(true);
      expect(contacts.contactList.map((p) => p.username)).toContain('contact1');
      const staff = await list('?kind=staff&limit=100');
      expect(staff.contactList.every((p) => p.kind === 'staff' && p.subId === null)).toBe(true);
      expect(staff.totalItem + contacts.totalItem).toBe(all.totalItem);

      const found = await list(`?search=${encodeURIComponent('  ติดต่อดี ')}`);
      expect(found.contactList.map((p) => p.username)).toEqual(['contact1']);
      expect((await list(`?search=${encodeURIComponent('วิชัย ติดต่อ')}`)).totalItem).toBe(1);
      expect((await list('?search=CT-0001')).contactList.map((p) => p.username)).toEqual(['contact1']);
      expect((await list('?search=%25')).totalItem).toBe(0);
      expect((await list('?search=%20%20')).totalItem).toBe(all.totalItem);
    });

    shape.it('refuses bad paging and an unknown kind (400)', async () => {
      expectInvalidField(await ctx.api.get('/user/contact/list?limit=500', { token: admin() }), 'limit');
      expectInvalidField(await ctx.api.get('/user/contact/list?currentPage=0', { token: admin() }), 'currentPage');
      expectInvalidField(await ctx.api.get('/user/contact/list?kind=robot', { token: admin(), lang: 'en' }), 'kind', 'en');
    });
  });

  describe('people: departments and positions', () => {
    shape.it('adds, lists and renames departments by the seed calls, in the body or the query', async () => {
      const hr = await addDepartment('  ฝ่ายทรัพยากรบุคคล ');
      expect(hr).toMatchObject({ name: 'ฝ่ายทรัพยากรบุคคล', positionCount: 0, userCount: 0 });
      const fromQuery = ok(
        await ctx.api.post(`/user/contact/department?value=${encodeURIComponent('ฝ่ายกฎหมาย')}&type=department`, undefined, { token: admin() }),
        departmentReply,
      ).data;
      expect(fromQuery.name).toBe('ฝ่ายกฎหมาย');

      const body = await departments();
      expect(body.department.map((d) => d.name)).toEqual(expect.arrayContaining(['ฝ่ายทรัพยากรบุคคล', 'ฝ่ายกฎหมาย']));
      expect(body.totalDoc).toBe(body.department.length);
      expect((await departments('?search=กฎหมาย')).department.map((d) => d._id)).toEqual([fromQuery._id]);
      const paged = await departments('?currentPage=2&limit=1');
      expect(paged.department).toHaveLength(1);
      expect(paged.totalDoc).toBe(body.totalDoc);

      const renamed = ok(
        await ctx.api.put('/user/contact/department', { dataId: hr._id, value: 'ฝ่ายบุคคล', type: 'department' }, { token: admin() }),
        departmentReply,
      ).data;
      expect(renamed).toMatchObject({ _id: hr._id, name: 'ฝ่ายบุคคล' });
      const byQuery = await ctx.api.put(
        `/user/contact/department?dataId=${fromQuery._id}&value=${encodeURIComponent('ฝ่ายกฎหมายและกำกับดูแล')}`,
        undefined,
        { token: admin() },
      );
      expect(ok(byQuery, departmentReply).data.name).toBe('ฝ่ายกฎหมายและกำกับดูแล');
    });

    rule.it('adds positions to a department, lists them by department, renames them with type=position', async () => {
      const it = await addDepartment('ฝ่ายเทคโนโลยีสารสนเทศ');
      const dev = await addPosition(it._id, 'นักพัฒนาระบบ');
      expect(dev).toMatchObject({ name: 'นักพัฒนาระบบ', departmentId: it._id, departmentName: 'ฝ่ายเทคโนโลยีสารสนเทศ', userCount: 0 });
      const viaDepartmentCall = ok(
        await ctx.api.post('/user/contact/department', { value: 'ผู้จัดการ', type: 'position', departmentId: it._id }, { token: admin() }),
        positionReply,
      ).data;
      expect(viaDepartmentCall.departmentId).toBe(it._id);

      const mine = await positions(`?departmentId=${it._id}`);
      expect(mine.position.map((p) => p.name).sort()).toEqual(['นักพัฒนาระบบ', 'ผู้จัดการ'].sort());
      expect(mine.totalDoc).toBe(2);
      expect((await positions()).position.map((p) => p._id)).toEqual(expect.arrayContaining([dev._id, viaDepartmentCall._id]));
      expect((await departments()).department.find((d) => d._id === it._id)?.positionCount).toBe(2);

      const renamed = ok(
        await ctx.api.put('/user/contact/department', { dataId: dev._id, value: 'นักพัฒนาซอฟต์แวร์', type: 'position' }, { token: admin() }),
        positionReply,
      ).data;
      expect(renamed).toMatchObject({ _id: dev._id, name: 'นักพัฒนาซอฟต์แวร์', departmentId: it._id });
      // the same position name may be used by another department
      const other = await addDepartment('ฝ่ายขาย');
      expect((await addPosition(other._id, 'ผู้จัดการ')).name).toBe('ผู้จัดการ');
    });

    rule.it('refuses a name the company (or, for positions, the department) already has (409), letter case aside', async () => {
      await addDepartment('Marketing');
      expectMessage(await ctx.api.post('/user/contact/department', { value: ' marketing ' }, { token: admin() }), 409, 'department_name_taken');
      const second = await addDepartment('Marketing 2');
      expectMessage(
        await ctx.api.put('/user/contact/department', { dataId: second._id, value: 'MARKETING' }, { token: admin(), lang: 'en' }),
        409,
        'department_name_taken',
        'en',
      );
      const seo = await addPosition(second._id, 'SEO');
      expectMessage(
        await ctx.api.post('/user/contact/position', { departmentId: second._id, value: 'seo' }, { token: admin() }),
        409,
        'position_name_taken',
      );
      const sem = await addPosition(second._id, 'SEM');
      expectMessage(
        await ctx.api.put('/user/contact/department', { dataId: sem._id, value: 'Seo', type: 'position' }, { token: admin() }),
        409,
        'position_name_taken',
      );
      expect((await positions(`?departmentId=${second._id}`)).position.map((p) => p.name).sort()).toEqual(['SEM', seo.name]);
    });

    rule.it('deletes an unused position and department (body or query); one still in use answers 409 with a Thai message', async () => {
      const dept = await addDepartment('ฝ่ายบัญชี');
      const clerk = await addPosition(dept._id, 'เจ้าหน้าที่บัญชี');
      const spare = await addPosition(dept._id, 'ตำแหน่งว่าง');
      const holder = await newPerson({ departmentId: dept._id, positionId: clerk._id });

      expectMessage(
        await ctx.api.delete(`/user/contact/department?dataId=${dept._id}&type=department`, { token: admin() }),
        409,
        'department_in_use',
        'th',
        { users: 1, positions: 2 },
      );
      expectMessage(
        await ctx.api.call('DELETE', '/user/contact/department', { token: admin(), json: { dataId: clerk._id, type: 'position' } }),
        409,
        'position_in_use',
        'th',
        { count: 1 },
      );
      const removed = ok(await ctx.api.delete(`/user/contact/department?dataId=${spare._id}&type=position`, { token: admin() }), positionReply);
      expect(removed.data._id).toBe(spare._id);
      expectMessage(await ctx.api.delete(`/user/contact/department?dataId=${spare._id}&type=position`, { token: admin() }), 404, 'not_found');

      // moved out of the department, the person frees it
      ok(await ctx.api.put(`/people/${holder._id}`, { ...details(holder), departmentId: null, positionId: null }, { token: admin() }), personReply);
      ok(await ctx.api.delete(`/user/contact/department?dataId=${clerk._id}&type=position`, { token: admin() }), positionReply);
      ok(await ctx.api.call('DELETE', '/user/contact/department', { token: admin(), json: { dataId: dept._id } }), departmentReply);
      expect((await departments()).department.map((d) => d._id)).not.toContain(dept._id);
      expectMessage(await ctx.api.delete(`/user/contact/department?dataId=${dept._id}`, { token: admin() }), 404, 'not_found');
    });

    rule.it('moves a position nobody holds to another department; one that is held answers 409', async () => {
      const from = await addDepartment('ฝ่ายต้นทาง');
      const to = await addDepartment('ฝ่ายปลายทาง');
      const analyst = await addPosition(from._id, 'นักวิเคราะห์');
      const put = (json: Record<string, unknown>) => ctx.api.put('/user/contact/department', { type: 'position', ...json }, { token: admin() });
      const moved = ok(await put({ dataId: analyst._id, value: 'นักวิเคราะห์ข้อมูล', departmentId: to._id }), positionReply).data;
      expect(moved).toMatchObject({ departmentId: to._id, departmentName: 'ฝ่ายปลายทาง', name: 'นักวิเคราะห์ข้อมูล' });
      await addPosition(from._id, 'นักวิเคราะห์ข้อมูล');
      expectMessage(await put({ dataId: analyst._id, value: 'นักวิเคราะห์ข้อมูล', departmentId: from._id }), 409, 'position_name_taken');

      await newPerson({ positionId: analyst._id });
      expectMessage(await put({ dataId: analyst._id, value: 'ย้ายไม่ได้', departmentId: from._id }), 409, 'position_move_in_use', 'th', { count: 1 });
      expectMessage(
        await put({ dataId: analyst._id, value: 'ย้ายไม่ได้', departmentId: '00000000-0000-4000-8000-000000000000' }),
        404,
        'department_not_found',
      );
      // its own department again is no move: a rename
      expect(ok(await put({ dataId: analyst._id, value: 'นักวิเคราะห์อาวุโส', departmentId: to._id }), positionReply).data.name).toBe('นักวิเคราะห์อาวุโส');
      expect((await positions(`?departmentId=${to._id}`)).position.map((p) => p._id)).toEqual([analyst._id]);
    });

    rule.it("answers 404 for a department that is not the company's", async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expectMessage(await ctx.api.get(`/user/contact/position?departmentId=${unknown}`, { token: admin() }), 404, 'department_not_found');
      expectMessage(
        await ctx.api.post('/user/contact/position', { departmentId: unknown, value: 'ใครก็ได้' }, { token: admin() }),
        404,
        'department_not_found',
      );
      expectMessage(await ctx.api.put('/user/contact/department', { dataId: unknown, value: 'ชื่อใหม่' }, { token: admin() }), 404, 'not_found');
    });

    rule.it('keeps HTML in a name as plain text', async () => {
      const dept = await addDepartment(HTML);
      expect(dept.name).toBe(HTML);
      expect((await addPosition(dept._id, HTML)).name).toBe(HTML);
      expect((await positions(`?departmentId=${dept._id}`)).position[0]).toMatchObject({ name: HTML, departmentName: HTML });
    });

    shape.it('refuses bad input (400 naming the field) and writes nothing', async () => {
      const before = (await departments()).totalDoc;
      const post = (json: unknown) => ctx.api.post('/user/contact/department', json, { token: admin() });
      expectInvalidField(await post({ value: '' }), 'value');
      expectInvalidField(await post({ value: '   ' }), 'value');
      expectInvalidField(await post({ value: 'ก'.repeat(201) }), 'value');
      expectInvalidField(await post({ value: 'ขึ้น\nบรรทัด' }), 'value');
      expectInvalidField(await post({ value: 'ชื่อ', type: 'company' }), 'type');
      expectInvalidField(await post({ value: 'ตำแหน่งลอย', type: 'position' }), 'departmentId');
      expectInvalidField(await post({ value: ['ฝ่าย'] }), 'value');
      expectInvalidField(await post([{ value: 'ฝ่าย' }]), '-');
      expectInvalidField(await ctx.api.put('/user/contact/department', { dataId: 'not-a-uuid', value: 'ชื่อ' }, { token: admin() }), 'dataId');
      expectInvalidField(await ctx.api.delete('/user/contact/department', { token: admin() }), 'dataId');
      expectInvalidField(await ctx.api.post('/user/contact/position', { value: 'ตำแหน่ง' }, { token: admin() }), 'departmentId');
      expectInvalidField(await ctx.api.get('/user/contact/position?departmentId=abc', { token: admin() }), 'departmentId');
      expectInvalidField(await ctx.api.get('/user/contact/department?limit=101', { token: admin() }), 'limit');
      expect((await departments()).totalDoc).toBe(before);
    });
  });

  describe('people: create, edit, disable, reset password', () => {
    rule.it('refuses a change that leaves nobody able to manage users and roles (409)', async () => {
      await asSoleRoleManager(ctx, async () => {
        const me = ok(await ctx.api.get(`/people/${ctx.demoAdmin.user._id}`, { token: admin() }), personReply).data;
        expectMessage(
          await ctx.api.put(`/people/${me._id}`, { ...details(me), roleId: await builtin('viewer') }, { token: admin() }),
          409,
          'role_lockout',
        );
        expect(ok(await ctx.api.get(`/people/${me._id}`, { token: admin() }), personReply).data).toEqual(me);
      });
    });

    rule.it('creates a staff member with a department, position and role; they sign in and see what the role allows', async () => {
      const dept = await addDepartment('ฝ่ายคุ้มครองข้อมูล');
      const officer = await addPosition(dept._id, 'เจ้าหน้าที่คุ้มครองข้อมูล');
      const created = await newPerson({
        firstname: 'มานี',
        lastname: 'มีนา',
        departmentId: dept._id,
        positionId: officer._id,
        roleId: await builtin('viewer'),
      });
      expect(created).toMatchObject({
        kind: 'staff',
        name: 'มานี มีนา',
        subId: null,
        departmentId: dept._id,
        departmentName: 'ฝ่ายคุ้มครองข้อมูล',
        positionId: officer._id,
        positionName: 'เจ้าหน้าที่คุ้มครองข้อมูล',
        roleName: 'ผู้ดูแลข้อมูล',
        disabled: false,
      });
      const { password: _password, ...shown } = created;
      const fetched = ok(await ctx.api.get(`/people/${created._id}`, { token: admin() }), personReply);
      expectNoSecrets(fetched);
      expect(fetched.data).toEqual(shown);
      expect((await list('?limit=1')).contactList[0]._id).toBe(created._id);

      const session = ok(
        await signin(created, PASSWORD),
        z.object({ status: z.literal(200), access_token: z.string(), user: z.object({ username: z.string() }) }),
      );
      expect(session.user.username).toBe(created.username);
      expectMessage(await ctx.api.get(`/datarisk/list?type=1`, { token: session.access_token }), 403, 'forbidden');
      expectMessage(await ctx.api.get('/user/contact/list', { token: session.access_token }), 403, 'forbidden');

      // a position alone places the person in its department
      const placed = await newPerson({ positionId: officer._id });
      expect(placed).toMatchObject({ departmentId: dept._id, positionId: officer._id });
    });

    rule.it('creates a contact user: a given sub-account id, or the next CT-NNNN', async () => {
      const given = await newPerson({ kind: 'contact', subId: 'PARTNER-7', roleId: await builtin('contact') });
      expect(given).toMatchObject({ kind: 'contact', subId: 'PARTNER-7', roleName: 'ผู้ติดต่อ' });
      const generated = await newPerson({ kind: 'contact', subId: '', roleId: await builtin('contact') });
      expect(generated.subId).toMatch(/^CT-\d{4}$/);
      expect(generated.subId).not.toBe('CT-0001');
      expectMessage(
        await ctx.api.post('/people', { ...details(given), username: fresh('contact.'), subId: 'partner-7', password: PASSWORD }, { token: admin() }),
        409,
        'person_sub_id_taken',
      );
      const session = ok(
        await signin(generated, PASSWORD),
        z.object({ status: z.literal(200), user: z.object({ subId: z.string() }) }).passthrough(),
      );
      expect(session.user.subId).toBe(generated.subId);
      expect((await list(`?kind=contact&search=${generated.subId}`)).contactList.map((p) => p._id)).toEqual([generated._id]);
    });

    rule.it('refuses a username the company already has (409), letter case aside; SIAM may use it', async () => {
      const first = await newPerson({ username: 'Somsak.K' });
      expectMessage(
        await ctx.api.post('/people', { ...details(first), username: 'somsak.k', password: PASSWORD }, { token: admin() }),
        409,
        'person_username_taken',
      );
      expectMessage(
        await ctx.api.post('/people', { ...details(first), username: 'ADMIN', password: PASSWORD }, { token: admin(), lang: 'en' }),
        409,
        'person_username_taken',
        'en',
      );
      const second = await newPerson();
      expectMessage(
        await ctx.api.put(`/people/${second._id}`, { ...details(second), username: 'SOMSAK.k' }, { token: admin() }),
        409,
        'person_username_taken',
      );
      const siamSomsak = await newPerson({ username: 'somsak.k', roleId: await builtin('staff', siam()) }, siam());
      expect(siamSomsak.username).toBe('somsak.k');
    });

    rule.it('keeps HTML in names as plain text', async () => {
      const created = await newPerson({ firstname: HTML, lastname: '<i>นามสกุล</i>' });
      expect(created.firstname).toBe(HTML);
      expect(created.name).toBe(`${HTML} <i>นามสกุล</i>`);
      expect((await list(`?search=${encodeURIComponent('<i>นามสกุล')}`)).contactList[0].lastname).toBe('<i>นามสกุล</i>');
    });

    rule.it('edits a person: names, kind, role, department; their next call has the new rights', async () => {
      const person = await newPerson({ roleId: await builtin('viewer') });
      const session = ok(await signin(person, PASSWORD), z.object({ access_token: z.string() }).passthrough());
      expectMessage(await ctx.api.get('/datarisk/list?type=1', { token: session.access_token }), 403, 'forbidden');

      const edited = ok(
        await ctx.api.put(
          `/people/${person._id}`,
          { ...details(person), firstname: 'ชื่อใหม่', roleId: await builtin('dpo'), kind: 'contact', subId: 'EXT-01' },
          { token: admin() },
        ),
        personReply,
      ).data;
      expect(edited).toMatchObject({ firstname: 'ชื่อใหม่', kind: 'contact', subId: 'EXT-01', roleName: 'DPO' });
      expect((await ctx.api.get('/datarisk/list?type=1', { token: session.access_token })).status).toBe(200);
      const back = ok(await ctx.api.put(`/people/${person._id}`, { ...details(edited), kind: 'staff' }, { token: admin() }), personReply).data;
      expect(back).toMatchObject({ kind: 'staff', subId: null });
    });

    rule.it('disables a person: their sessions end at once (401) and they cannot sign in; enabled, they sign in again', async () => {
      const person = await newPerson();
      const session = ok(await signin(person, PASSWORD), z.object({ access_token: z.string() }).passthrough());
      expect((await ctx.api.get('/user/menu', { token: session.access_token })).status).toBe(200);

      const disabled = ok(await setStatus(person._id, true), personReply).data;
      expect(disabled.disabled).toBe(true);
      expectMessage(await ctx.api.get('/user/menu', { token: session.access_token }), 401, 'session_expired');
      expectMessage(await signin(person, PASSWORD), 403, 'signin_disabled');
      expect((await list(`?search=${person.username}`)).contactList[0].disabled).toBe(true);

      expect(ok(await setStatus(person._id, false), personReply).data.disabled).toBe(false);
      expectMessage(await ctx.api.get('/user/menu', { token: session.access_token }), 401, 'session_expired');
      const again = ok(await signin(person, PASSWORD), z.object({ access_token: z.string() }).passthrough());
      expect((await ctx.api.get('/user/menu', { token: again.access_token })).status).toBe(200);
    });

    rule.it('refuses to let a person disable themselves (409)', async () => {
      expectMessage(await setStatus(ctx.demoAdmin.user._id, true), 409, 'person_disable_self');
      expect((await ctx.api.get('/user/menu', { token: admin() })).status).toBe(200);
    });

    rule.it('resets a password: the old one is refused, the new one works, their sessions end', async () => {
      const person = await newPerson({ firstname: 'รีเซ็ต', lastname: 'รหัสผ่าน' });
      const session = ok(await signin(person, PASSWORD), z.object({ access_token: z.string() }).passthrough());
      const NEW = 'Cool-Breeze-0412';
      const reply = ok(await ctx.api.put(`/people/${person._id}/password`, { password: NEW }, { token: admin() }), personReply);
      expectNoSecrets(reply);
      expectMessage(await ctx.api.get('/user/menu', { token: session.access_token }), 401, 'session_expired');
      expectMessage(await signin(person, PASSWORD), 401, 'signin_failed');
      expect((await signin(person, NEW)).status).toBe(200);
    });

    rule.it("refuses a weak new password (400, with the rule's message) and keeps the old one", async () => {
      const person = await newPerson({ username: fresh('weak.') });
      expectInvalidField(await ctx.api.put(`/people/${person._id}/password`, { password: 'short' }, { token: admin() }), 'password');
      expectMessage(
        await ctx.api.put(`/people/${person._id}/password`, { password: `xx${person.username}xx` }, { token: admin() }),
        400,
        'password_has_name',
      );
      expect((await signin(person, PASSWORD)).status).toBe(200);
      expectMessage(
        await ctx.api.post('/people', { ...details(person), username: 'pw.owner', password: 'pw.owner-2569!' }, { token: admin() }),
        400,
        'password_has_name',
      );
    });

    const badBase = async () => ({
      kind: 'staff',
      username: 'bad.input',
      firstname: 'ชื่อ',
      lastname: 'สกุล',
      email: 'bad.input@people.example',
      roleId: await builtin('staff'),
      password: PASSWORD,
    });

    shape.it('refuses bad details (400) and writes nothing', async () => {
      const before = (await list()).totalItem;
      const base = await badBase();
      const refused = async (body: Record<string, unknown>, field: string) =>
        expectInvalidField(await ctx.api.post('/people', body, { token: admin() }), field);
      await refused({ ...base, email: 'not-an-email' }, 'email');
      await refused({ ...base, username: 'มี ช่องว่าง' }, 'username');
      await refused({ ...base, username: 'ab' }, 'username');
      await refused({ ...base, firstname: '' }, 'firstname');
      await refused({ ...base, lastname: 'ก'.repeat(101) }, 'lastname');
      await refused({ ...base, kind: 'robot' }, 'kind');
      await refused({ ...base, subId: 'มี ช่องว่าง', kind: 'contact' }, 'subId');
      await refused({ ...base, departmentId: 'abc' }, 'departmentId');
      await refused({ ...base, password: undefined }, 'password');
      await refused({ ...base, roleId: undefined }, 'roleId');
      expectFailure(await ctx.api.put('/people/not-an-id/status', { disabled: 'yes' }, { token: admin() }), 400);
      expectMessage(
        await ctx.api.put('/people/00000000-0000-4000-8000-000000000000/status', { disabled: true }, { token: admin() }),
        404,
        'not_found',
      );
      expect((await list()).totalItem).toBe(before);
    });

    // the role, department and position are looked up in the company's own: the server's
    rule.it("refuses a role, department or position that is not the company's (400), writing nothing", async () => {
      const before = (await list()).totalItem;
      const base = await badBase();
      expectMessage(await ctx.api.post('/people', { ...base, roleId: 'no-such-role' }, { token: admin() }), 400, 'person_role_unknown');
      expectMessage(
        await ctx.api.post('/people', { ...base, departmentId: '00000000-0000-4000-8000-000000000000' }, { token: admin() }),
        400,
        'person_department_unknown',
      );
      const a = await addDepartment('ฝ่ายก');
      const b = await addDepartment('ฝ่ายข');
      const inB = await addPosition(b._id, 'ตำแหน่งในฝ่ายข');
      expectMessage(
        await ctx.api.post('/people', { ...base, departmentId: a._id, positionId: inB._id }, { token: admin() }),
        400,
        'person_position_mismatch',
      );
      expect((await list()).totalItem).toBe(before);
    });
  });

  describe('people: GET /user/dpoList', () => {
    shape.it('names the company’s current DPO appointment (menu 4), for anyone signed in, and only its own', async () => {
      const appointments = ok(
        await ctx.api.get('/dpo/appointments', { token: admin() }),
        z.object({ current: z.object({ _id: z.string(), name: z.string() }).passthrough().nullable() }).passthrough(),
      );
      const body = ok(await ctx.api.get('/user/dpoList', { token: admin() }), dpoReply);
      expect(body.totalDoc).toBe(body.dpo_list.length);
      const current = appointments.current;
      expect(body.dpo_list).toEqual(current ? [{ _id: current._id, name: current.name }] : []);
      // the consent form's draft reads it: any signed-in person of the company may
      expect(ok(await ctx.api.get('/user/dpoList', { token: viewer() }), dpoReply).dpo_list).toEqual(body.dpo_list);
      const siamIds = ok(await ctx.api.get('/user/dpoList', { token: siam() }), dpoReply).dpo_list.map((d) => d._id);
      for (const d of body.dpo_list) expect(siamIds).not.toContain(d._id);
      expectMessage(await ctx.api.get('/user/dpoList'), 401, 'not_signed_in');
    });
  });

  describe('people: permissions', () => {
    shape.it('refuses people without menu 14 (the viewer, a contact user): 403 on every call, before the input is read', async () => {
      for (const token of [viewer(), ctx.demoContact.access_token]) {
        expectMessage(await ctx.api.get('/user/contact/list', { token }), 403, 'forbidden');
        expectMessage(await ctx.api.get('/user/contact/department', { token }), 403, 'forbidden');
        expectMessage(await ctx.api.get('/user/contact/position', { token }), 403, 'forbidden');
        expectMessage(await ctx.api.get(`/people/${ctx.demoAdmin.user._id}`, { token }), 403, 'forbidden');
        expectMessage(await ctx.api.post('/user/contact/department', {}, { token }), 403, 'forbidden');
        expectMessage(await ctx.api.post('/user/contact/position', {}, { token }), 403, 'forbidden');
        expectMessage(await ctx.api.put('/user/contact/department', {}, { token }), 403, 'forbidden');
        expectMessage(await ctx.api.delete('/user/contact/department', { token }), 403, 'forbidden');
        expectMessage(await ctx.api.post('/people', {}, { token }), 403, 'forbidden');
        expectMessage(await ctx.api.put(`/people/${ctx.demoAdmin.user._id}/status`, { disabled: true }, { token }), 403, 'forbidden');
        expectMessage(await ctx.api.put(`/people/${ctx.demoAdmin.user._id}/password`, { password: 'x' }, { token }), 403, 'forbidden');
      }
      expectMessage(await ctx.api.get('/user/contact/list'), 401, 'not_signed_in');
    });

    rule.it('lets a view-only holder of menu 14 read people, departments and positions but change nothing (403 read_only)', async () => {
      const reader = ok(
        await ctx.api.post(
          '/roles',
          {
            name: 'ผู้อ่านรายชื่อ',
            rights: [
              { menuId: MENU.settings.menuId, view: true, edit: false },
              { menuId: MENU.contacts.menuId, view: true, edit: false },
            ],
          },
          { token: admin() },
        ),
        z.object({ data: z.object({ id: z.string() }) }).passthrough(),
      ).data;
      const person = await newPerson({ roleId: reader.id });
      const token = ok(await signin(person, PASSWORD), z.object({ access_token: z.string() }).passthrough()).access_token;
      ok(await ctx.api.get('/user/contact/list', { token }), listReply);
      ok(await ctx.api.get('/user/contact/department', { token }), departmentsReply);
      ok(await ctx.api.get('/user/contact/position', { token }), positionsReply);
      expectMessage(await ctx.api.post('/user/contact/department', { value: 'โดยผู้อ่าน' }, { token }), 403, 'read_only');
      expectMessage(await ctx.api.post('/people', {}, { token }), 403, 'read_only');
      expectMessage(await ctx.api.put(`/people/${person._id}/password`, { password: 'Another-Password-1' }, { token }), 403, 'read_only');
      expectMessage(await setStatus(ctx.demoViewer.user._id, true, token), 403, 'read_only');
    });
  });

  describe('people: tenant isolation', () => {
    rule.it("never shows SIAM DEMO's people, departments or positions, nor lets it change them (404)", async () => {
      const dept = await addDepartment('ฝ่ายเฉพาะ DEMO');
      const pos = await addPosition(dept._id, 'ตำแหน่งเฉพาะ DEMO');
      const demoPerson = await newPerson({ departmentId: dept._id, positionId: pos._id });

      const siamPeople = await list('?limit=100', siam());
      expect(siamPeople.contactList.map((p) => p.username)).toEqual(expect.not.arrayContaining(['viewer', 'contact1', demoPerson.username]));
      expect(siamPeople.contactList.every((p) => p._id !== demoPerson._id)).toBe(true);
      expect((await list(`?search=${demoPerson.username}`, siam())).totalItem).toBe(0);
      expect((await departments('', siam())).department.map((d) => d._id)).not.toContain(dept._id);
      expect((await positions('', siam())).position.map((p) => p._id)).not.toContain(pos._id);

      expectMessage(await ctx.api.get(`/people/${demoPerson._id}`, { token: siam() }), 404, 'not_found');
      expectMessage(await setStatus(demoPerson._id, true, siam()), 404, 'not_found');
      expectMessage(await ctx.api.put(`/people/${demoPerson._id}/password`, { password: 'Taken-Over-2569' }, { token: siam() }), 404, 'not_found');
      expectMessage(
        await ctx.api.put(`/people/${demoPerson._id}`, { ...details(demoPerson), roleId: await builtin('admin', siam()) }, { token: siam() }),
        404,
        'not_found',
      );
      expectMessage(await ctx.api.get(`/user/contact/position?departmentId=${dept._id}`, { token: siam() }), 404, 'department_not_found');
      expectMessage(
        await ctx.api.post('/user/contact/position', { departmentId: dept._id, value: 'แทรก' }, { token: siam() }),
        404,
        'department_not_found',
      );
      expectMessage(await ctx.api.put('/user/contact/department', { dataId: dept._id, value: 'ยึด' }, { token: siam() }), 404, 'not_found');
      expectMessage(
        await ctx.api.put('/user/contact/department', { dataId: pos._id, value: 'ยึด', type: 'position' }, { token: siam() }),
        404,
        'not_found',
      );
      expectMessage(await ctx.api.delete(`/user/contact/department?dataId=${dept._id}`, { token: siam() }), 404, 'not_found');
      expectMessage(await ctx.api.delete(`/user/contact/department?dataId=${pos._id}&type=position`, { token: siam() }), 404, 'not_found');
      // a SIAM person cannot be placed in DEMO's department, nor given DEMO's role
      const siamBase = {
        kind: 'staff',
        username: fresh('siam.'),
        firstname: 'สยาม',
        lastname: 'ทดสอบ',
        email: 'siam.test@people.example',
        password: PASSWORD,
      };
      expectMessage(
        await ctx.api.post('/people', { ...siamBase, roleId: await builtin('staff', siam()), departmentId: dept._id }, { token: siam() }),
        400,
        'person_department_unknown',
      );
      const demoRole = ok(
        await ctx.api.post('/roles', { name: 'บทบาทเฉพาะ DEMO (บุคคล)', rights: [] }, { token: admin() }),
        z.object({ data: z.object({ id: z.string() }) }).passthrough(),
      ).data;
      expectMessage(await ctx.api.post('/people', { ...siamBase, roleId: demoRole.id }, { token: siam() }), 400, 'person_role_unknown');

      expect(ok(await ctx.api.get(`/people/${demoPerson._id}`, { token: admin() }), personReply).data).toMatchObject({
        disabled: false,
        departmentName: 'ฝ่ายเฉพาะ DEMO',
      });
      expect((await departments('?search=DEMO')).department.find((d) => d._id === dept._id)?.name).toBe('ฝ่ายเฉพาะ DEMO');
    });
  });
}
