import { describe, expect } from 'vitest';
import { z } from 'zod';
import { MENU } from '../../../contract/menus';
import { GRANTABLE_MENU_IDS, role, roleListReply, type Role, type RoleRight } from '../../../contract/roles';
import type { Reply } from '../client';
import { expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { asSoleRoleManager } from '../arrange';
import { kinds } from '../kinds';

// ---- the replies, strict: every target answers exactly these fields
const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString() === s, 'an ISO instant');
const roleRow = role.extend({ id: z.string().min(1), created_dt: iso }).strict();
const listReply = roleListReply.extend({ data: z.array(roleRow) }).strict();
const oneReply = z.object({ status: z.literal(200), data: roleRow }).strict();

const HTML = `<script>alert("x")</script><img src=x onerror=alert(1)> & <b>ตัวหนา</b>`;
const RISK = MENU.riskManagement.menuId;
const SETTINGS = MENU.settings.menuId;
const CONTACTS = MENU.contacts.menuId;

const right = (menuId: number, edit = false): RoleRight => ({ menuId, view: true, edit });
/** Every grantable menu, editable. */
const ALL_EDIT = GRANTABLE_MENU_IDS.map((m) => right(m, true));

function ok<T>(reply: Reply, schema: z.ZodType<T>): T {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return schema.parse(reply.body);
}

/** `?sort&range&filter` of ra-data-simple-rest. */
const listQuery = (q: { sort?: [string, string]; range?: [number, number]; filter?: Record<string, unknown> } = {}) => {
  const params = new URLSearchParams();
  if (q.sort) params.set('sort', JSON.stringify(q.sort));
  if (q.range) params.set('range', JSON.stringify(q.range));
  if (q.filter) params.set('filter', JSON.stringify(q.filter));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * Roles (`/settings/contacts/role`, menu 14) by the REST convention: `GET /roles` (with
 * `Content-Range`), `GET/PUT/DELETE /roles/:id`, `POST /roles`.
 */
export function roleCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const siam = () => ctx.siamAdmin.access_token;
  const viewer = () => ctx.demoViewer.access_token;

  const list = async (query = '', token = admin()) => {
    const reply = await ctx.api.get(`/roles${query}`, { token });
    const body = ok(reply, listReply);
    return { body, range: reply.headers.get('content-range') };
  };
  const allRoles = async (token = admin()) => (await list(listQuery({ range: [0, 99] }), token)).body.data;
  const builtin = async (key: NonNullable<Role['builtin']>, token = admin()) => (await allRoles(token)).find((r) => r.builtin === key)!;
  const getRole = async (id: string, token = admin()) => ok(await ctx.api.get(`/roles/${id}`, { token }), oneReply).data;
  const createRole = async (name: string, rights: RoleRight[], token = admin()) =>
    ok(await ctx.api.post('/roles', { name, rights }, { token }), oneReply).data;
  const putRole = (id: string, name: string, rights: RoleRight[], token = admin()) => ctx.api.put(`/roles/${id}`, { name, rights }, { token });

  /**
   * Gives a person a role, the way only the database (or the fake's raw collections) can today,
   * and tells the API processes so their session caches forget the old rights.
   */
  async function setRole(userId: string, roleId: string) {
    if (ctx.db) {
      await ctx.db.query('update users set role_id = $1 where id = $2', [roleId, userId]);
      await ctx.db.query(`select pg_notify('pdpa_sessions', '')`);
    } else {
      const res = await fetch(`${ctx.api.baseUrl}/fake/users/${userId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ roleId }),
      });
      expect(res.status).toBe(200);
    }
  }
  /** Runs `fn` while `userId` holds `roleId`, then gives back their built-in role. */
  async function holding(userId: string, roleId: string, original: NonNullable<Role['builtin']>, fn: () => Promise<void>) {
    const back = (await builtin(original)).id;
    await setRole(userId, roleId);
    try {
      await fn();
    } finally {
      await setRole(userId, back);
    }
  }

  describe('GET /roles', () => {
    shape.it('lists the built-in roles in the seed order with their Thai names, rights and holders, and a Content-Range', async () => {
      const { body, range } = await list();
      expect(range).toBe(`roles 0-${body.data.length - 1}/${body.total}`);
      expect(body.data.slice(0, 5).map((r) => [r.builtin, r.name])).toEqual([
        ['admin', 'ผู้ดูแลระบบ'],
        ['dpo', 'DPO'],
        ['staff', 'พนักงาน'],
        ['viewer', 'ผู้ดูแลข้อมูล'],
        ['contact', 'ผู้ติดต่อ'],
      ]);
      const [adminRole, , , viewerRole, contactRole] = body.data;
      expect(adminRole.rights).toEqual(ALL_EDIT);
      expect(adminRole.userCount).toBeGreaterThanOrEqual(1);
      expect(viewerRole.rights.every((r) => !r.edit)).toBe(true);
      expect(viewerRole.rights.map((r) => r.menuId)).not.toContain(RISK);
      expect(viewerRole.rights.map((r) => r.menuId)).not.toContain(CONTACTS);
      expect(viewerRole.userCount).toBeGreaterThanOrEqual(1);
      expect(contactRole.rights).toEqual([right(MENU.dashboard.menuId), right(MENU.dpo.menuId)]);
      // the always-granted menus (main 15, 999) are nobody's to grant
      for (const r of body.data) expect(r.rights.map((x) => x.menuId)).not.toContain(MENU.main.menuId);
    });

    shape.it('pages by range, sorts and searches', async () => {
      const { body: all } = await list(listQuery({ range: [0, 99] }));
      const page = await list(listQuery({ range: [1, 2] }));
      expect(page.body.data.map((r) => r.id)).toEqual(all.data.slice(1, 3).map((r) => r.id));
      expect(page.range).toBe(`roles 1-2/${all.total}`);
      const past = await list(listQuery({ range: [500, 509] }));
      expect(past.body).toEqual({ status: 200, data: [], total: all.total });
      expect(past.range).toBe(`roles */${all.total}`);

      // the database's collation orders the names: one direction is the other reversed
      const names = async (direction: string) => (await list(listQuery({ sort: ['name', direction], range: [0, 99] }))).body.data.map((r) => r.name);
      const ascending = await names('ASC');
      expect(ascending.toSorted()).toEqual(all.data.map((r) => r.name).toSorted());
      expect(await names('DESC')).toEqual(ascending.toReversed());
      const counts = (await list(listQuery({ sort: ['userCount', 'DESC'], range: [0, 99] }))).body.data.map((r) => r.userCount);
      expect(counts).toEqual(counts.toSorted((a, b) => b - a));
      const found = await list(listQuery({ filter: { search: '  ดูแล ' } }));
      expect(found.body.data.map((r) => r.builtin).sort()).toEqual(['admin', 'viewer']);
      expect(found.body.total).toBe(2);
      expect((await list(listQuery({ filter: { search: '%' } }))).body.total).toBe(0);
    });

    shape.it('refuses a malformed sort, range or filter (400)', async () => {
      expectInvalidField(await ctx.api.get('/roles?sort=["password","ASC"]', { token: admin() }), 'sort.0');
      expectInvalidField(await ctx.api.get('/roles?range=[0,500]', { token: admin() }), 'range');
      expectInvalidField(await ctx.api.get('/roles?range=nope', { token: admin() }), 'range');
      expectInvalidField(await ctx.api.get('/roles?filter={"search":5}', { token: admin(), lang: 'en' }), 'filter.search', 'en');
    });

    shape.it('refuses a call without a session (401) and people without the users-and-roles menu (403)', async () => {
      expectMessage(await ctx.api.get('/roles'), 401, 'not_signed_in');
      expectMessage(await ctx.api.get('/roles', { token: viewer() }), 403, 'forbidden');
      expectMessage(await ctx.api.get('/roles', { token: ctx.demoContact.access_token, lang: 'en' }), 403, 'forbidden', 'en');
    });
  });

  describe('a company role: create, read, edit, delete', () => {
    shape.it('creates a role with view-only risk management, trims its name, and lists it with no holders', async () => {
      const created = await createRole('  ผู้ตรวจความเสี่ยง  ', [right(RISK)]);
      expect(created).toMatchObject({ name: 'ผู้ตรวจความเสี่ยง', builtin: null, rights: [right(RISK)], userCount: 0 });
      expect(await getRole(created.id)).toEqual(created);
      expect((await allRoles()).find((r) => r.id === created.id)).toEqual(created);
    });

    rule.it('edits the name and replaces the rights, answering the rights in the catalogue order', async () => {
      const created = await createRole('ผู้ช่วย DPO', [right(MENU.dpo.menuId, true)]);
      const rights = [right(CONTACTS), right(RISK, true), right(SETTINGS), right(MENU.dashboard.menuId)];
      const edited = ok(await putRole(created.id, 'ผู้ช่วยงานความเสี่ยง', rights), oneReply).data;
      expect(edited).toMatchObject({ id: created.id, name: 'ผู้ช่วยงานความเสี่ยง', builtin: null });
      expect(edited.rights).toEqual([right(MENU.dashboard.menuId), right(RISK, true), right(SETTINGS), right(CONTACTS)]);
      expect(await getRole(created.id)).toEqual(edited);
      // the same name again is no conflict with itself
      ok(await putRole(created.id, 'ผู้ช่วยงานความเสี่ยง', []), oneReply);
      expect((await getRole(created.id)).rights).toEqual([]);
    });

    shape.it('deletes a role nobody holds; afterwards it is gone (404)', async () => {
      const created = await createRole('บทบาทชั่วคราว', [right(MENU.dashboard.menuId)]);
      const removed = ok(await ctx.api.delete(`/roles/${created.id}`, { token: admin() }), oneReply).data;
      expect(removed).toEqual(created);
      expectMessage(await ctx.api.get(`/roles/${created.id}`, { token: admin() }), 404, 'not_found');
      expectMessage(await ctx.api.delete(`/roles/${created.id}`, { token: admin() }), 404, 'not_found');
      expectMessage(await putRole(created.id, 'อีกชื่อ', []), 404, 'not_found');
    });

    shape.it('copies a built-in role: a new company role with the same rights under a new name', async () => {
      const dpo = await builtin('dpo');
      const copy = await createRole('DPO สาขาเชียงใหม่', dpo.rights);
      expect(copy).toMatchObject({ builtin: null, rights: dpo.rights, userCount: 0 });
      expect(copy.id).not.toBe(dpo.id);
      // the copy may then be changed; the original stays as it was
      ok(await putRole(copy.id, 'DPO สาขาเชียงใหม่', [right(MENU.dpo.menuId)]), oneReply);
      expect(await builtin('dpo')).toEqual(dpo);
    });

    rule.it('refuses to change or delete a built-in role (409 with a message)', async () => {
      const adminRole = await builtin('admin');
      expectMessage(await putRole(adminRole.id, 'ผู้ดูแลระบบใหม่', []), 409, 'role_builtin');
      expectMessage(await ctx.api.delete(`/roles/${adminRole.id}`, { token: admin(), lang: 'en' }), 409, 'role_builtin', 'en');
      const viewerRole = await builtin('viewer');
      expectMessage(await putRole(viewerRole.id, viewerRole.name, ALL_EDIT), 409, 'role_builtin');
      expect(await builtin('admin')).toEqual(adminRole);
      expect(await builtin('viewer')).toEqual(viewerRole);
    });

    rule.it('refuses a name another role of the company has (409), letter case aside, built-in names included', async () => {
      const first = await createRole('Auditor', [right(MENU.dashboard.menuId)]);
      expectMessage(await ctx.api.post('/roles', { name: 'Auditor', rights: [] }, { token: admin() }), 409, 'role_name_taken');
      expectMessage(await ctx.api.post('/roles', { name: ' auditor ', rights: [] }, { token: admin(), lang: 'en' }), 409, 'role_name_taken', 'en');
      expectMessage(await ctx.api.post('/roles', { name: 'ผู้ดูแลระบบ', rights: [] }, { token: admin() }), 409, 'role_name_taken');
      const second = await createRole('Auditor 2', []);
      expectMessage(await putRole(second.id, 'AUDITOR', []), 409, 'role_name_taken');
      expect((await getRole(second.id)).name).toBe('Auditor 2');
      expect((await getRole(first.id)).name).toBe('Auditor');
    });
  });

  describe('bad input (400, nothing written)', () => {
    const refused = async (body: unknown, field: string) => {
      const before = (await list()).body.total;
      expectInvalidField(await ctx.api.post('/roles', body, { token: admin() }), field);
      expect((await list()).body.total).toBe(before);
    };

    shape.it('refuses menus a role cannot grant: unknown ids, the always-granted 15 and 999', async () => {
      await refused({ name: 'เมนูแปลก', rights: [right(12345)] }, 'rights.0.menuId');
      await refused({ name: 'เมนูแปลก', rights: [right(MENU.dashboard.menuId), right(MENU.main.menuId)] }, 'rights.1.menuId');
      await refused({ name: 'เมนูแปลก', rights: [right(MENU.always.menuId, true)] }, 'rights.0.menuId');
      await refused({ name: 'เมนูแปลก', rights: [{ menuId: '18', view: true, edit: false }] }, 'rights.0.menuId');
    });

    shape.it('refuses edit without view, a menu twice, and a sub-menu without its parent', async () => {
      await refused({ name: 'แก้ไขอย่างเดียว', rights: [{ menuId: RISK, view: false, edit: true }] }, 'rights.0.view');
      await refused({ name: 'แก้ไขอย่างเดียว', rights: [{ menuId: RISK, edit: true }] }, 'rights.0.view');
      await refused({ name: 'ซ้ำ', rights: [right(RISK), right(RISK, true)] }, 'rights.1.menuId');
      await refused({ name: 'ไม่มีเมนูแม่', rights: [right(CONTACTS, true)] }, 'rights.0.menuId');
    });

    shape.it('refuses an empty, blank or overlong name and a missing rights list', async () => {
      await refused({ name: '', rights: [] }, 'name');
      await refused({ name: '   ', rights: [] }, 'name');
      await refused({ name: 'ก'.repeat(101), rights: [] }, 'name');
      await refused({ name: 'ไม่มีสิทธิ์' }, 'rights');
      await refused({ rights: [] }, 'name');
    });

    shape.it('keeps HTML in a name as plain text', async () => {
      const created = await createRole(HTML, [right(MENU.dashboard.menuId)]);
      expect(created.name).toBe(HTML);
      expect((await getRole(created.id)).name).toBe(HTML);
    });

    shape.it('refuses an edit with bad input and leaves the role as it was', async () => {
      const created = await createRole('คงเดิม', [right(RISK)]);
      expectInvalidField(await putRole(created.id, '', []), 'name');
      expectInvalidField(await putRole(created.id, 'คงเดิม', [right(999)]), 'rights.0.menuId');
      expect(await getRole(created.id)).toEqual(created);
    });
  });

  describe('holders', () => {
    rule.it("applies a role change on the holder's next call, and refuses to delete a role someone holds (409)", async () => {
      const person = ctx.demoViewer.user._id;
      const auditor = await createRole('ผู้ตรวจสอบความเสี่ยง', [right(RISK)]);
      await holding(person, auditor.id, 'viewer', async () => {
        expect((await getRole(auditor.id)).userCount).toBe(1);
        // view only: reads pass, writes are refused before their input is even looked at
        expect((await ctx.api.get('/datarisk/list?type=1', { token: viewer() })).status).toBe(200);
        expectMessage(await ctx.api.post('/datarisk/create', {}, { token: viewer() }), 403, 'read_only');

        ok(await putRole(auditor.id, auditor.name, [right(RISK, true)]), oneReply);
        expectInvalidField(await ctx.api.post('/datarisk/create', {}, { token: viewer() }), 'riskMasterData');

        ok(await putRole(auditor.id, auditor.name, [right(MENU.dashboard.menuId)]), oneReply);
        expectMessage(await ctx.api.get('/datarisk/list?type=1', { token: viewer() }), 403, 'forbidden');

        expectMessage(await ctx.api.delete(`/roles/${auditor.id}`, { token: admin() }), 409, 'role_in_use', 'th', { count: 1 });
        expect((await getRole(auditor.id)).name).toBe(auditor.name);
      });
      expect((await getRole(auditor.id)).userCount).toBe(0);
      ok(await ctx.api.delete(`/roles/${auditor.id}`, { token: admin() }), oneReply);
    });

    rule.it('lets a view-only holder of users and roles read the roles but change nothing (403 read_only)', async () => {
      const person = ctx.demoViewer.user._id;
      const reader = await createRole('ผู้อ่านบทบาท', [right(SETTINGS), right(CONTACTS)]);
      const target = await createRole('เป้าหมาย', []);
      await holding(person, reader.id, 'viewer', async () => {
        ok(await ctx.api.get('/roles', { token: viewer() }), listReply);
        expect((await getRole(target.id, viewer())).name).toBe('เป้าหมาย');
        expectMessage(await ctx.api.post('/roles', { name: 'โดยผู้อ่าน', rights: [] }, { token: viewer() }), 403, 'read_only');
        expectMessage(await putRole(target.id, 'เปลี่ยนชื่อ', [], viewer()), 403, 'read_only');
        expectMessage(await ctx.api.delete(`/roles/${target.id}`, { token: viewer(), lang: 'en' }), 403, 'read_only', 'en');
        // refused before the input is looked at
        expectMessage(await ctx.api.post('/roles', {}, { token: viewer() }), 403, 'read_only');
      });
      expect((await getRole(target.id)).name).toBe('เป้าหมาย');
    });

    rule.it('refuses a change that would leave nobody able to manage users and roles (409)', async () => {
      const person = ctx.demoAdmin.user._id;
      const manager = await createRole('ผู้จัดการระบบ', ALL_EDIT);
      await asSoleRoleManager(ctx, () =>
        holding(person, manager.id, 'admin', async () => {
          const withoutEdit = ALL_EDIT.map((r) => (r.menuId === CONTACTS ? right(CONTACTS) : r));
          expectMessage(await putRole(manager.id, manager.name, withoutEdit), 409, 'role_lockout');
          expectMessage(await putRole(manager.id, manager.name, [right(MENU.dashboard.menuId)]), 409, 'role_lockout');
          expect((await getRole(manager.id)).rights).toEqual(ALL_EDIT);
          // the admin still manages roles: nothing changed
          ok(await putRole(manager.id, 'ผู้จัดการระบบ (ทุกเมนู)', ALL_EDIT), oneReply);
        }),
      );
      // once the built-in administrator role is back in use, the company role may lose its rights
      ok(await putRole(manager.id, 'ผู้จัดการระบบ (ทุกเมนู)', [right(MENU.dashboard.menuId)]), oneReply);
    });
  });

  describe('tenant isolation', () => {
    shape.it("never shows, changes or deletes DEMO's roles for SIAM; the same name is free in SIAM", async () => {
      const demoRole = await createRole('บทบาทเฉพาะ DEMO', [right(RISK)]);
      const siamRoles = await allRoles(siam());
      expect(siamRoles.map((r) => r.name)).not.toContain('บทบาทเฉพาะ DEMO');
      expect(siamRoles.filter((r) => !r.builtin)).toEqual([]);
      expect(siamRoles.filter((r) => r.builtin)).toHaveLength(5);
      expectMessage(await ctx.api.get(`/roles/${demoRole.id}`, { token: siam() }), 404, 'not_found');
      expectMessage(await putRole(demoRole.id, 'ยึด', ALL_EDIT, siam()), 404, 'not_found');
      expectMessage(await ctx.api.delete(`/roles/${demoRole.id}`, { token: siam() }), 404, 'not_found');
      expect(await getRole(demoRole.id)).toEqual(demoRole);

      const siamRole = await createRole('บทบาทเฉพาะ DEMO', [right(MENU.dashboard.menuId)], siam());
      expect(siamRole.id).not.toBe(demoRole.id);
      expect((await allRoles()).filter((r) => r.name === 'บทบาทเฉพาะ DEMO')).toHaveLength(1);
      ok(await ctx.api.delete(`/roles/${siamRole.id}`, { token: siam() }), oneReply);
    });
  });
}
