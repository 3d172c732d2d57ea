import type { ConsentApiCheckReply } from '../../../contract/consentApi';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';

/**
 * The check, in ONE statement (the hot path): the notice's latest version (none: 404, the key's
 * company only), whether it has the purpose, and the subject's latest record for it through
 * `consent_current` and its index (company, subject, notice, purpose, latest first; 0049).
 */
const CHECK_SQL = `
  select v.content->'purposes' @> jsonb_build_array(jsonb_build_object('_id', $4::text)) as known,
         x.action, x.version, x.created_at,
         x.action = 'given' and v.content->'purposes' @> jsonb_build_array(jsonb_build_object('_id', $4::text, 'hash', x.purpose_hash)) as current
    from (select content from consent_form_versions where form_id = $2 and company_id = $1 order by version desc limit 1) v
    left join lateral (
      select r.action, r.version, r.created_at, r.purpose_hash
        from consent_current c join consent_records r on r.id = c.record_id
       where c.company_id = $1 and c.subject_id = $3 and c.form_id = $2 and c.purpose_id = $4
       order by c.created_at desc, c.record_id desc limit 1
    ) x on true`;

interface CheckRow {
  known: boolean;
  action: 'given' | 'withdrawn' | null;
  version: number | null;
  created_at: Date | string | null;
  current: boolean | null;
}

/**
 * May the company use `purposeId` of notice `formId` for this subject now? Only while the latest
 * record is a consent to the purpose as the notice's current version words it: a withdrawal, or a
 * purpose whose meaning a later version changed (re-consent), says no.
 */
export async function checkConsent(
  q: Queryable,
  companyId: string,
  ask: { formId: string; purposeId: string; subjectId: string },
): Promise<Omit<ConsentApiCheckReply, 'status'>> {
  const [row] = await q.query<CheckRow>(CHECK_SQL, [companyId, ask.formId, ask.subjectId, ask.purposeId]);
  if (!row) throw notFound();
  if (!row.known && !row.action) throw new ApiError(400, 'consent_unknown_purpose');
  const state = !row.action ? 'none' : row.action === 'withdrawn' ? 'withdrawn' : row.current ? 'given' : 'reconsent';
  const allowed = state === 'given';
  return {
    allowed,
    state,
    version: row.version,
    given_dt: allowed && row.created_at ? new Date(row.created_at).toISOString() : null,
  };
}
