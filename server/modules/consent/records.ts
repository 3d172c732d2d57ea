import { Readable } from 'node:stream';
import type { z } from 'zod';
import { AUDIT_ENTITY } from '../../../contract/audit';
import {
  consentRecordListQuery,
  consentRecordExportQuery,
  listsRecordsMade,
  exportsListedRecords,
  consentStaffGiveBody,
  consentStaffWithdrawBody,
  type ConsentRow,
  type StaffRecordingBody,
  consentListReply,
} from '../../../contract/consent';
import type { FastifyRequest } from 'fastify';
import type { Session } from '../auth/sessions';
import { MENU } from '../../../contract/menus';
import { CONSENT_EXPIRE_DAYS } from '../../../contract/dashboard';
import type { Db, Queryable } from '../../db/client';
import { auditExport } from '../audit/record';
import { CSV_BOM, csvLine } from '../../../contract/csv';
import { formatMoment } from '../../../i18n/dates';
import type { Lang } from '../../http/messages';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { likePattern } from '../../db/search';
import { recordGivenOnce, recordWithdrawn, type RecordedThrough } from './give';
import { latestVersion, purposeLabel, type NoticeContent } from './notice';
import { pageOf } from '../../db/paging';
import { iso } from '../../db/rows';
import consentTexts from '../../../i18n/consent';
import { BANGKOK_TODAY as TODAY } from '../../db/rows';
import { idsOfList, keepRead } from '../../http/readLog';
import { actorOf, type Actor } from '../../http/actorDb';

const read = { menuId: MENU.consents.menuId } as const;
const write = { ...read, write: true } as const;

/** Records `l` with their notice's name and their state against the notice's latest version. */
const withState = (records: string) => `(
  select l.*, f.draft->'header'->>'projectName' as project_name,
         case when l.action = 'withdrawn' then 'withdrawn'
              when exists (select 1 from jsonb_array_elements(cur.content->'purposes') p
                            where p->>'_id' = l.purpose_id and p->>'hash' = l.purpose_hash) then 'given'
              else 'reconsent' end as state
    from ${records} l
    join consent_forms f on f.id = l.form_id
    join lateral (select content from consent_form_versions v where v.form_id = l.form_id order by version desc limit 1) cur on true
) s`;
/**
 * Each subject's latest record per form and purpose, with its state against the form's latest version:
 * read through `consent_current` (kept by a trigger on every insert, in the same order: time, then id), a
 * join, so a filter or an export's (time, id) batches reach the records' index instead of ranking every
 * record of the company again.
 */
const CURRENT = withState(`(select r.* from consent_records r
            join consent_current c on c.company_id = r.company_id and c.form_id = r.form_id and c.subject_id = r.subject_id
                                  and c.email = r.email and c.purpose_id = r.purpose_id and c.record_id = r.id
           where r.company_id = $1)`);
/** Every record made (given or withdrawn): what the dashboard's consent figures count. */
const MADE = withState('(select * from consent_records where company_id = $1)');

/** The name of the staff member who recorded a record `r` (null for the public page's). */
const RECORDED_BY_NAME = `(select nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '') from users u where u.id = r.recorded_by) as recorded_by_name`;

interface RecordRow extends Record<string, unknown> {
  id: string;
  form_id: string;
  project_name: string | null;
  subject_id: string;
  email: string;
  name: string;
  purpose_id: string;
  purpose_hash: string;
  action: 'given' | 'withdrawn';
  state: ConsentRow['state'];
  version: number;
  text_hash: string;
  channel: string;
  lang: string;
  explicit: boolean;
  guardian: { name: string; relation: string } | null;
  age: number | null;
  reference: string | null;
  /** the recording staff member's name (history rows only) */
  recorded_by_name?: string | null;
  created_at: Date | string;
}

/** Each notice's latest published content (purpose labels); the records list and the dashboard read it. */
export async function latestContents(db: Queryable, companyId: string, formIds: string[]) {
  if (!formIds.length) return new Map<string, NoticeContent>();
  const rows = await db.query<{ form_id: string; content: NoticeContent }>(
    `select distinct on (form_id) form_id, content from consent_form_versions
      where company_id = $1 and form_id = any($2::uuid[]) order by form_id, version desc`,
    [companyId, formIds],
  );
  return new Map(rows.map((r) => [r.form_id, r.content]));
}

function filters(
  companyId: string,
  query: { search?: string; formId?: string; state?: string; action?: string; from?: string; to?: string; expiring?: 'true' | 'false' },
) {
  const params: unknown[] = [companyId];
  let where = 'true';
  if (query.search) {
    params.push(likePattern(query.search));
    where += ` and (subject_id ilike $${params.length} or email ilike $${params.length} or name ilike $${params.length})`;
  }
  if (query.formId) {
    params.push(query.formId);
    where += ` and form_id = $${params.length}`;
  }
  if (query.state) {
    params.push(query.state);
    where += ` and state = $${params.length}`;
  }
  if (query.action) where += ` and action = $${params.push(query.action)}`;
  // Bangkok days, as the daily roll-up counts them
  if (query.from) where += ` and created_at >= ($${params.push(query.from)}::date::timestamp at time zone 'Asia/Bangkok')`;
  if (query.to) where += ` and created_at < (($${params.push(query.to)}::date + 1)::timestamp at time zone 'Asia/Bangkok')`;
  // what the dashboard's expire-consent counts (consent_due): in force, and a day within the window
  if (query.expiring === 'true') {
    const window = (day: string) => `(${day} >= ${TODAY} and ${day} < ${TODAY} + $${params.length}::int)`;
    params.push(CONSENT_EXPIRE_DAYS);
    where += ` and action = 'given' and (${window('retain_until')} or ${window('reconsent_on')})`;
  }
  return { params, where };
}

const event = (r: RecordRow) => ({
  action: r.action,
  version: r.version,
  textHash: r.text_hash,
  channel: r.channel,
  lang: r.lang,
  explicit: r.explicit,
  guardian: r.guardian ? { name: r.guardian.name, relation: r.guardian.relation } : null,
  recordedBy: r.recorded_by_name ?? null,
  reference: r.reference ?? null,
  created_dt: iso(r.created_at),
});

/** One consent record as the CSV export shows it (the fake builds the same). */
export type CsvRecord = Pick<
  RecordRow,
  | 'created_at'
  | 'version'
  | 'text_hash'
  | 'purpose_id'
  | 'subject_id'
  | 'name'
  | 'email'
  | 'action'
  | 'explicit'
  | 'channel'
  | 'lang'
  | 'guardian'
  | 'age'
  | 'reference'
> & { project_name: string | null; recorded_by_name?: string | null };

/** The export's first line: the BOM and the column names in the reader's language. */
export function consentCsvHead(lang: Lang): string {
  const c = consentTexts[lang].consent.csv;
  return (
    CSV_BOM +
    csvLine([
      c.at,
      c.project,
      c.version,
      c.textHash,
      c.purposeId,
      c.purpose,
      c.subjectId,
      c.name,
      c.email,
      c.action,
      c.explicit,
      c.channel,
      c.lang,
      c.guardian,
      c.age,
      c.recordedBy,
      c.reference,
      c.at_iso,
    ])
  );
}

/** One record's line; `purpose` is its label in the form's latest version. */
export function consentCsvLine(r: CsvRecord, purpose: string, lang: Lang): string {
  const t = consentTexts[lang].consent;
  return csvLine([
    formatMoment(r.created_at, lang),
    r.project_name,
    r.version,
    r.text_hash,
    r.purpose_id,
    purpose,
    r.subject_id,
    r.name,
    r.email,
    t.actions[r.action],
    r.explicit ? t.yes : t.no,
    t.channels[r.channel as keyof typeof t.channels] ?? r.channel,
    r.lang,
    r.guardian ? `${r.guardian.name} (${r.guardian.relation})` : '',
    r.age,
    r.recorded_by_name,
    r.reference,
    new Date(r.created_at).toISOString(),
  ]);
}

async function* recordsCsv(db: Queryable, companyId: string, query: z.infer<typeof consentRecordExportQuery>, lang: Lang, exported: string[]) {
  yield consentCsvHead(lang);
  const { params, where } = filters(companyId, query);
  // every record of the search and notice (their whole histories), or the rows the list shows
  const records = exportsListedRecords(query)
    ? `(select * from ${listsRecordsMade(query) ? MADE : CURRENT} where ${where})`
    : `(select r.*, f.draft->'header'->>'projectName' as project_name
          from consent_records r join consent_forms f on f.id = r.form_id where r.company_id = $1 and ${where})`;
  const contents = new Map<string, NoticeContent>();
  const batch = 500;
  // oldest first, read in batches by (time, id): an export may be long
  for (let after: [string, string] = ['-infinity', '00000000-0000-0000-0000-000000000000']; ;) {
    const n = params.length;
    const rows = await db.query<RecordRow & { at_text: string }>(
      `select r.*, r.created_at::text as at_text, ${RECORDED_BY_NAME}
         from ${records} r
        where (r.created_at, r.id) > ($${n + 1}::timestamptz, $${n + 2}::uuid)
        order by r.created_at, r.id limit ${batch}`,
      [...params, ...after],
    );
    const missing = [...new Set(rows.map((r) => r.form_id))].filter((id) => !contents.has(id));
    for (const [id, content] of await latestContents(db, companyId, missing)) contents.set(id, content);
    for (const r of rows) {
      exported.push(r.id);
      yield consentCsvLine(r, purposeLabel(contents.get(r.form_id), r.purpose_id, lang), lang);
    }
    if (rows.length < batch) break;
    after = [rows[rows.length - 1].at_text, rows[rows.length - 1].id];
  }
}

/** The CSV's lines; once they have all gone out, the records they held are kept in the read log. */
async function* readsKeptAtEnd(db: Db, actor: Actor, query: z.infer<typeof consentRecordExportQuery>, lang: Lang, companyId: string) {
  const exported: string[] = [];
  try {
    yield* recordsCsv(db, companyId, query, lang, exported);
  } finally {
    keepRead(db, actor, AUDIT_ENTITY.consentRecords, exported, 'GET /consents/manage/export');
  }
}

/** A staff recording: the current version of one of the company's notices (404 otherwise) and who records it, how. */
async function staffRecording(db: Queryable, session: Session, req: FastifyRequest, body: StaffRecordingBody) {
  const version = await latestVersion(db, 'f.id = $1 and f.company_id = $2', [body.formId, session.companyId]);
  if (!version) throw notFound();
  const through: RecordedThrough = { channel: body.channel, recordedBy: session.userId, reference: body.reference, ip: req.ip };
  return { version, through };
}

export const recordRoutes = [
  route({
    method: 'GET',
    url: '/consents/manage/list',
    personalData: { entity: 'consent_records', ids: idsOfList('consentlist') },
    access: read,
    reply: consentListReply,
    query: consentRecordListQuery,
    handler: async ({ db, session, query, lang }) => {
      const { params, where } = filters(session.companyId, query);
      const { rows, total } = await pageOf<RecordRow>(db, {
        select: '*',
        from: listsRecordsMade(query) ? MADE : CURRENT,
        where,
        order: 'created_at desc, id desc',
        params,
        paging: query,
      });
      const contents = await latestContents(db, session.companyId, [...new Set(rows.map((r) => r.form_id))]);
      const history = rows.length
        ? await db.query<RecordRow>(
            `select r.*, ${RECORDED_BY_NAME} from consent_records r
               join unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) k(form_id, subject_id, email, purpose_id)
                 on r.form_id = k.form_id and r.subject_id = k.subject_id and r.email = k.email and r.purpose_id = k.purpose_id
              where r.company_id = $1 order by r.created_at, r.id`,
            [session.companyId, rows.map((r) => r.form_id), rows.map((r) => r.subject_id), rows.map((r) => r.email), rows.map((r) => r.purpose_id)],
          )
        : [];
      const key = (r: RecordRow) => `${r.form_id}|${r.subject_id}|${r.email}|${r.purpose_id}`;
      return {
        consentlist: rows.map((r) => {
          const events = history.filter((h) => key(h) === key(r));
          const named = events.filter((h) => h.name).at(-1);
          return {
            _id: r.id,
            formId: r.form_id,
            projectName: r.project_name ?? '',
            subjectId: r.subject_id,
            name: named?.name ?? r.name,
            email: r.email,
            purposeId: r.purpose_id,
            purpose: purposeLabel(contents.get(r.form_id), r.purpose_id, lang),
            state: r.state,
            version: r.version,
            updated_dt: iso(r.created_at),
            history: events.map(event),
          };
        }),
        totalItem: { count: total },
      };
    },
  }),
  route({
    method: 'GET',
    url: '/consents/manage/export',
    access: read,
    query: consentRecordExportQuery,
    handler: async ({ db, session, req, reply, query, lang }) => {
      // the rows stream out, so the trail keeps the export by its filters
      await auditExport({ db, session, req }, AUDIT_ENTITY.consentRecords, [], { format: 'csv', filters: query });
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="consent-records.csv"')
        .send(Readable.from(readsKeptAtEnd(db, actorOf(session, req), query, lang, session.companyId)));
      return undefined;
    },
  }),

  /** Staff record a consent given on a signed paper form, by phone, in person or by e-mail: the public page's rules, for the notice's current version. */
  route({
    method: 'POST',
    url: '/consents/manage/give',
    access: write,
    body: consentStaffGiveBody,
    handler: async ({ db, session, req, body }) => {
      const { version, through } = await staffRecording(db, session, req, body);
      // one transaction: every purpose recorded or none; a key sent twice records once
      return db.tx(async (q) => ({ data: await recordGivenOnce(q, version, body, through) }));
    },
  }),
  /** Staff record a withdrawal the person asked for by paper, phone, in person or e-mail. */
  route({
    method: 'POST',
    url: '/consents/manage/withdraw',
    access: write,
    body: consentStaffWithdrawBody,
    handler: async ({ db, session, req, body }) => {
      const { version, through } = await staffRecording(db, session, req, body);
      return { data: await recordWithdrawn(db, version, body, through) };
    },
  }),
];
