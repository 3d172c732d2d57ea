import { isSensitiveBasis, type RopaRecordFields } from '../../../contract/ropa';
import { displayName } from '../../../contract/people';
import { PACK_RIGHTS, type DsrPackContent, type PackConnectorRows } from '../../../contract/dsrPack';
import { statusKeyOf, type DsrRequestDetail } from '../../../contract/dsr';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import type { Lang } from '../../http/messages';
import { purposeLabel, type NoticeContent } from '../consent/notice';
import { dpoContactOf } from '../dpo/rows';
import { namesOf } from '../ropa/report';
import { transfersOfLinks } from '../transfers/rows';
import { countryName } from '../../../contract/countries';
import transferTexts from '../../../i18n/transfers';
import { controllerOf } from '../ropa/rows';
import consentTexts from '../../../i18n/consent';
import dsrTexts from '../../../i18n/dsr';
import ropaTexts from '../../../i18n/ropa';

/** The request a pack answers: who asks, in which language, through which form (and so which activity). */
interface PackRequest {
  id: string;
  reference_code: string;
  rights: string[];
  subject: DsrRequestDetail['subject'];
  email: string;
  lang: Lang;
  received_at: Date | string;
  form_activity_id: string | null;
}

/** The request, or a 404 for another company's; a 400 when it asks for neither access nor portability. */
export async function packRequest(q: Queryable, companyId: string, requestId: string, lock = false): Promise<PackRequest> {
  const [r] = await q.query<PackRequest>(
    `select r.id, r.reference_code, r.rights, r.subject, r.email, r.lang, r.received_at, f.ropa_activity_id as form_activity_id
       from dsr_requests r join dsr_forms f on f.company_id = r.company_id and f.id = r.form_id
      where r.company_id = $1 and r.id = $2${lock ? ' for update of r' : ''}`,
    [companyId, requestId],
  );
  if (!r) throw notFound();
  if (!r.rights.some((right) => (PACK_RIGHTS as readonly string[]).includes(right))) throw new ApiError(400, 'dsr_pack_wrong_kind');
  return r;
}

interface ActivityRow {
  id: string;
  name: string;
  record: RopaRecordFields;
  category_ids: string[];
  system_ids: string[];
}

/**
 * The company's live activities (as controller) that concern the person: the one the request's form
 * belongs to, those about the same types of data subject, those whose notices the person consented
 * under; when none of these is known, every live activity, each marked with why it is there.
 */
function concernedActivities(all: ActivityRow[], formActivityId: string | null, consentedNoticeIds: Set<string>) {
  const formActivity = all.find((a) => a.id === formActivityId);
  const formSubjects = new Set(formActivity?.record.subjectIds ?? []);
  const matched = all
    .map((a) => {
      const by: DsrPackContent['activities'][number]['matchedBy'] = [];
      if (a.id === formActivityId) by.push('form');
      if (a.id !== formActivityId && (a.record.subjectIds ?? []).some((s) => formSubjects.has(s))) by.push('subject_type');
      if ((a.record.noticeIds ?? []).some((n) => consentedNoticeIds.has(n))) by.push('notice');
      return { activity: a, by };
    })
    .filter((m) => m.by.length > 0);
  return matched.length ? matched : all.map((activity) => ({ activity, by: ['company' as const] }));
}

/**
 * What the access pack says about the person (s.30 para. 1, s.31): for each activity that concerns them
 * its purposes with their lawful bases, categories, sources, recipients, transfers abroad and retention;
 * their consent records with the notice versions; their earlier requests; and the rows found in the
 * company's connected databases — `connectorRows`, given by the caller, as the connectors find them.
 */
export async function buildPackContent(
  q: Queryable,
  companyId: string,
  request: PackRequest,
  connectorRows: PackConnectorRows,
): Promise<DsrPackContent> {
  const lang = request.lang;
  const subjectEmail = request.subject.email || request.email;
  const idNumber = request.subject.idNumber ?? '';
  // one after another: `q` may be one connection (a transaction), which runs one statement at a time
  const [consents, activities, earlier, names, controller, dpo] = [
    await q.query<{
      form_id: string;
      notice: string | null;
      content: NoticeContent;
      version: number;
      text_hash: string;
      purpose_id: string;
      action: 'given' | 'withdrawn';
      channel: string;
      created_at: Date | string;
    }>(
      `select c.form_id, v.content #>> '{draft,header,projectName}' as notice, v.content, c.version, c.text_hash, c.purpose_id,
              c.action, c.channel, c.created_at
         from consent_records c join consent_form_versions v on v.id = c.version_id
        where c.company_id = $1 and (lower(c.email) = lower($2) or ($3 <> '' and c.subject_id = $3))
        order by c.created_at, c.id`,
      [companyId, subjectEmail, idNumber],
    ),
    await q.query<ActivityRow>(
      `select a.id, a.name, a.record,
              array(select ac.category_id::text from ropa_activity_categories ac where ac.activity_id = a.id) as category_ids,
              array(select s.system_id::text from ropa_activity_systems s where s.activity_id = a.id) as system_ids
         from ropa_activities a
        where a.company_id = $1 and a.role = 'controller' and a.state <> 'archived'
        order by a.name, a.id`,
      [companyId],
    ),
    await q.query<{ reference_code: string; rights: string[]; status_id: number; received_at: Date | string; answered_at: Date | string | null }>(
      `select reference_code, rights, status_id, received_at, answered_at from dsr_requests
        where company_id = $1 and id <> $2 and (lower(email) = lower($3) or lower(subject->>'email') = lower($3))
        order by received_at, id`,
      [companyId, request.id, subjectEmail],
    ),
    await namesOf(q, companyId),
    await controllerOf(q, companyId, lang),
    await dpoContactOf(q, companyId),
  ];

  const t = dsrTexts[lang].dsr;
  const ropa = ropaTexts[lang].ropa;
  const builder = consentTexts[lang].consent.builder;
  const basis = (b: string) => (isSensitiveBasis(b) ? ropa.bases[b as keyof typeof ropa.bases] : (builder.bases as Record<string, string>)[b]) ?? b;
  const mechanism = (m: string | null) => (m ? ((builder.mechanisms as Record<string, string>)[m] ?? m) : t.pack.letter.no_mechanism);
  const processorName = new Map(names.processors.map((p) => [p.id, p.name]));
  const consentedNotices = new Set(consents.map((c) => c.form_id));
  const concerned = concernedActivities(activities, request.form_activity_id, consentedNotices);
  // the transfers abroad are the register's entries for the activities' systems and processors
  const register = await transfersOfLinks(
    q,
    companyId,
    [...new Set(concerned.flatMap(({ activity: a }) => a.system_ids))],
    [...new Set(concerned.flatMap(({ activity: a }) => a.record.processorIds ?? []))],
  );
  const bases = transferTexts[lang].transfers.bases;
  const transfersOf = (a: ActivityRow) => [
    ...register
      .filter((x) => (x.systemId && a.system_ids.includes(x.systemId)) || (x.processorId && (a.record.processorIds ?? []).includes(x.processorId)))
      .map((x) => ({
        country: countryName(x.country, lang),
        recipient: x.importer,
        mechanism: x.basis ? bases[x.basis] : t.pack.letter.no_mechanism,
      })),
    ...(a.record.transfers ?? []).map((x) => ({ country: x.country, recipient: x.recipient, mechanism: mechanism(x.mechanism) })),
  ];

  return {
    lang,
    request: {
      referenceCode: request.reference_code,
      receivedAt: new Date(request.received_at).toISOString(),
      rights: request.rights,
      name: displayName(request.subject),
      email: subjectEmail,
    },
    controller,
    dpo: { name: dpo.name, email: dpo.email, phone: dpo.phone },
    activities: concerned.map(({ activity: a, by }) => {
      const record = a.record;
      return {
        id: a.id,
        name: a.name,
        matchedBy: by,
        purposes: (record.purposes ?? []).map((p) => ({
          purpose: (p.purposeId ? names.purposes.get(p.purposeId) : p.text) || p.text,
          bases: p.bases.map(basis),
        })),
        categories: a.category_ids.map((c) => names.categories.get(c)?.name ?? '').filter(Boolean),
        subjects: (record.subjectIds ?? []).map((s) => names.subjects.get(s) ?? '').filter(Boolean),
        source: record.source ?? '',
        recipients: [record.disclosures ?? '', ...(record.processorIds ?? []).map((p) => processorName.get(p) ?? '')].filter(Boolean),
        transfers: transfersOf(a),
        retention: record.retention ?? '',
      };
    }),
    consents: consents.map((c) => ({
      notice: c.notice ?? '',
      version: c.version,
      textHash: c.text_hash,
      purpose: purposeLabel(c.content, c.purpose_id, lang),
      action: c.action,
      channel: (consentTexts[lang].consent.channels as Record<string, string>)[c.channel] ?? c.channel,
      at: new Date(c.created_at).toISOString(),
    })),
    requests: earlier.map((r) => {
      const key = statusKeyOf(r.status_id);
      return {
        referenceCode: r.reference_code,
        rights: r.rights.map((right) => t.rights[right as keyof typeof t.rights] ?? right),
        status: key ? t.status[key] : String(r.status_id),
        receivedAt: new Date(r.received_at).toISOString(),
        answeredAt: r.answered_at ? new Date(r.answered_at).toISOString() : null,
      };
    }),
    connectorRows,
  };
}
