import { MENU } from '../../../contract/menus';
import { BUILTIN_TEMPLATES, builtinTemplate } from '../../../contract/sheetTemplates';
import {
  sheetTemplateBody,
  sheetTemplateListQuery,
  sheetTemplateListReply,
  sheetTemplateParams,
  sheetTemplateReply,
  type SheetKind,
  type SheetLang,
  type SheetTemplateRecord,
} from '../../../contract/sheets';
import { unknownVariables, variablesIn } from '../../../contract/sheetVariables';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { sanitizeSheetHtml } from './sanitize';

export const SHEETS_READ = { menuId: MENU.sheets.menuId } as const;
export const SHEETS_WRITE = { ...SHEETS_READ, write: true } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface TemplateRow {
  id: string;
  name: string;
  kind: SheetKind;
  lang: SheetLang;
  description: string;
  body: string;
  updated_at: Date | string;
}

const toRecord = (r: TemplateRow): SheetTemplateRecord => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  lang: r.lang,
  description: r.description,
  body: r.body,
  builtin: false,
  variables: variablesIn(r.body),
  updated_dt: iso(r.updated_at),
});
const builtinRecords = (): SheetTemplateRecord[] =>
  BUILTIN_TEMPLATES.map((t) => ({ ...t, builtin: true, variables: variablesIn(t.body), updated_dt: null }));

/** A template the session's company may use: a shipped one, or its own; else 404. */
export async function loadTemplate(q: Queryable, companyId: string, id: string): Promise<SheetTemplateRecord> {
  const builtin = builtinTemplate(id);
  if (builtin) return { ...builtin, builtin: true, variables: variablesIn(builtin.body), updated_dt: null };
  if (!UUID.test(id)) throw new ApiError(404, 'sheet_template_not_found');
  const [row] = await q.query<TemplateRow>('select * from sheet_templates where company_id = $1 and id = $2', [companyId, id]);
  if (!row) throw new ApiError(404, 'sheet_template_not_found');
  return toRecord(row);
}

/** The rich text as kept: sanitized, and refused (400 naming them) when it names a variable the registry does not know. */
export function checkedBody(html: string): string {
  const body = sanitizeSheetHtml(html);
  const unknown = unknownVariables(body);
  if (unknown.length) throw new ApiError(400, 'sheet_unknown_variables', { names: unknown.join(', ') });
  return body;
}

const ownTemplate = (id: string) => {
  if (builtinTemplate(id)) throw new ApiError(409, 'sheet_template_builtin');
  if (!UUID.test(id)) throw new ApiError(404, 'sheet_template_not_found');
  return id;
};

export const sheetTemplateRoutes = [
  route({
    method: 'GET',
    url: '/sheet-templates',
    access: SHEETS_READ,
    query: sheetTemplateListQuery,
    reply: sheetTemplateListReply,
    handler: async ({ db, session, query, reply }) => {
      const own = (await db.query<TemplateRow>('select * from sheet_templates where company_id = $1', [session.companyId])).map(toRecord);
      const f = query.filter ?? {};
      const search = f.search?.trim().toLowerCase();
      let all = [...own, ...builtinRecords()].filter(
        (t) =>
          (!f.kind || t.kind === f.kind) &&
          (!f.lang || t.lang === f.lang) &&
          (!search || `${t.name} ${t.description}`.toLowerCase().includes(search)),
      );
      const [field, order] = query.sort ?? ['updated_dt', 'DESC'];
      all = all.sort((a, b) => {
        const av = String(a[field] ?? '');
        const bv = String(b[field] ?? '');
        return (order === 'ASC' ? 1 : -1) * av.localeCompare(bv, 'th') || a.id.localeCompare(b.id);
      });
      const [from, to] = query.range;
      const page = all.slice(from, to + 1).map(({ body: _body, ...t }) => t);
      reply.header(
        'Content-Range',
        page.length ? `sheet-templates ${from}-${from + page.length - 1}/${all.length}` : `sheet-templates */${all.length}`,
      );
      return { data: page, total: all.length };
    },
  }),
  route({
    method: 'GET',
    url: '/sheet-templates/:id',
    access: SHEETS_READ,
    params: sheetTemplateParams,
    reply: sheetTemplateReply,
    handler: async ({ db, session, params }) => ({ data: await loadTemplate(db, session.companyId, params.id) }),
  }),
  route({
    method: 'POST',
    url: '/sheet-templates',
    access: SHEETS_WRITE,
    body: sheetTemplateBody,
    reply: sheetTemplateReply,
    bodyLimit: 1_000_000,
    handler: async ({ db, session, body }) => {
      const html = checkedBody(body.body);
      const [row] = await db.query<TemplateRow>(
        `insert into sheet_templates (company_id, name, kind, lang, description, body, created_by) values ($1, $2, $3, $4, $5, $6, $7) returning *`,
        [session.companyId, body.name, body.kind, body.lang, body.description, html, session.userId],
      );
      return { data: toRecord(row) };
    },
  }),
  route({
    method: 'PUT',
    url: '/sheet-templates/:id',
    access: SHEETS_WRITE,
    params: sheetTemplateParams,
    body: sheetTemplateBody,
    reply: sheetTemplateReply,
    bodyLimit: 1_000_000,
    handler: async ({ db, session, params, body }) => {
      const id = ownTemplate(params.id);
      const html = checkedBody(body.body);
      const [row] = await db.query<TemplateRow>(
        `update sheet_templates set name = $3, kind = $4, lang = $5, description = $6, body = $7, updated_at = now()
          where company_id = $1 and id = $2 returning *`,
        [session.companyId, id, body.name, body.kind, body.lang, body.description, html],
      );
      if (!row) throw new ApiError(404, 'sheet_template_not_found');
      return { data: toRecord(row) };
    },
  }),
  route({
    method: 'DELETE',
    url: '/sheet-templates/:id',
    access: SHEETS_WRITE,
    params: sheetTemplateParams,
    handler: async ({ db, session, params }) => {
      const id = ownTemplate(params.id);
      const [row] = await db.query<TemplateRow>('delete from sheet_templates where company_id = $1 and id = $2 returning *', [session.companyId, id]);
      if (!row) throw new ApiError(404, 'sheet_template_not_found');
      return { data: toRecord(row) };
    },
  }),
];
