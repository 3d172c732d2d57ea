import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PREFERENCE_CODE_DIGITS,
  PREFERENCE_CODE_MAILS_PER_HOUR,
  PREFERENCE_CODE_MINUTES,
  PREFERENCE_CODE_TRIES,
  PREFERENCE_TOKEN_MINUTES,
  preferenceCodeBody,
  preferenceCodeReply,
  preferenceListBody,
  preferenceListReply,
  preferenceParams,
  preferenceVerifyBody,
  preferenceVerifyReply,
  preferenceWithdrawBody,
  preferenceWithdrawReply,
  type PreferenceConsent,
} from '../../../contract/consentPreferences';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { actAs, publicActor } from '../../http/actorDb';
import { ApiError, notFound } from '../../http/errors';
import type { Lang } from '../../http/messages';
import { clearLimit, hitLimit } from '../../http/rateLimit';
import { route } from '../../http/route';
import { sendMail } from '../../mail';
import { fileKey } from '../dsr/files';
import { recordWithdrawn } from './give';
import { latestVersion, purposeLabel, sha256, type NoticeContent } from './notice';
import { throttle } from './public';

/**
 * The data subjects' preference centre: a 6-digit code e-mailed to the subject (a keyed hash kept,
 * 5 tries, 3 codes an hour per address, counted in the database so every server agrees), then a
 * token of 30 minutes (its SHA-256 kept) bound to one company and one e-mail. With it the subject
 * sees every consent they gave the company — the public forms' under that e-mail, the consent API's
 * whose subject id is that e-mail — and withdraws one, through the same withdrawal as the public
 * consent page (`recordWithdrawn`: the record, the `consent.withdrawn` webhook).
 */

const mailKey = (email: string) => `preference-code-mail:${createHash('sha256').update(email).digest('hex')}`;
const codeHash = (config: ServerConfig, id: string, code: string) =>
  createHmac('sha256', fileKey(config)).update(`preference-code:${id}:${code}`).digest('hex');
const newCode = () => String(randomInt(0, 10 ** PREFERENCE_CODE_DIGITS)).padStart(PREFERENCE_CODE_DIGITS, '0');

const preferencesLink = (appUrl: string, companyId: string) => `${appUrl}/preferences/${companyId}`;

/** The company the address names, with its name to show, or a 404. */
async function companyOf(q: Queryable, companyId: string) {
  const [company] = await q.query<{ id: string; name: string }>(
    `select id, coalesce(nullif(detail->>'nameTh', ''), code) as name from companies where id = $1`,
    [companyId],
  );
  if (!company) throw notFound();
  return company;
}

/** The token's company and e-mail; another company's token, an unknown or an expired one is refused (403). */
async function subjectOf(q: Queryable, companyId: string, token: string) {
  const [row] = await q.query<{ email: string; expires_at: Date | string }>(
    'select email, expires_at from preference_tokens where token_hash = $1 and company_id = $2',
    [sha256(token), companyId],
  );
  if (!row) throw new ApiError(403, 'preferences_token_unknown');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(403, 'preferences_token_expired');
  return { email: row.email, expiresAt: new Date(row.expires_at).toISOString() };
}

interface ConsentRow {
  given_id: string;
  form_id: string;
  purpose_id: string;
  version: number;
  channel: string;
  given_at: Date | string;
  latest_at: Date | string;
  state: PreferenceConsent['state'];
}

/**
 * The subject's consents in the company: per notice, purpose and record key (subject id, e-mail) the
 * latest record, and the latest "given" record before it (what a withdrawal names). The public forms'
 * are found by their e-mail, the consent API's by their subject id.
 */
const CONSENTS_SQL = `
  select g.id as given_id, c.form_id, c.purpose_id, g.version, g.channel, g.created_at as given_at, r.created_at as latest_at,
         case when r.action = 'withdrawn' then 'withdrawn'
              when cur.content->'purposes' @> jsonb_build_array(jsonb_build_object('_id', r.purpose_id, 'hash', r.purpose_hash)) then 'given'
              else 'reconsent' end as state
    from consent_current c
    join consent_records r on r.id = c.record_id
    join lateral (select g.id, g.version, g.channel, g.created_at from consent_records g
                   where g.company_id = c.company_id and g.form_id = c.form_id and g.subject_id = c.subject_id
                     and g.email = c.email and g.purpose_id = c.purpose_id and g.action = 'given'
                   order by g.created_at desc, g.id desc limit 1) g on true
    join lateral (select content from consent_form_versions v where v.form_id = c.form_id order by version desc limit 1) cur on true
   where c.company_id = $1 and (lower(c.email) = $2 or lower(c.subject_id) = $2) $where
   order by g.created_at desc, g.id desc`;

async function consentsOf(q: Queryable, companyId: string, email: string, lang: Lang, givenId?: string) {
  const rows = await q.query<ConsentRow>(
    CONSENTS_SQL.replace('$where', givenId ? 'and g.id = $3' : ''),
    givenId ? [companyId, email, givenId] : [companyId, email],
  );
  const formIds = [...new Set(rows.map((r) => r.form_id))];
  const contents = formIds.length
    ? await q.query<{ form_id: string; version: number; content: NoticeContent }>(
        `select form_id, version, content from consent_form_versions where company_id = $1 and form_id = any($2::uuid[])`,
        [companyId, formIds],
      )
    : [];
  // the notice named as it reads now; the purpose as the version the person consented to put it (the notice may have dropped it since)
  const latest = new Map<string, NoticeContent>();
  for (const c of [...contents].sort((a, b) => a.version - b.version)) latest.set(c.form_id, c.content);
  const asGiven = new Map(contents.map((c) => [`${c.form_id}/${c.version}`, c.content]));
  return rows.map((r): PreferenceConsent => {
    const content = latest.get(r.form_id);
    const header = content?.draft.header.projectName ?? '';
    const english = content?.draft.en?.projectName;
    return {
      _id: r.given_id,
      formId: r.form_id,
      notice: (lang === 'en' && english) || header || r.form_id,
      purposeId: r.purpose_id,
      purpose: purposeLabel(asGiven.get(`${r.form_id}/${r.version}`) ?? content, r.purpose_id, lang),
      version: r.version,
      channel: r.channel,
      given_dt: new Date(r.given_at).toISOString(),
      withdrawn_dt: r.state === 'withdrawn' ? new Date(r.latest_at).toISOString() : null,
      state: r.state,
    };
  });
}

interface CodeRow {
  id: string;
  company_id: string;
  email: string;
  code_hash: string;
  code_expires_at: Date | string;
  attempts: number;
}

export const preferenceRoutes = (config: ServerConfig) => [
  route({
    method: 'POST',
    url: '/consents/public/preferences/:companyId/code',
    access: 'public',
    params: preferenceParams,
    body: preferenceCodeBody,
    reply: preferenceCodeReply,
    handler: async ({ db, req, params, body }) => {
      await throttle(db, req);
      const company = await companyOf(db, params.companyId);
      if (!(await hitLimit(db, mailKey(body.email), PREFERENCE_CODE_MAILS_PER_HOUR, 60)).allowed) {
        throw new ApiError(429, 'preferences_code_mail_throttled');
      }
      const code = newCode();
      const row = await db.tx(async (q) => {
        await actAs(q, publicActor(req));
        const [made] = await q.query<{ id: string; code_expires_at: Date | string }>(
          `insert into preference_codes (company_id, email, lang, code_hash, code_expires_at)
           values ($1, $2, $3, '', now() + make_interval(mins => $4)) returning id, code_expires_at`,
          [company.id, body.email, body.lang, PREFERENCE_CODE_MINUTES],
        );
        await q.query('update preference_codes set code_hash = $2 where id = $1', [made.id, codeHash(config, made.id, code)]);
        return made;
      });
      await sendMail(
        db,
        {
          to: body.email,
          template: 'preference_code',
          lang: body.lang,
          params: { code, minutes: PREFERENCE_CODE_MINUTES, company: company.name, link: preferencesLink(config.mail.appUrl, company.id) },
        },
        config.mail,
      ).catch((err) => req.log.error({ err }, 'preference centre code e-mail not sent'));
      return { verificationId: row.id, email: body.email, expiresAt: new Date(row.code_expires_at).toISOString() };
    },
  }),

  route({
    method: 'POST',
    url: '/consents/public/preferences/:companyId/verify',
    access: 'public',
    params: preferenceParams,
    body: preferenceVerifyBody,
    reply: preferenceVerifyReply,
    handler: async ({ db, req, params, body }) => {
      await throttle(db, req);
      // the try is counted in its own statement, before the code is compared: a burst gets 5 tries at most
      const [tried] = await db.query<CodeRow>(
        'update preference_codes set attempts = attempts + 1 where id = $1 and company_id = $2 and attempts < $3 returning *',
        [body.verificationId, params.companyId, PREFERENCE_CODE_TRIES],
      );
      if (!tried) {
        const [exists] = await db.query('select 1 from preference_codes where id = $1 and company_id = $2', [body.verificationId, params.companyId]);
        throw exists ? new ApiError(429, 'preferences_code_tries') : new ApiError(404, 'preferences_code_unknown');
      }
      if (new Date(tried.code_expires_at).getTime() < Date.now()) throw new ApiError(409, 'preferences_code_expired');
      const given = Buffer.from(codeHash(config, tried.id, body.code), 'hex');
      if (!timingSafeEqual(given, Buffer.from(tried.code_hash, 'hex'))) {
        throw new ApiError(400, 'preferences_code_wrong', { left: PREFERENCE_CODE_TRIES - tried.attempts });
      }
      const token = randomBytes(32).toString('base64url');
      const issued = await db.tx(async (q) => {
        // one token for one code: the code is taken; a second call with it finds nothing
        const taken = await q.query('delete from preference_codes where id = $1 returning id', [tried.id]);
        if (!taken.length) throw new ApiError(404, 'preferences_code_unknown');
        const [row] = await q.query<{ expires_at: Date | string }>(
          `insert into preference_tokens (token_hash, company_id, email, expires_at)
           values ($1, $2, $3, now() + make_interval(mins => $4)) returning expires_at`,
          [sha256(token), tried.company_id, tried.email, PREFERENCE_TOKEN_MINUTES],
        );
        return row;
      });
      // a verified address is not being flooded: its count starts again
      await clearLimit(db, mailKey(tried.email));
      return { token, expiresAt: new Date(issued.expires_at).toISOString() };
    },
  }),

  route({
    method: 'POST',
    url: '/consents/public/preferences/:companyId/consents',
    access: 'public',
    params: preferenceParams,
    body: preferenceListBody,
    reply: preferenceListReply,
    handler: async ({ db, req, params, body }) => {
      await throttle(db, req);
      const subject = await subjectOf(db, params.companyId, body.token);
      const company = await companyOf(db, params.companyId);
      return {
        email: subject.email,
        company: company.name,
        expiresAt: subject.expiresAt,
        consents: await consentsOf(db, company.id, subject.email, body.lang),
      };
    },
  }),

  route({
    method: 'POST',
    url: '/consents/public/preferences/:companyId/withdraw',
    access: 'public',
    params: preferenceParams,
    body: preferenceWithdrawBody,
    reply: preferenceWithdrawReply,
    handler: async ({ db, req, params, body }) => {
      await throttle(db, req);
      const subject = await subjectOf(db, params.companyId, body.token);
      return db.tx(async (q) => {
        const [given] = await q.query<{ form_id: string; subject_id: string; email: string; purpose_id: string }>(
          `select form_id, subject_id, email, purpose_id from consent_records
            where id = $1 and company_id = $2 and action = 'given' and (lower(email) = $3 or lower(subject_id) = $3)`,
          [body.consentId, params.companyId, subject.email],
        );
        if (!given) throw new ApiError(404, 'preferences_consent_unknown');
        // the key's current row locked: two withdrawals of one consent are recorded one after the other, the second finds it withdrawn
        const [current] = await q.query<{ given: boolean }>(
          `select given from consent_current where company_id = $1 and form_id = $2 and subject_id = $3 and email = $4 and purpose_id = $5 for update`,
          [params.companyId, given.form_id, given.subject_id, given.email, given.purpose_id],
        );
        if (!current?.given) throw new ApiError(409, 'preferences_already_withdrawn');
        const version = await latestVersion(q, 'f.id = $1 and f.company_id = $2', [given.form_id, params.companyId]);
        if (!version) throw new ApiError(404, 'preferences_consent_unknown');
        await actAs(q, publicActor(req));
        const done = await recordWithdrawn(
          q,
          version,
          { subjectId: given.subject_id, email: given.email, lang: body.lang, purposes: [given.purpose_id] },
          { channel: 'web', ip: req.ip },
        );
        if (!done.withdrawn.length) throw new ApiError(409, 'preferences_already_withdrawn');
        const [consent] = await consentsOf(q, params.companyId, subject.email, body.lang, body.consentId);
        return { consent };
      });
    },
  }),
];

/** The timed work: codes and tokens past their time are only weight. */
export async function prunePreferenceCodes(q: Queryable) {
  await q.query(`delete from preference_codes where created_at < now() - interval '1 day'`);
  await q.query(`delete from preference_tokens where expires_at < now() - interval '1 day'`);
}
