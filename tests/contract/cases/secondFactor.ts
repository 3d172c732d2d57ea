import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { RECOVERY_CODE_COUNT, secondFactorChallenge, secondFactorReply, type SecondFactorChallenge } from '../../../contract/auth';
import { MENU } from '../../../contract/menus';
import { DEMO_ADMIN, type Credentials, type Reply } from '../client';
import { expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

// Issue 31 §2: a role that requires a second factor; its holder enrols an authenticator app at sign-in,
// then signs in with its codes, or with a recovery code; an administrator resets a lost one.

const PERSON: Credentials = { companyCode: 'DEMO', username: 'totp.person', password: 'สองชั้นปลอดภัย2026' };

const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

function challengeOf(reply: Reply): SecondFactorChallenge {
  expect(reply.status, JSON.stringify(reply.body)).toBe(403);
  return secondFactorChallenge.strict().parse(reply.body);
}

export function secondFactorCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  /** The e-mails telling the person their second factor changed, newest first. */
  const factorMails = () =>
    ctx.db!.query<{ subject: string; body: string }>(
      `select subject, body from mail_outbox where to_address = 'totp@example.com' and template = 'second_factor_changed' order by id desc`,
    );
  const code = (challenge: string, value: string, lang?: 'th' | 'en') =>
    ctx.api.post('/user/signin/second-factor', { challenge, code: value }, { lang });

  rule.describe('a second factor at sign-in (TOTP)', () => {
    let roleId = '';
    let personId = '';
    let secret = '';
    let recovery: string[] = [];

    rule.it('a role that requires it makes its holder enrol at the next sign-in: the secret and QR code once, no session yet', async () => {
      const role = await ctx.api.post(
        '/roles',
        { name: 'ต้องยืนยันสองชั้น', rights: [{ menuId: MENU.dashboard.menuId, view: true, edit: false }] },
        { token: admin() },
      );
      expect(role.status, JSON.stringify(role.body)).toBe(200);
      roleId = role.body.data.id;
      expect(role.body.data.requireSecondFactor).toBe(false);
      const person = await ctx.api.post(
        '/people',
        {
          kind: 'staff',
          username: PERSON.username,
          password: PERSON.password,
          firstname: 'ทีโอทีพี',
          lastname: 'ทดสอบ',
          email: 'totp@example.com',
          roleId,
        },
        { token: admin() },
      );
      expect(person.status, JSON.stringify(person.body)).toBe(200);
      personId = person.body.data._id;
      expect(person.body.data).toMatchObject({ secondFactor: false, secondFactorRequired: false });
      // before the role asks, the password alone signs in
      expect((await ctx.api.signin(PERSON)).user.username).toBe(PERSON.username);

      const required = await ctx.api.put(`/roles/${roleId}/second-factor`, { required: true }, { token: admin() });
      expect(required.status).toBe(200);
      expect(required.body.data.requireSecondFactor).toBe(true);

      const reply = await ctx.api.signinRaw(PERSON);
      const body = challengeOf(reply);
      expect(body.msg).toContain('ยืนยันตัวตนสองชั้น');
      expect(reply.headers.get('set-cookie')).toBeNull();
      expect(body.enrol?.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(body.enrol?.uri).toContain(`secret=${body.enrol?.secret}`);
      expect(body.enrol?.qrSvg).toMatch(/^<svg /);
      secret = body.enrol!.secret;

      // a wrong code: refused, and the challenge still stands for the right one
      expectMessage(await code(body.challenge, codeAt(secret, 5)), 401, 'second_factor_wrong');
      const enrolled = await code(body.challenge, codeAt(secret));
      expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
      const session = secondFactorReply.parse(enrolled.body);
      expect(session.user.username).toBe(PERSON.username);
      expect(session.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      recovery = session.recoveryCodes!;
      expect(new Set(recovery).size).toBe(RECOVERY_CODE_COUNT);
      // the session works
      expect((await ctx.api.get('/user/validate', { token: session.access_token })).body.status).toBe(true);
      // the challenge is spent
      expectMessage(await code(body.challenge, codeAt(secret, 1)), 401, 'second_factor_expired');

      const listed = await ctx.api.get(`/people/${personId}`, { token: admin() });
      expect(listed.body.data).toMatchObject({ secondFactor: true, secondFactorRequired: true });
      // the person is told by e-mail: whoever enrolled with a stolen password is seen
      const [told] = await factorMails();
      expect(told.subject).toContain(PERSON.username);
      expect(told.body).toContain('แอปยืนยันตัวตน (TOTP)');
      expect(told.body).toMatch(/25[0-9]{2}/);
    });

    rule.it('once enrolled: the password asks for a code (no new secret), a code is good once, a bad format is a 400', async () => {
      const first = challengeOf(await ctx.api.signinRaw({ ...PERSON, username: 'TOTP.Person' }));
      expect(first.enrol).toBeUndefined();
      expectInvalidField(await code(first.challenge, '12 34a'), 'code');
      const next = codeAt(secret, 1);
      const ok = await code(first.challenge, next);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.recoveryCodes).toBeUndefined();
      // the same code on a fresh challenge: already used
      const second = challengeOf(await ctx.api.signinRaw(PERSON));
      expectMessage(await code(second.challenge, next, 'en'), 401, 'second_factor_wrong', 'en');
      expectMessage(await code('x'.repeat(43), codeAt(secret)), 401, 'second_factor_expired');
    });

    rule.it('a recovery code signs in once, in any case and with or without its dash; it says how many are left', async () => {
      const challenge = challengeOf(await ctx.api.signinRaw(PERSON)).challenge;
      const used = recovery[0];
      const ok = await code(challenge, used.toUpperCase().replace('-', ''));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.recoveryLeft).toBe(RECOVERY_CODE_COUNT - 1);
      const again = challengeOf(await ctx.api.signinRaw(PERSON)).challenge;
      expectMessage(await code(again, used), 401, 'second_factor_wrong');
    });

    rule.it('two recovery codes racing on one challenge: one session, and the other code is not spent (all or nothing)', async () => {
      const challenge = challengeOf(await ctx.api.signinRaw(PERSON)).challenge;
      const pair = [recovery[3], recovery[4]];
      const replies = await Promise.all(pair.map((c) => code(challenge, c)));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 401]);
      expect(replies.find((r) => r.status === 200)!.body.recoveryLeft).toBe(RECOVERY_CODE_COUNT - 2);
      const loser = pair[replies.findIndex((r) => r.status === 401)];
      const again = await code(challengeOf(await ctx.api.signinRaw(PERSON)).challenge, loser);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.recoveryLeft).toBe(RECOVERY_CODE_COUNT - 3);
    });

    rule.it('one right code sent six times at once on one challenge opens one session', async () => {
      const challenge = challengeOf(await ctx.api.signinRaw(PERSON)).challenge;
      const [{ count: before }] = await ctx.db!.query<{ count: number }>('select count(*)::int as count from sessions where user_id = $1', [
        personId,
      ]);
      const replies = await Promise.all(Array.from({ length: 6 }, () => code(challenge, recovery[5])));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.every((r) => [200, 401, 429].includes(r.status))).toBe(true);
      const [{ count: after }] = await ctx.db!.query<{ count: number }>('select count(*)::int as count from sessions where user_id = $1', [personId]);
      expect(after - before).toBe(1);
    });

    rule.it('the trail keeps the sign-ins with their factor and the refused codes; nothing secret', async () => {
      const trail = await ctx.db!.query<{ action: string; after: Record<string, unknown> }>(
        `select action, after from audit_log where entity = 'users' and record_id = $1 and action in ('signin', 'signin_failed') order by id`,
        [personId],
      );
      expect(trail.some((r) => r.action === 'signin' && r.after.factor === 'recovery')).toBe(true);
      expect(trail.some((r) => r.action === 'signin' && r.after.factor === 'totp' && r.after.enrolled === true)).toBe(true);
      expect(trail.some((r) => r.action === 'signin_failed' && r.after.reason === 'second_factor')).toBe(true);
      const [row] = await ctx.db!.query<{ secret_sealed: string; recovery_secrets: string[] }>(
        'select secret_sealed, recovery_secrets from user_totp where user_id = $1',
        [personId],
      );
      expect(row.secret_sealed).not.toContain(secret);
      expect(row.recovery_secrets.join()).not.toContain(recovery[1].replace('-', ''));
    });

    rule.it('an administrator resets a lost factor (logged, the sessions end); not their own; the person enrols again', async () => {
      const before = await ctx.api.signin(DEMO_ADMIN);
      expectMessage(
        await ctx.api.delete(`/people/${before.user._id}/second-factor`, { token: before.access_token }),
        409,
        'second_factor_reset_self',
      );
      const challenge = challengeOf(await ctx.api.signinRaw(PERSON)).challenge;
      const session = secondFactorReply.parse((await code(challenge, recovery[2])).body);

      const reset = await ctx.api.delete(`/people/${personId}/second-factor`, { token: admin() });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      expect(reset.body.data.secondFactor).toBe(false);
      expect((await ctx.api.get('/user/validate', { token: session.access_token })).status).toBe(401);
      expectMessage(await ctx.api.delete(`/people/${personId}/second-factor`, { token: admin() }), 409, 'second_factor_none');
      const [logged] = await ctx.db!.query<{ username: string; before: Record<string, unknown> }>(
        `select username, before from audit_log where entity = 'user_totp' and action = 'delete' and record_id = $1`,
        [personId],
      );
      expect(logged.username).toBe('admin');
      expect(JSON.stringify(logged.before)).not.toMatch(/secret_sealed|recovery_secrets/);
      // the next sign-in enrols a new app
      expect(challengeOf(await ctx.api.signinRaw(PERSON)).enrol?.secret).not.toBe(secret);
      const [told] = await factorMails();
      expect(told.body).toContain(`ผู้ดูแลระบบ ${before.user.firstname} ${before.user.lastname}`);
      expect(told.body).toContain('รีเซ็ต');
    });

    rule.it('a person disabled between the password and the first code is refused, and nothing of the enrolment lands', async () => {
      const { challenge, enrol } = challengeOf(await ctx.api.signinRaw(PERSON));
      const status = (disabled: boolean) => ctx.api.put(`/people/${personId}/status`, { disabled }, { token: admin() });
      expect((await status(true)).status).toBe(200);
      expectMessage(await code(challenge, codeAt(enrol!.secret)), 403, 'signin_disabled');
      expect((await status(false)).status).toBe(200);
      const [row] = await ctx.db!.query<{ enabled: boolean }>('select enabled_at is not null as enabled from user_totp where user_id = $1', [
        personId,
      ]);
      expect(row.enabled).toBe(false);
      // the app was never enabled (its recovery codes were never shown): the next sign-in still enrols
      expect(challengeOf(await ctx.api.signinRaw(PERSON)).enrol).toBeDefined();
    });

    rule.it('another company cannot reset this person, nor change this role', async () => {
      expect((await ctx.api.delete(`/people/${personId}/second-factor`, { token: ctx.siamAdmin.access_token })).status).toBe(404);
      expect((await ctx.api.put(`/roles/${roleId}/second-factor`, { required: false }, { token: ctx.siamAdmin.access_token })).status).toBe(404);
      expect((await ctx.api.put(`/roles/${roleId}/second-factor`, { required: 'yes' }, { token: admin() })).status).toBe(400);
    });

    rule.it('a sign-in without passkeys gets no options (409); a made-up answer is a wrong factor (401), nothing opened', async () => {
      const fake = {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
      };
      const challenge = challengeOf(await ctx.api.signinRaw(PERSON));
      // the person is enrolling (reset above): no passkey to ask for
      expectMessage(await ctx.api.post('/user/signin/passkey-options', { challenge: challenge.challenge }), 409, 'passkey_none');
      expectMessage(await ctx.api.post('/user/signin/passkey', { challenge: challenge.challenge, response: fake }), 401, 'second_factor_wrong');
      expectInvalidField(
        await ctx.api.post('/user/signin/passkey', { challenge: challenge.challenge, response: { ...fake, type: 'password' } }),
        'response.type',
      );
      expectMessage(await ctx.api.post('/user/signin/passkey-options', { challenge: 'y'.repeat(43) }), 401, 'second_factor_expired');
    });

    rule.it('wrong codes are throttled per person, atomically: of a burst, at most five are checked', async () => {
      const challenge = challengeOf(await ctx.api.signinRaw(PERSON));
      const wrong = String((Number(codeAt(challenge.enrol!.secret)) + 500_000) % 1_000_000).padStart(6, '0');
      const replies = await Promise.all(Array.from({ length: 8 }, () => code(challenge.challenge, wrong)));
      // (the made-up passkey above was one failure already: at most five in all)
      expect(replies.filter((r) => r.status === 401).length).toBeLessThanOrEqual(4);
      expect(replies.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(4);
      expect(replies.every((r) => r.status === 401 || r.status === 429)).toBe(true);
      const right = await code(challenge.challenge, codeAt(challenge.enrol!.secret));
      expect(right.status).toBe(429);
    });
  });

  rule.describe('passkeys: what is refused (the browser flow is in tests/e2e/second-factor.spec.ts)', () => {
    const fake = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' } };

    rule.it('adding one needs its options first (409), and a made-up answer is refused (400), nothing stored', async () => {
      const token = ctx.demoViewer.access_token;
      expectMessage(await ctx.api.post('/user/passkeys', { name: 'ปลอม', response: fake }, { token }), 409, 'passkey_expired');
      const options = await ctx.api.post('/user/passkeys/options', undefined, { token });
      expect(options.status).toBe(200);
      expect(options.body.options.rp).toMatchObject({ name: 'PDPA' });
      expect(options.body.options.user.name).toBe('DEMO/viewer');
      expectMessage(await ctx.api.post('/user/passkeys', { name: 'ปลอม', response: fake }, { token }), 400, 'passkey_failed');
      expectInvalidField(await ctx.api.post('/user/passkeys', { name: ' ', response: fake }, { token }), 'name');
      const list = await ctx.api.get('/user/passkeys', { token });
      expect(list.body).toEqual({ status: 200, data: [] });
      expect((await ctx.api.delete('/user/passkeys/AAAA', { token })).status).toBe(404);
      expect((await ctx.api.get('/user/passkeys')).status).toBe(401);
    });
  });
}
