import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { apiKey, apiKeyCreatedReply, apiKeyListReply } from '../../../contract/apikeys';
import { consentApiCheckReply, consentApiGivenReply, consentApiSubjectReply, consentApiWithdrawnReply } from '../../../contract/consentApi';
import type { Reply } from '../client';
import { expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { MENU } from '../../../contract/menus';
import { openSession } from '../../../server/modules/auth/sessions';

const keyRow = apiKey.strict();
const listReply = apiKeyListReply.extend({ data: z.array(keyRow) }).strict();
const oneReply = z.object({ status: z.literal(200), data: keyRow }).strict();
const createdReply = apiKeyCreatedReply.strict();

function ok<T>(reply: Reply, schema: z.ZodType<T>): T {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return schema.parse(reply.body);
}

/**
 * API keys (settings, menu 13: `GET/POST /api-keys`, `GET/DELETE /api-keys/:id`) and the consent API
 * the company's own apps call with them (`/consent-api/...`, `Authorization: Bearer pdpa_live_…`).
 */
export function apikeysCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  /** A person of DEMO whose role only views the settings (menu 13), made on first need. */
  let settingsViewer = '';
  const viewer = async () => {
    if (settingsViewer) return settingsViewer;
    const [company] = await ctx.db!.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
    const [role] = await ctx.db!.query<{ id: string }>('insert into roles (company_id, name) values ($1, $2) returning id', [
      company.id,
      `ดูการตั้งค่า ${randomUUID().slice(0, 8)}`,
    ]);
    await ctx.db!.query('insert into role_menus (role_id, menu_id, can_edit) values ($1, $2, false)', [role.id, MENU.settings.menuId]);
    const [user] = await ctx.db!.query<{ id: string }>(
      `insert into users (company_id, username, password_hash, role_id) values ($1, $2, 'not a hash', $3) returning id`,
      [company.id, `settings-viewer-${randomUUID().slice(0, 8)}`, role.id],
    );
    settingsViewer = await openSession(ctx.db!, { userId: user.id, companyId: company.id }, { ip: '127.0.0.1' });
    return settingsViewer;
  };
  const siam = () => ctx.siamAdmin.access_token;

  const createKey = async (name: string, scopes = ['consent:write', 'consent:read'], rateLimit = 6000, token = admin()) =>
    ok(await ctx.api.post('/api-keys', { name, scopes, rateLimit }, { token }), createdReply).data;
  /** a key call: the secret is a bearer token like a session's */
  const withKey = (secret: string) => ({ token: secret });
  const countKeys = async () => Number((await ctx.db!.query<{ n: number }>('select count(*)::int as n from api_keys'))[0].n);

  /** The DEMO company's published notice: its id, current version and first purpose. */
  const demoNotice = async () => {
    const [v] = await ctx.db!.query<{ form_id: string; version: number; content: { purposes: { _id: string }[] } }>(
      `select distinct on (v.form_id) v.form_id, v.version, v.content from consent_form_versions v join companies c on c.id = v.company_id
        where c.code = 'DEMO' order by v.form_id, v.version desc limit 1`,
    );
    return { formId: v.form_id, version: v.version, purposeId: v.content.purposes[0]._id };
  };

  describe('API keys', () => {
    shape.it("lists the company's keys by the REST convention, without their secrets", async () => {
      const reply = await ctx.api.get('/api-keys', { token: admin() });
      const body = ok(reply, listReply);
      expect(body.data.length).toBeGreaterThan(0);
      expect(reply.headers.get('content-range')).toMatch(/^api-keys /);
      expect(JSON.stringify(body)).not.toMatch(/secret/i);
    });

    rule.it('shows the secret once at creation and keeps only its hash; a view-only role may not create or revoke', async () => {
      const before = await countKeys();
      const created = await createKey(`แอปทดสอบ ${randomUUID().slice(0, 8)}`);
      expect(created.secret).toMatch(/^pdpa_live_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
      expect(created.secret.startsWith(created.prefix)).toBe(true);
      expect(created).toMatchObject({ scopes: ['consent:write', 'consent:read'], lastUsed_dt: null, revoked_dt: null });
      const again = ok(await ctx.api.get(`/api-keys/${created.id}`, { token: admin() }), oneReply).data;
      expect(JSON.stringify(again)).not.toContain(created.secret.slice(created.prefix.length));
      const [row] = await ctx.db!.query<{ secret_hash: string }>('select secret_hash from api_keys where id = $1', [created.id]);
      expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.secret_hash).not.toContain(created.secret);
      expect(await countKeys()).toBe(before + 1);

      expect(ok(await ctx.api.get('/api-keys?range=[0,99]', { token: await viewer() }), listReply).data.map((k) => k.id)).toContain(created.id);
      expectMessage(await ctx.api.post('/api-keys', { name: 'ห้ามสร้าง', scopes: ['consent:read'] }, { token: await viewer() }), 403, 'read_only');
      expectMessage(await ctx.api.delete(`/api-keys/${created.id}`, { token: await viewer() }), 403, 'read_only');
      expect(await countKeys()).toBe(before + 1);
    });

    rule.it('refuses bad input naming the field, a name in use (409) and a built-in channel as a name; nothing is stored', async () => {
      const before = await countKeys();
      expectInvalidField(await ctx.api.post('/api-keys', { name: 'ไม่มีสิทธิ์', scopes: [] }, { token: admin() }), 'scopes');
      expectInvalidField(await ctx.api.post('/api-keys', { name: 'สิทธิ์แปลก', scopes: ['admin:all'] }, { token: admin() }), 'scopes.0');
      expectInvalidField(await ctx.api.post('/api-keys', { name: '', scopes: ['consent:read'] }, { token: admin() }), 'name');
      expectInvalidField(await ctx.api.post('/api-keys', { name: 'web', scopes: ['consent:read'] }, { token: admin() }), 'name');
      expectInvalidField(await ctx.api.post('/api-keys', { name: 'เร็วไป', scopes: ['consent:read'], rateLimit: 1 }, { token: admin() }), 'rateLimit');
      const name = `ชื่อซ้ำ ${randomUUID().slice(0, 8)}`;
      await createKey(name);
      expectMessage(await ctx.api.post('/api-keys', { name, scopes: ['consent:read'] }, { token: admin() }), 409, 'api_key_name_taken');
      expect(await countKeys()).toBe(before + 1);
    });

    rule.it("another company's key is a 404: it can neither read nor revoke it", async () => {
      const created = await createKey(`ของ DEMO ${randomUUID().slice(0, 8)}`);
      expectMessage(await ctx.api.get(`/api-keys/${created.id}`, { token: siam() }), 404, 'not_found');
      expectMessage(await ctx.api.delete(`/api-keys/${created.id}`, { token: siam() }), 404, 'not_found');
      const listed = ok(await ctx.api.get('/api-keys?range=[0,99]', { token: siam() }), listReply).data;
      expect(listed.map((k) => k.id)).not.toContain(created.id);
    });
  });

  describe('consent API', () => {
    rule.it(
      'records, reads and checks a consent and its withdrawal with a key; the log, the trail and last use show the key; revoked it is 401',
      async () => {
        const notice = await demoNotice();
        const name = `LINE OA ${randomUUID().slice(0, 8)}`;
        const key = await createKey(name);
        const subjectId = `08${Math.floor(Math.random() * 1e8)}`;
        const check = async () =>
          ok(
            await ctx.api.get(
              `/consent-api/check?formId=${notice.formId}&purposeId=${encodeURIComponent(notice.purposeId)}&subjectId=${subjectId}`,
              withKey(key.secret),
            ),
            consentApiCheckReply.strict(),
          );
        expect(await check()).toEqual({ status: 200, allowed: false, state: 'none', version: null, given_dt: null });

        const given = ok(
          await ctx.api.post(
            '/consent-api/consents',
            { formId: notice.formId, version: notice.version, subjectId, age: 34, purposes: [{ _id: notice.purposeId, consent: true }] },
            withKey(key.secret),
          ),
          consentApiGivenReply.strict(),
        ).data;
        expect(given).toMatchObject({ given: [notice.purposeId], version: notice.version, textHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
        const allowed = await check();
        expect(allowed).toMatchObject({ allowed: true, state: 'given', version: notice.version });
        expect(Date.parse(allowed.given_dt!)).toBeGreaterThan(Date.now() - 60_000);

        const current = ok(
          await ctx.api.get(`/consent-api/consents?subjectId=${subjectId}`, withKey(key.secret)),
          consentApiSubjectReply.strict(),
        ).data;
        expect(current).toEqual([
          expect.objectContaining({ formId: notice.formId, purposeId: notice.purposeId, state: 'given', channel: name, textHash: given.textHash }),
        ]);

        // the back office's consent log shows it, the key's name as the channel
        const log = await ctx.api.get(`/consents/manage/list?search=${subjectId}`, { token: admin() });
        expect(log.status).toBe(200);
        const rows = (log.body as { consentlist: { subjectId: string; history: { channel: string }[] }[] }).consentlist;
        expect(rows.map((r) => [r.subjectId, r.history[0].channel])).toEqual([[subjectId, name]]);

        const withdrawn = ok(
          await ctx.api.post('/consent-api/withdrawals', { formId: notice.formId, subjectId, purposes: [notice.purposeId] }, withKey(key.secret)),
          consentApiWithdrawnReply.strict(),
        ).data;
        expect(withdrawn).toEqual({ withdrawn: [notice.purposeId] });
        expect(await check()).toMatchObject({ allowed: false, state: 'withdrawn', given_dt: null });

        // every write in the trail, the key as the actor
        const trail = await ctx.db!.query<{ username: string; action: string; after: { action: string; apiKeyId: string } }>(
          `select username, action, after from audit_log where entity = 'consent_records' and after->>'subjectId' = $1 order by id`,
          [subjectId],
        );
        expect(trail.map((t) => [t.username, t.action, t.after.action, t.after.apiKeyId])).toEqual([
          [`API · ${name}`, 'create', 'given', key.id],
          [`API · ${name}`, 'create', 'withdrawn', key.id],
        ]);
        // last use is written after the call, once a minute at most
        await expect.poll(async () => ok(await ctx.api.get(`/api-keys/${key.id}`, { token: admin() }), oneReply).data.lastUsed_dt).not.toBeNull();

        ok(await ctx.api.delete(`/api-keys/${key.id}`, { token: admin() }), oneReply);
        expectMessage(await ctx.api.get(`/consent-api/consents?subjectId=${subjectId}`, withKey(key.secret)), 401, 'api_key_invalid');
        expectMessage(await ctx.api.delete(`/api-keys/${key.id}`, { token: admin() }), 409, 'api_key_revoked');
      },
    );

    rule.it('refuses bad input with a clear 4xx and stores nothing', async () => {
      const notice = await demoNotice();
      const key = await createKey(`ตรวจข้อมูล ${randomUUID().slice(0, 8)}`);
      const records = async () =>
        Number((await ctx.db!.query<{ n: number }>('select count(*)::int as n from consent_records where api_key_id = $1', [key.id]))[0].n);
      const body = {
        formId: notice.formId,
        version: notice.version,
        subjectId: 'API-BAD',
        age: 30,
        purposes: [{ _id: notice.purposeId, consent: true }],
      };
      expectInvalidField(await ctx.api.post('/consent-api/consents', { ...body, subjectId: '' }, withKey(key.secret)), 'subjectId');
      expectInvalidField(await ctx.api.post('/consent-api/consents', { ...body, email: 'not-an-email' }, withKey(key.secret)), 'email');
      expectMessage(
        await ctx.api.post('/consent-api/consents', { ...body, purposes: [{ _id: 'nope', consent: true }] }, withKey(key.secret)),
        400,
        'consent_unknown_purpose',
      );
      expectMessage(
        await ctx.api.post('/consent-api/consents', { ...body, version: notice.version + 5 }, withKey(key.secret)),
        409,
        'consent_version_changed',
      );
      expectMessage(await ctx.api.post('/consent-api/consents', { ...body, age: 15 }, withKey(key.secret)), 400, 'consent_guardian_required');
      expectMessage(await ctx.api.post('/consent-api/consents', { ...body, formId: randomUUID() }, withKey(key.secret)), 404, 'not_found');
      expectMessage(
        await ctx.api.get(`/consent-api/check?formId=${notice.formId}&purposeId=nope&subjectId=API-BAD`, withKey(key.secret)),
        400,
        'consent_unknown_purpose',
      );
      expectInvalidField(await ctx.api.get(`/consent-api/check?formId=${notice.formId}&subjectId=API-BAD`, withKey(key.secret)), 'purposeId');
      expect(await records()).toBe(0);
      // the same submission twice records once
      const once = { ...body, submissionId: randomUUID() };
      const first = await ctx.api.post('/consent-api/consents', once, withKey(key.secret));
      const second = await ctx.api.post('/consent-api/consents', once, withKey(key.secret));
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body).toEqual(first.body);
      expect(await records()).toBe(1);
    });

    rule.it("counts every call against the key's rate: 50 parallel checks of a 10-a-minute key, 10 answered and 40 refused (429)", async () => {
      const notice = await demoNotice();
      const key = await createKey(`จำกัดความถี่ ${randomUUID().slice(0, 8)}`, ['consent:read'], 10);
      const url = `/consent-api/check?formId=${notice.formId}&purposeId=${encodeURIComponent(notice.purposeId)}&subjectId=RATE-1`;
      const replies = await Promise.all(Array.from({ length: 50 }, () => ctx.api.get(url, withKey(key.secret))));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
      const refused = replies.filter((r) => r.status === 429);
      expect(refused).toHaveLength(40);
      expectMessage(refused[0], 429, 'api_key_throttled', 'th', { limit: 10, minutes: 1 });
      // another key of the company is counted apart
      const other = await createKey(`อีกคีย์ ${randomUUID().slice(0, 8)}`, ['consent:read'], 10);
      expect((await ctx.api.get(url, withKey(other.secret))).status).toBe(200);
    });

    rule.it(
      "hands out a busy key's minute in shares and still never lets more than its rate through: 250 parallel checks of a 200-a-minute key",
      async () => {
        const notice = await demoNotice();
        const key = await createKey(`แบ่งโควตา ${randomUUID().slice(0, 8)}`, ['consent:read'], 200);
        const url = `/consent-api/check?formId=${notice.formId}&purposeId=${encodeURIComponent(notice.purposeId)}&subjectId=RATE-2`;
        const replies = await Promise.all(Array.from({ length: 250 }, () => ctx.api.get(url, withKey(key.secret))));
        expect(replies.filter((r) => r.status === 200)).toHaveLength(200);
        expect(replies.filter((r) => r.status === 429)).toHaveLength(50);
      },
    );
  });
}
