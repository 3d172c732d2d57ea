import { CONSENT_FORM_AGE_DAYS, CONSENT_ITEMS, CONSENT_ITEMS_AGE_DAYS, CONSENT_RECORDS, consentDemoDraft } from '../../../demo';
import { addDays } from '../../../contract/clock';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { newFormRef, publishForm } from './notice';

const daysAgo = (d: number) => addDays(new Date(), -d).toISOString();

/** Writes one company's demo consent work (demo/consent.ts): the items, the notice published once, the records. */
export async function seedConsentDemo(q: Queryable, companyId: string) {
  const ids: Record<string, string> = {};
  for (const [type, name, sensitive, nameEn] of CONSENT_ITEMS) {
    const [row] = await q.query<{ id: string }>(
      'insert into consent_items (company_id, type, name, name_en, sensitive, created_at) values ($1, $2, $3, $4, $5, $6) returning id',
      [companyId, type, name, nameEn, sensitive, daysAgo(CONSENT_ITEMS_AGE_DAYS)],
    );
    ids[name] = row.id;
  }
  const transfers = await q.query<{ id: string }>('select id from transfers where company_id = $1 order by country, importer', [companyId]);
  const draft = consentDemoDraft(
    ids,
    transfers.map((t) => t.id),
  );
  const [form] = await q.query<{ id: string }>(
    'insert into consent_forms (company_id, form_ref, draft, created_at) values ($1, $2, $3, $4) returning id',
    [companyId, newFormRef(), JSON.stringify(draft), daysAgo(CONSENT_FORM_AGE_DAYS)],
  );
  await publishForm(q, companyId, form.id, null);
  const [v] = await q.query<{ id: string; version: number; text_hash: string; content: { purposes: { _id: string; hash: string }[] } }>(
    'select id, version, text_hash, content from consent_form_versions where form_id = $1',
    [form.id],
  );
  const hash = (purpose: string) => v.content.purposes.find((p) => p._id === purpose)!.hash;
  const keys = await q.query<{ id: string; name: string }>('select id, name from api_keys where company_id = $1', [companyId]);
  for (const r of CONSENT_RECORDS) {
    // an app's record names its key; a company without that key has no such record
    const key = r.app ? keys.find((k) => k.name === r.app) : undefined;
    if (r.app && !key) continue;
    await q.query(
      `insert into consent_records (company_id, form_id, version_id, version, text_hash, purpose_id, purpose_hash, subject_id, email, name,
                                    action, explicit, channel, lang, created_at, api_key_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, false, $14, $12, $13, $15)`,
      [
        companyId,
        form.id,
        v.id,
        v.version,
        v.text_hash,
        r.purpose,
        hash(r.purpose),
        r.subjectId,
        r.email,
        r.name,
        r.action,
        r.lang,
        daysAgo(r.daysAgo),
        key ? key.name : 'web',
        key?.id ?? null,
      ],
    );
  }
}

export default {
  // the notice tells of the register's transfers abroad; the app's records name the company's API keys
  after: ['transfers', 'apikeys'],
  seed: (q, { companyId }) => seedConsentDemo(q, companyId),
} satisfies ModuleDemo;
