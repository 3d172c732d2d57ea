import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { consentListReply } from '../../../contract/consent';
import {
  PREFERENCE_CODE_TRIES,
  preferenceCodeReply,
  preferenceListReply,
  preferenceVerifyReply,
  preferenceWithdrawReply,
} from '../../../contract/consentPreferences';
import { serverMessage } from '../../../server/http/messages';
import type { Ctx } from '../expectations';
import { kinds } from '../kinds';
import { callFrom } from './public-throttle';

/** The last preference-centre code e-mailed to `email` (the server's development outbox). */
async function lastPreferenceCode(ctx: Pick<Ctx, 'db'>, email: string): Promise<string> {
  const [mail] = await ctx.db!.query<{ body: string }>(
    `select body from mail_outbox where lower(to_address) = lower($1) and template = 'preference_code' order by id desc limit 1`,
    [email],
  );
  const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no preference code was e-mailed to ${email}`);
  return code;
}

/**
 * The data subjects' preference centre: the e-mailed code (tries, expiry, codes per address), the
 * token (expiry, company), the list of the subject's consents from the public forms and the consent
 * API, and withdrawing one (the record staff see, the webhook), with every refusal writing nothing.
 * The public calls come from loopback addresses of their own, so other cases' limits stay untouched.
 */
export function preferencesCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const block = ctx.target.includes('PostgreSQL') ? 2 : 1;
  let nextAddress = 200;
  const from = () => `127.0.${block}.${nextAddress++}`;

  const companyId = async (code: string) => (await ctx.db!.query<{ id: string }>('select id from companies where upper(code) = $1', [code]))[0].id;
  /** A published notice of the company with at least two purposes, as the public page has it. */
  const publishedNotice = async (code: string) => {
    const rows = await ctx.db!.query<{ form_id: string; form_ref: string; version: number; purposes: { _id: string }[] }>(
      `select distinct on (f.id) f.id as form_id, f.form_ref, v.version, v.content->'purposes' as purposes
         from consent_forms f join consent_form_versions v on v.form_id = f.id join companies c on c.id = f.company_id
        where upper(c.code) = $1 order by f.id, v.version desc`,
      [code],
    );
    const notice = rows.find((r) => r.purposes.length >= 2) ?? rows.find((r) => r.purposes.length >= 1);
    if (!notice) throw new Error(`${code} has no published notice`);
    return notice;
  };
  const pref = (address: string, company: string, step: string, body: Record<string, unknown>) =>
    callFrom(address, ctx.api.baseUrl, 'POST', `/consents/public/preferences/${company}/${step}`, body);

  /** The subject gives consent on the public form to every purpose of the notice. */
  const giveOnForm = async (address: string, email: string, code = 'DEMO') => {
    const notice = await publishedNotice(code);
    const given = await callFrom(address, ctx.api.baseUrl, 'POST', `/consents/public/form/${notice.form_ref}/${notice.form_id}`, {
      subjectId: email,
      email,
      name: 'สมใจ ตั้งค่า',
      age: 30,
      version: notice.version,
      purposes: notice.purposes.map((p) => ({ _id: p._id, consent: true })),
      submissionId: randomUUID(),
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    return notice;
  };
  /** Code, then token, for `email` at the company. */
  const verified = async (address: string, company: string, email: string) => {
    const sent = await pref(address, company, 'code', { email, lang: 'th' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { verificationId } = preferenceCodeReply.parse(sent.body);
    const ok = await pref(address, company, 'verify', { verificationId, code: await lastPreferenceCode(ctx, email) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    return preferenceVerifyReply.parse(ok.body).token;
  };
  const recordCount = async () => (await ctx.db!.query<{ n: number }>('select count(*)::int as n from consent_records'))[0].n;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('preference centre', () => {
    rule.it(
      'shows the consents the subject gave on the forms and through the API; a withdrawal is recorded, seen by staff and told to webhooks',
      async () => {
        const address = from();
        const company = await companyId('DEMO');
        const email = `pref.happy.${randomUUID().slice(0, 8)}@example.com`;
        const notice = await giveOnForm(address, email);
        // the company's app records a consent for the same person, its subject id the e-mail
        const key = await ctx.api.post(
          '/api-keys',
          { name: `แอปร้านค้า ${randomUUID().slice(0, 6)}`, scopes: ['consent:write'], rateLimit: 600 },
          { token: admin() },
        );
        expect(key.status, JSON.stringify(key.body)).toBe(200);
        const secret = (key.body as { data: { secret: string } }).data.secret;
        const api = await ctx.api.post(
          '/consent-api/consents',
          {
            formId: notice.form_id,
            subjectId: email,
            name: 'สมใจ ตั้งค่า',
            age: 30,
            version: notice.version,
            purposes: [{ _id: notice.purposes[0]._id, consent: true }],
          },
          { token: secret },
        );
        expect(api.status, JSON.stringify(api.body)).toBe(200);
        const hook = await ctx.api.post(
          '/webhooks',
          { url: 'http://127.0.0.1:9/hooks', description: 'CRM', events: ['consent.withdrawn'] },
          { token: admin() },
        );
        expect(hook.status, JSON.stringify(hook.body)).toBe(200);

        const token = await verified(address, company, email);
        const [stored] = await ctx.db!.query<{ token_hash: string }>('select token_hash from preference_tokens where email = $1', [email]);
        expect(stored.token_hash).not.toContain(token);
        const list = preferenceListReply.parse((await pref(address, company, 'consents', { token })).body);
        expect(list.email).toBe(email);
        expect(list.consents).toHaveLength(notice.purposes.length + 1);
        expect(new Set(list.consents.map((c) => c.channel))).toEqual(new Set(['web', (key.body as { data: { name: string } }).data.name]));
        expect(list.consents.every((c) => c.state === 'given' && c.withdrawn_dt === null && c.notice && c.purpose)).toBe(true);

        const target = list.consents.find((c) => c.channel === 'web')!;
        const done = await pref(address, company, 'withdraw', { token, consentId: target._id, lang: 'th' });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect(preferenceWithdrawReply.parse(done.body).consent).toMatchObject({ _id: target._id, state: 'withdrawn' });
        const after = preferenceListReply.parse((await pref(address, company, 'consents', { token })).body);
        expect(after.consents.filter((c) => c.state === 'withdrawn').map((c) => c._id)).toEqual([target._id]);

        // staff see the withdrawal in the subject's history, on the web channel
        const staff = consentListReply.parse(
          (await ctx.api.get(`/consents/manage/list?search=${encodeURIComponent(email)}`, { token: admin() })).body,
        );
        const row = staff.consentlist.find((r) => r.purposeId === target.purposeId && r.email === email)!;
        expect(row.state).toBe('withdrawn');
        expect(row.history.map((h) => [h.action, h.channel])).toEqual([
          ['given', 'web'],
          ['withdrawn', 'web'],
        ]);
        const deliveries = await ctx.db!.query<{ data: { subjectId: string; purposes: string[]; channel: string } }>(
          `select payload->'data' as data from webhook_deliveries where event = 'consent.withdrawn' and payload->'data'->>'subjectId' = $1`,
          [email],
        );
        expect(deliveries.map((d) => [d.data.purposes, d.data.channel])).toEqual([[[target.purposeId], 'web']]);
      },
    );

    rule.it('withdrawing twice, or another subject’s consent, is refused and writes nothing', async () => {
      const address = from();
      const company = await companyId('DEMO');
      const email = `pref.twice.${randomUUID().slice(0, 8)}@example.com`;
      const other = `pref.other.${randomUUID().slice(0, 8)}@example.com`;
      await giveOnForm(address, email);
      await giveOnForm(address, other);
      const token = await verified(address, company, email);
      const otherToken = await verified(address, company, other);
      const mine = preferenceListReply.parse((await pref(address, company, 'consents', { token })).body).consents[0];
      const theirs = preferenceListReply.parse((await pref(address, company, 'consents', { token: otherToken })).body).consents[0];

      const before = await recordCount();
      const stolen = await pref(address, company, 'withdraw', { token, consentId: theirs._id });
      expect([stolen.status, stolen.body.msg]).toEqual([404, serverMessage('th', 'preferences_consent_unknown')]);
      const unknown = await pref(address, company, 'withdraw', { token, consentId: randomUUID() });
      expect(unknown.status).toBe(404);
      const malformed = await pref(address, company, 'withdraw', { token, consentId: 'not-an-id' });
      expect(malformed.status).toBe(400);
      expect(await recordCount()).toBe(before);

      // two at once: one is recorded, the other finds it withdrawn
      const both = await Promise.all([1, 2].map(() => pref(address, company, 'withdraw', { token, consentId: mine._id })));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await recordCount()).toBe(before + 1);
      const again = await pref(address, company, 'withdraw', { token, consentId: mine._id, lang: 'en' });
      expect([again.status, again.body.msg]).toEqual([409, serverMessage('th', 'preferences_already_withdrawn')]);
      expect(await recordCount()).toBe(before + 1);
      const theirsAfter = preferenceListReply.parse((await pref(address, company, 'consents', { token: otherToken })).body).consents[0];
      expect(theirsAfter.state).toBe('given');
    });

    rule.it('a wrong code says the tries left; five tries at most under a burst; an expired code is refused; no token is made', async () => {
      const address = from();
      const company = await companyId('DEMO');
      const email = `pref.tries.${randomUUID().slice(0, 8)}@example.com`;
      const sent = preferenceCodeReply.parse((await pref(address, company, 'code', { email })).body);
      const code = await lastPreferenceCode(ctx, email);
      const [row] = await ctx.db!.query<{ code_hash: string }>('select code_hash from preference_codes where id = $1', [sent.verificationId]);
      expect(row.code_hash).not.toContain(code);
      const bad = await pref(address, company, 'verify', { verificationId: sent.verificationId, code: wrong(code) });
      expect([bad.status, bad.body.msg]).toEqual([400, serverMessage('th', 'preferences_code_wrong', { left: PREFERENCE_CODE_TRIES - 1 })]);
      const malformed = await pref(address, company, 'verify', { verificationId: sent.verificationId, code: '12ab' });
      expect(malformed.status).toBe(400);
      const burst = await Promise.all(
        Array.from({ length: 8 }, () => pref(address, company, 'verify', { verificationId: sent.verificationId, code: wrong(code) })),
      );
      expect(burst.filter((r) => r.status === 400)).toHaveLength(PREFERENCE_CODE_TRIES - 1);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(8 - (PREFERENCE_CODE_TRIES - 1));
      const right = await pref(address, company, 'verify', { verificationId: sent.verificationId, code });
      expect([right.status, right.body.msg]).toEqual([429, serverMessage('th', 'preferences_code_tries')]);

      const fresh = preferenceCodeReply.parse((await pref(address, company, 'code', { email })).body);
      const freshCode = await lastPreferenceCode(ctx, email);
      await ctx.db!.query(`update preference_codes set code_expires_at = now() - interval '1 minute' where id = $1`, [fresh.verificationId]);
      const expired = await pref(address, company, 'verify', { verificationId: fresh.verificationId, code: freshCode });
      expect([expired.status, expired.body.msg]).toEqual([409, serverMessage('th', 'preferences_code_expired')]);
      expect(await ctx.db!.query('select 1 from preference_tokens where email = $1', [email])).toHaveLength(0);
      // another company's address does not know this code
      const elsewhere = await pref(address, await companyId('SIAM'), 'verify', { verificationId: fresh.verificationId, code: freshCode });
      expect(elsewhere.status).toBe(404);
    });

    rule.it('limits the codes one e-mail address is sent an hour (429), whatever the address they are asked from', async () => {
      const company = await companyId('DEMO');
      const email = `pref.flood.${randomUUID().slice(0, 8)}@example.com`;
      const sends = await Promise.all(Array.from({ length: 6 }, () => pref(from(), company, 'code', { email })));
      expect(sends.filter((r) => r.status === 200)).toHaveLength(3);
      const refused = sends.filter((r) => r.status === 429);
      expect(refused).toHaveLength(3);
      expect(refused[0].body.msg).toBe(serverMessage('th', 'preferences_code_mail_throttled'));
      const badEmail = await pref(from(), company, 'code', { email: 'not-an-email' });
      expect(badEmail.status).toBe(400);
      const unknownCompany = await pref(from(), randomUUID(), 'code', { email: `pref.x.${randomUUID().slice(0, 8)}@example.com` });
      expect(unknownCompany.status).toBe(404);
    });

    rule.it('an expired token and another company’s token are refused (403), in the reader’s language, and withdraw nothing', async () => {
      const address = from();
      const demo = await companyId('DEMO');
      const siam = await companyId('SIAM');
      const email = `pref.token.${randomUUID().slice(0, 8)}@example.com`;
      await giveOnForm(address, email);
      const token = await verified(address, demo, email);
      const consent = preferenceListReply.parse((await pref(address, demo, 'consents', { token })).body).consents[0];
      const before = await recordCount();

      const foreign = await pref(address, siam, 'consents', { token });
      expect([foreign.status, foreign.body.msg]).toEqual([403, serverMessage('th', 'preferences_token_unknown')]);
      const foreignWithdraw = await pref(address, siam, 'withdraw', { token, consentId: consent._id });
      expect(foreignWithdraw.status).toBe(403);
      const made = await pref(address, demo, 'consents', { token: 'x'.repeat(43) });
      expect(made.status).toBe(403);

      await ctx.db!.query(`update preference_tokens set expires_at = now() - interval '1 second' where email = $1`, [email]);
      const expired = await ctx.api.post(`/consents/public/preferences/${demo}/withdraw`, { token, consentId: consent._id }, { lang: 'en' });
      expect([expired.status, (expired.body as { msg: string }).msg]).toEqual([403, serverMessage('en', 'preferences_token_expired')]);
      expect(await recordCount()).toBe(before);
    });
  });
}
