import { displayName } from '../../../contract/people';
import { actionsFrom, type SheetDetail, type SheetKind, type SheetLang, type SheetRecord, type SheetState } from '../../../contract/sheets';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { selfApproval } from '../../http/approval';
import { notFound } from '../../http/errors';

export interface DocumentRow {
  id: string;
  title: string;
  template_id: string | null;
  kind: SheetKind;
  lang: SheetLang;
  state: SheetState;
  version: number;
  published_version: number | null;
  thai_digits: boolean;
  notice_id: string | null;
  notice_name: string | null;
  ropa_activity_id: string | null;
  breach_id: string | null;
  state_by: string | null;
  state_by_name: string | null;
  state_at: Date | string;
  approved_by: string | null;
  approved_by_name: string | null;
  approved_at: Date | string | null;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const person = (alias: string) =>
  `(select nullif(trim(${alias}.firstname || ' ' || ${alias}.lastname), '') from users ${alias} where ${alias}.id = d.`;
/** The document's columns with the names of the people behind them (never another company's: ids come from its own rows). */
export const DOCUMENT_COLUMNS = `d.id, d.title, d.template_id, d.kind, d.lang, d.state, d.version, d.published_version, d.thai_digits,
  d.notice_id, (select f.draft -> 'header' ->> 'projectName' from consent_forms f where f.id = d.notice_id and f.company_id = d.company_id) as notice_name,
  d.ropa_activity_id, d.breach_id, d.state_by, ${person('u1')}state_by) as state_by_name, d.state_at,
  d.approved_by, ${person('u2')}approved_by) as approved_by_name, d.approved_at, d.created_by, d.created_at, d.updated_at`;

const who = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

export const toRecord = (r: DocumentRow): SheetRecord => ({
  id: r.id,
  title: r.title,
  templateId: r.template_id,
  kind: r.kind,
  lang: r.lang,
  state: r.state,
  version: r.version,
  publishedVersion: r.published_version,
  thaiDigits: r.thai_digits,
  noticeId: r.notice_id,
  noticeName: r.notice_name,
  ropaActivityId: r.ropa_activity_id,
  breachId: r.breach_id,
  stateBy: who(r.state_by, r.state_by_name),
  state_dt: iso(r.state_at),
  approvedBy: who(r.approved_by, r.approved_by_name),
  approved_dt: r.approved_at ? iso(r.approved_at) : null,
  created_dt: iso(r.created_at),
  updated_dt: iso(r.updated_at),
});

export async function documentRow(q: Queryable, companyId: string, id: string, lock = false): Promise<DocumentRow> {
  const [row] = await q.query<DocumentRow>(
    `select ${DOCUMENT_COLUMNS} from sheet_documents d where d.company_id = $1 and d.id = $2${lock ? ' for update of d' : ''}`,
    [companyId, id],
  );
  if (!row) throw notFound();
  return row;
}

export interface VersionRow {
  version: number;
  title: string;
  body: string;
  frozen_html: string | null;
  saved_by: string | null;
  saved_at: Date | string;
  firstname: string | null;
  lastname: string | null;
  approved_at: Date | string | null;
  approver: string | null;
}

export async function versionRow(q: Queryable, companyId: string, documentId: string, version: number): Promise<VersionRow | undefined> {
  const [row] = await q.query<VersionRow>(
    `select v.version, v.title, v.body, v.frozen_html, v.saved_by, v.saved_at, u.firstname, u.lastname, v.approved_at,
            (select nullif(trim(a.firstname || ' ' || a.lastname), '') from users a where a.id = v.approved_by) as approver
       from sheet_versions v left join users u on u.id = v.saved_by
      where v.company_id = $1 and v.document_id = $2 and v.version = $3`,
    [companyId, documentId, version],
  );
  return row;
}

/**
 * Whether `userId` may approve the document's current version (the four-eyes rule of `http/approval.ts`):
 * its author is who saved that version — for version 1, who made the document — and the approvers are those
 * with edit rights on documents (menu 7).
 */
export async function selfApprovalOf(
  q: Queryable,
  companyId: string,
  doc: Pick<DocumentRow, 'id' | 'version'>,
  userId: string,
): Promise<SheetDetail['selfApproval']> {
  const [row] = await q.query<{ saved_by: string | null }>(
    'select saved_by from sheet_versions where company_id = $1 and document_id = $2 and version = $3',
    [companyId, doc.id, doc.version],
  );
  return selfApproval(q, { companyId, userId, authors: [row?.saved_by], menuId: MENU.sheets.menuId });
}

/** The whole document: its latest text, every version (without texts), every state change; `viewerId`: who asks (their `selfApproval`). */
export async function documentDetail(q: Queryable, companyId: string, id: string, viewerId?: string): Promise<SheetDetail> {
  const row = await documentRow(q, companyId, id);
  const [latest, versions, events] = await Promise.all([
    versionRow(q, companyId, id, row.version),
    q.query<Omit<VersionRow, 'body' | 'approved_at' | 'approver'>>(
      `select v.version, v.title, v.frozen_html is not null as frozen, v.saved_by, v.saved_at, u.firstname, u.lastname
         from sheet_versions v left join users u on u.id = v.saved_by
        where v.company_id = $1 and v.document_id = $2 order by v.version desc`,
      [companyId, id],
    ),
    q.query<{
      action: string;
      from_state: SheetState | null;
      to_state: SheetState;
      version: number;
      note: string;
      actor_id: string | null;
      at: Date | string;
      firstname: string | null;
      lastname: string | null;
    }>(
      `select e.action, e.from_state, e.to_state, e.version, e.note, e.actor_id, e.at, u.firstname, u.lastname
         from sheet_events e left join users u on u.id = e.actor_id
        where e.company_id = $1 and e.document_id = $2 order by e.at desc, e.id`,
      [companyId, id],
    ),
  ]);
  const nameOf = (r: { firstname: string | null; lastname: string | null }) =>
    displayName({ firstname: r.firstname ?? '', lastname: r.lastname ?? '' });
  return {
    ...toRecord(row),
    body: latest?.body ?? '',
    versions: versions.map((v) => ({
      version: v.version,
      title: v.title,
      savedBy: who(v.saved_by, nameOf(v)),
      saved_dt: iso(v.saved_at),
      frozen: Boolean((v as unknown as { frozen: boolean }).frozen),
    })),
    events: events.map((e) => ({
      action: e.action,
      fromState: e.from_state,
      toState: e.to_state,
      version: e.version,
      note: e.note,
      by: who(e.actor_id, nameOf(e)),
      at: iso(e.at),
    })),
    actions: actionsFrom(row.state),
    selfApproval: viewerId ? await selfApprovalOf(q, companyId, row, viewerId) : 'none',
  };
}
