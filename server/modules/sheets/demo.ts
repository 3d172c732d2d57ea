import { addDays } from '../../../contract/clock';
import { builtinTemplate } from '../../../contract/sheetTemplates';
import { DEMO_SHEET_PATHS, DEMO_SHEET_TEMPLATES, DEMO_SHEETS } from '../../../demo';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { fillVersion } from './print';
import { documentRow } from './rows';

const NO_UPLOADS = { dataDir: '', cdnHost: '/uploads' };

/** Writes one company's demo templates and documents (demo/sheets.ts), each with its versions and state history. */
export async function seedSheetsDemo(q: Queryable, companyId: string, code: string, staffId: string) {
  for (const t of DEMO_SHEET_TEMPLATES[code] ?? []) {
    await q.query(
      `insert into sheet_templates (company_id, name, kind, lang, description, body, created_by) values ($1, $2, 'custom', 'th', $3, $4, $5)`,
      [companyId, t.name, t.description, t.body, staffId],
    );
  }
  const [notice] = await q.query<{ id: string }>('select id from consent_forms where company_id = $1 order by created_at, id limit 1', [companyId]);
  for (const s of DEMO_SHEETS[code] ?? []) {
    const template = builtinTemplate(s.templateId);
    if (!template) continue;
    const at = (step: number) => addDays(new Date(), -s.daysAgo + step).toISOString();
    const [{ id }] = await q.query<{ id: string }>(
      `insert into sheet_documents (company_id, title, template_id, kind, lang, version, thai_digits, notice_id, state_by, created_by, created_at, updated_at, state_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $10, $10) returning id`,
      [
        companyId,
        s.title,
        template.id,
        template.kind,
        template.lang,
        s.versions,
        s.thaiDigits ?? false,
        s.attachNotice ? (notice?.id ?? null) : null,
        staffId,
        at(0),
      ],
    );
    await q.query(
      `insert into sheet_events (company_id, document_id, action, from_state, to_state, version, actor_id, at) values ($1, $2, 'created', null, 'draft', 1, $3, $4)`,
      [companyId, id, staffId, at(0)],
    );
    for (let v = 1; v <= s.versions; v++) {
      const body = v === 1 ? template.body : `${template.body}${s.edit ?? ''}`;
      await q.query(
        `insert into sheet_versions (company_id, document_id, version, title, body, saved_by, saved_at) values ($1, $2, $3, $4, $5, $6, $7)`,
        [companyId, id, v, s.title, body, staffId, at(v - 1)],
      );
    }
    let from = 'draft';
    for (const [i, step] of DEMO_SHEET_PATHS[s.state].entries()) {
      const when = at(s.versions + i);
      if (step.action === 'approve') {
        await q.query('update sheet_versions set approved_by = $3, approved_at = $4 where document_id = $1 and version = $2', [
          id,
          s.versions,
          staffId,
          when,
        ]);
        await q.query('update sheet_documents set approved_by = $2, approved_at = $3 where id = $1', [id, staffId, when]);
      }
      if (step.action === 'publish') {
        const doc = await documentRow(q, companyId, id);
        const [v] = await q.query<{ body: string; title: string }>('select body, title from sheet_versions where document_id = $1 and version = $2', [
          id,
          s.versions,
        ]);
        const { html } = await fillVersion(q, NO_UPLOADS, companyId, doc, { ...v, version: s.versions });
        await q.query('update sheet_versions set frozen_html = $3 where document_id = $1 and version = $2', [id, s.versions, html]);
        await q.query('update sheet_documents set published_version = $2 where id = $1', [id, s.versions]);
      }
      await q.query(
        `insert into sheet_events (company_id, document_id, action, from_state, to_state, version, actor_id, at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [companyId, id, step.action, from, step.to, s.versions, staffId, when],
      );
      await q.query('update sheet_documents set state = $2, state_at = $3, updated_at = $3 where id = $1', [id, step.to, when]);
      from = step.to;
    }
  }
}

export default {
  // a document may attach the company's first privacy notice
  after: ['consent'],
  seed: (q, { company, companyId, userIds }) => seedSheetsDemo(q, companyId, company.code, userIds[0]),
} satisfies ModuleDemo;
