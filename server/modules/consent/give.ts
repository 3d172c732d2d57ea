import { ADULT_AGE, GUARDIAN_SOLE_AGE, type CONSENT_STAFF_CHANNELS, type ConsentGiveBody, type ConsentWithdrawBody } from '../../../contract/consent';
import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { canonical, latestVersion, sha256, type VersionRow } from './notice';
import { emitWebhook } from '../webhooks/outbox';

/**
 * How a consent record came: the public page (`web`, with the person's address) or a staff member
 * recording a signed paper form, a call, a visit or an e-mail (with who recorded it and where the
 * proof is kept).
 */
export type RecordedThrough =
  | { channel: 'web'; ip: string }
  | { channel: (typeof CONSENT_STAFF_CHANNELS)[number]; recordedBy: string; reference: string; ip: string }
  /** the company's own app through the consent API: the record's channel is the key's name */
  | { channel: 'api'; apiKeyId: string; keyName: string; ip: string };

const RECORD_INSERT = `insert into consent_records
  (company_id, form_id, version_id, version, text_hash, purpose_id, purpose_hash, subject_id, email, name, action, explicit,
   channel, lang, guardian, age, ip, recorded_by, reference, api_key_id)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`;

export function insertRecord(
  q: Queryable,
  v: VersionRow,
  purpose: { _id: string; hash: string; explicit: boolean },
  fields: {
    subjectId: string;
    email: string;
    name: string;
    action: 'given' | 'withdrawn';
    lang: string;
    guardian: string | null;
    age: number | null;
  },
  through: RecordedThrough,
) {
  return q.query(RECORD_INSERT, [
    v.company_id,
    v.form_id,
    v.id,
    v.version,
    v.text_hash,
    purpose._id,
    purpose.hash,
    fields.subjectId,
    fields.email,
    fields.name,
    fields.action,
    purpose.explicit,
    through.channel === 'api' ? through.keyName : through.channel,
    fields.lang,
    fields.guardian,
    fields.age,
    through.ip,
    through.channel === 'web' || through.channel === 'api' ? null : through.recordedBy,
    through.channel === 'web' || through.channel === 'api' ? null : through.reference,
    through.channel === 'api' ? through.apiKeyId : null,
  ]);
}

/** The current state of each of one subject's purposes on a form: the latest record's action. */
async function currentActions(q: Queryable, v: VersionRow, subjectId: string, email: string) {
  const rows = await q.query<{ purpose_id: string; action: string }>(
    `select distinct on (purpose_id) purpose_id, action from consent_records
      where company_id = $1 and form_id = $2 and subject_id = $3 and email = $4
      order by purpose_id, created_at desc, id desc`,
    [v.company_id, v.form_id, subjectId, email],
  );
  return new Map(rows.map((r) => [r.purpose_id, r.action]));
}

/**
 * Records consent to each ticked purpose of the notice's version `v`, by the rules of the law:
 * the version the person saw must be the current one, at least one purpose ticked, and under 20 a
 * guardian consents too (s.20; under 10 the guardian alone). The public page and staff both come here.
 */
export async function recordGiven(q: Queryable, v: VersionRow, body: ConsentGiveBody, through: RecordedThrough) {
  if (v.version !== body.version) throw new ApiError(409, 'consent_version_changed');
  const purposes = new Map(v.content.purposes.map((p) => [p._id, p]));
  if (body.purposes.some((p) => !purposes.has(p._id))) throw new ApiError(400, 'consent_unknown_purpose');
  const ticked = body.purposes.filter((p) => p.consent);
  if (!ticked.length) throw new ApiError(400, 'consent_nothing_ticked');
  if (body.age < ADULT_AGE && !body.guardian) throw new ApiError(400, 'consent_guardian_required');
  const guardian = body.guardian
    ? JSON.stringify({ name: body.guardian.name, relation: body.guardian.relation, sole: body.age < GUARDIAN_SOLE_AGE })
    : null;
  for (const p of ticked) {
    const fields = {
      subjectId: body.subjectId,
      email: body.email,
      name: body.name,
      action: 'given' as const,
      lang: body.lang,
      guardian,
      age: body.age,
    };
    await insertRecord(q, v, purposes.get(p._id)!, fields, through);
  }
  await emitWebhook(q, v.company_id, 'consent.given', {
    formId: v.form_id,
    version: v.version,
    subjectId: body.subjectId,
    purposes: ticked.map((p) => p._id),
    channel: channelOf(through),
  });
  return { given: ticked.map((p) => p._id), version: v.version, textHash: v.text_hash };
}

/** The channel a record names: the public page, a staff channel, or the API key's name. */
const channelOf = (through: RecordedThrough) => (through.channel === 'api' ? through.keyName : through.channel);

type GivenReply = Awaited<ReturnType<typeof recordGiven>>;

/**
 * `recordGiven`, once per submission key: the first send of a key claims it (a unique row per form,
 * inserted before anything is recorded, so a second send of the key in parallel waits for the
 * first one's transaction), records the consent and keeps its reply; every later send of the key
 * gets that reply and records nothing. The same key with another body is refused (409). Must run
 * in the caller's transaction: a first send that fails leaves no claim behind. Without a key (staff
 * tools that send none), records as before.
 */
export async function recordGivenOnce(q: Queryable, v: VersionRow, body: ConsentGiveBody, through: RecordedThrough): Promise<GivenReply> {
  const { submissionId, ...submitted } = body;
  if (!submissionId) return recordGiven(q, v, body, through);
  const digest = sha256(canonical({ submitted, channel: through.channel }));
  const claimed = await q.query(
    `insert into consent_submissions (form_id, submission_id, company_id, body_digest) values ($1, $2, $3, $4)
     on conflict (form_id, submission_id) do nothing returning submission_id`,
    [v.form_id, submissionId, v.company_id, digest],
  );
  if (!claimed.length) {
    const [prior] = await q.query<{ body_digest: string; reply: GivenReply | null }>(
      'select body_digest, reply from consent_submissions where form_id = $1 and submission_id = $2',
      [v.form_id, submissionId],
    );
    if (!prior?.reply || prior.body_digest !== digest) throw new ApiError(409, 'consent_submission_reused');
    return prior.reply;
  }
  const reply = await recordGiven(q, v, body, through);
  await q.query('update consent_submissions set reply = $3 where form_id = $1 and submission_id = $2', [
    v.form_id,
    submissionId,
    JSON.stringify(reply),
  ]);
  return reply;
}

/**
 * How long a submission's key is kept: a resend (a double click, a retry after a lost reply, a page
 * sent again from the browser's history) comes within minutes; past this a key is only weight.
 */
export const SUBMISSION_KEEP_DAYS = 7;

/** The timed work's pruning of the submission keys older than SUBMISSION_KEEP_DAYS (consent_submissions_created_idx). */
export async function pruneConsentSubmissions(q: Queryable): Promise<number> {
  const gone = await q.query(`delete from consent_submissions where created_at < now() - make_interval(days => $1) returning 1`, [
    SUBMISSION_KEEP_DAYS,
  ]);
  return gone.length;
}

/**
 * The version a withdrawal of `purposeId` is recorded against: the current one `v` when it holds the
 * purpose, else the latest earlier version that did (a purpose the notice has since dropped can still
 * be withdrawn: the consent given to it stands until then); undefined when no version ever held it.
 */
async function versionHolding(q: Queryable, v: VersionRow, purposeId: string): Promise<VersionRow | undefined> {
  if (v.content.purposes.some((p) => p._id === purposeId)) return v;
  return latestVersion(q, `f.id = $1 and f.company_id = $2 and v.content->'purposes' @> jsonb_build_array(jsonb_build_object('_id', $3::text))`, [
    v.form_id,
    v.company_id,
    purposeId,
  ]);
}

/**
 * Records the withdrawal of each named purpose the subject has consented to (others are left alone),
 * each against the version that holds it.
 */
export async function recordWithdrawn(q: Queryable, v: VersionRow, body: ConsentWithdrawBody, through: RecordedThrough) {
  const holders = new Map<string, VersionRow>();
  for (const id of new Set(body.purposes)) {
    const holder = await versionHolding(q, v, id);
    if (!holder) throw new ApiError(400, 'consent_unknown_purpose');
    holders.set(id, holder);
  }
  const current = await currentActions(q, v, body.subjectId, body.email);
  // by version number: each purpose's lookup gives a row object of its own
  const withdrawn = new Map<number, { holder: VersionRow; ids: string[] }>();
  for (const [id, holder] of holders) {
    if (current.get(id) !== 'given') continue;
    const fields = {
      subjectId: body.subjectId,
      email: body.email,
      name: '',
      action: 'withdrawn' as const,
      lang: body.lang,
      guardian: null,
      age: null,
    };
    await insertRecord(
      q,
      holder,
      holder.content.purposes.find((p) => p._id === id)!,
      fields,
      through,
    );
    const group = withdrawn.get(holder.version) ?? { holder, ids: [] };
    group.ids.push(id);
    withdrawn.set(holder.version, group);
  }
  for (const { holder, ids } of withdrawn.values()) await emitWithdrawn(q, holder, body.subjectId, ids, channelOf(through));
  return { withdrawn: [...withdrawn.values()].flatMap((g) => g.ids) };
}

/** Tells the company's webhooks of a withdrawal (the public page, staff, and the consent API). */
export const emitWithdrawn = (q: Queryable, v: VersionRow, subjectId: string, purposes: string[], channel: string) =>
  emitWebhook(q, v.company_id, 'consent.withdrawn', { formId: v.form_id, version: v.version, subjectId, purposes, channel });
