import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  IMPORT_BODY_LIMIT,
  IMPORT_MAX_PROBLEMS,
  IMPORT_MAX_ROWS,
  importCommitReply,
  importPreviewReply,
  importUpload,
  type ImportProblem,
} from '../../contract/bulk';
import { textAt, type Lang } from '../../i18n';
import listTexts from '../../i18n/lists';
import { isServerMessageKey, serverMessage, type MessageParams, type ServerMessageKey } from '../../i18n/messages';
import type { Queryable } from '../db/client';
import { analyzeStale } from '../db/statistics';
import { actAs, actorOf } from '../http/actorDb';
import { ApiError } from '../http/errors';
import { route, type RouteSpec } from '../http/route';
import { readSheet, uploadBytes, type SheetRows } from './sheet';

/** The company's rows a cell may name, by name or id: `select id, name from <table> where company_id = $1`. */
export interface ImportLookup {
  table: string;
  /** the column shown and matched (default `name`) */
  name?: string;
}

/** A fixed choice a cell may name by its value or by its label in either language. */
export interface ImportChoice {
  value: string | number | boolean;
  /** i18n key of its label */
  label: string;
}

export interface ImportColumn {
  /** the value's key in the row (what `toBody` reads) */
  key: string;
  /** i18n key of the header (shown in Thai and English) */
  label: string;
  /** the template's example, in either language */
  example: { th: string; en: string };
  required?: boolean;
  /** several values in one cell, separated by commas or new lines (the lookup's or the choices' values) */
  list?: boolean;
  lookup?: ImportLookup;
  choices?: readonly ImportChoice[];
  /** a day: yyyy-mm-dd, or d/m/yyyy in the Buddhist era (2570) or the Gregorian (2027); becomes yyyy-mm-dd */
  date?: boolean;
  /** a whole number (the cell's digits; anything else is the row's problem) */
  number?: boolean;
  /** the column's width in the template (characters) */
  width?: number;
}

/** A typed day as yyyy-mm-dd (a Buddhist-era year is counted back 543 years), or the text unchanged for the schema to refuse. */
export function importDay(text: string): string {
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!dmy) return text;
  const year = Number(dmy[3]) > 2400 ? Number(dmy[3]) - 543 : Number(dmy[3]);
  return `${year}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
}

/**
 * One resource's import: its columns, the contract schema its form uses (every row is checked by
 * it), how a row becomes the schema's input, and how the checked rows are written (as few statements
 * as it can: `insert` gets them all). Each row's company is the session's.
 */
export interface ImportDeclaration<B> {
  /** the REST path of the resource; the routes are `<url>/import/template`, `<url>/import/preview`, `<url>/import` */
  url: string;
  menuId: number;
  /** the audit trail's entity (the table) of the import event */
  entity: string;
  /** i18n key of what the rows are (the template's file and sheet name) */
  title: string;
  columns: readonly ImportColumn[];
  schema: z.ZodType<B>;
  /** the schema's input from a row's values (lookups already ids, choices values, lists arrays); default: as is */
  toBody?(values: Record<string, unknown>): unknown;
  /** the column of a schema issue's path (default: its first part) */
  columnOf?(path: readonly PropertyKey[]): string;
  /**
   * What only the database or the whole file can tell, once every row passed the schema: a name
   * already taken or given twice, a position of another department. Each problem names the row by
   * its index in `rows`, the column by its key.
   */
  check?(q: Queryable, companyId: string, rows: B[]): Promise<RowProblem[]>;
  insert(q: Queryable, companyId: string, rows: B[], ctx: ImportContext): Promise<void>;
}

/** Who imports, in which language (an e-mail the import sends speaks it). */
export interface ImportContext {
  userId: string;
  lang: Lang;
}

/** A problem of one checked row: its index among the rows, the column's key, a server message. */
export interface RowProblem {
  index: number;
  column: string;
  message: ServerMessageKey;
  params?: MessageParams;
}

/**
 * A column whose values must be new: none twice in the file, none already in the company's table
 * (compared without letter case or surrounding spaces, as the table's unique index does).
 */
export async function uniqueProblems<B>(
  q: Queryable,
  companyId: string,
  rows: B[],
  unique: { key: string; table: string; column: string; value(row: B): string | null | undefined },
): Promise<RowProblem[]> {
  const problems: RowProblem[] = [];
  const first = new Map<string, number>();
  rows.forEach((row, index) => {
    const v = unique.value(row)?.trim().toLowerCase();
    if (!v) return;
    const seen = first.get(v);
    if (seen === undefined) first.set(v, index);
    else problems.push({ index, column: unique.key, message: 'import_duplicate', params: { value: unique.value(row)!, row: seen } });
  });
  if (!first.size) return problems;
  // compared by the database's lower(), as its unique index compares (JavaScript's may differ outside ASCII)
  const indexes = [...first.values()];
  const taken = await q.query<{ n: number }>(
    `select k.n::int as n from unnest($2::text[]) with ordinality as k(v, n)
      where exists (select 1 from ${unique.table} t where t.company_id = $1 and lower(t.${unique.column}) = lower(k.v))`,
    [companyId, indexes.map((i) => unique.value(rows[i])!.trim())],
  );
  for (const { n } of taken) {
    const index = indexes[n - 1];
    problems.push({ index, column: unique.key, message: 'import_exists', params: { value: unique.value(rows[index])! } });
  }
  return problems.sort((a, b) => a.index - b.index);
}

/** The template's rows that offer a drop-down of the allowed values (more may be typed). */
const DROPDOWN_ROWS = 1000;

type Texts = (typeof listTexts)['th']['lists'];
const texts = (lang: Lang): Texts => listTexts[lang].lists;
const label = (lang: Lang, key: string) => textAt(lang, key) ?? key;
const message = (lang: Lang, key: ServerMessageKey, params?: MessageParams) => serverMessage(lang, key, params);
/** Header text as compared: lower case, no spaces, no marks of a required column. */
const norm = (s: string) => s.toLowerCase().replace(/[\s*]+/g, '');

interface Resolved {
  lookups: Map<string, { byKey: Map<string, string>; names: string[] }>;
}

async function resolveLookups(q: Queryable, companyId: string, columns: readonly ImportColumn[]): Promise<Resolved> {
  const lookups: Resolved['lookups'] = new Map();
  for (const c of columns) {
    if (!c.lookup) continue;
    const nameCol = c.lookup.name ?? 'name';
    const rows = await q.query<{ id: string; name: string }>(
      `select id::text as id, ${nameCol} as name from ${c.lookup.table} where company_id = $1 order by ${nameCol}`,
      [companyId],
    );
    const byKey = new Map<string, string>();
    for (const r of rows) {
      byKey.set(r.id.toLowerCase(), r.id);
      byKey.set(norm(r.name), r.id);
    }
    lookups.set(c.key, { byKey, names: rows.map((r) => r.name) });
  }
  return { lookups };
}

const choiceKeys = (c: ImportChoice) => [String(c.value), label('th', c.label), label('en', c.label)].map(norm);

/** Which column of the file each declared column is, from the header row (Thai, English or the key). */
function headerMap(columns: readonly ImportColumn[], header: string[]) {
  const at = new Map<string, number>();
  const unknown: string[] = [];
  header.forEach((text, i) => {
    if (!text) return;
    const n = norm(text);
    const column = columns.find((c) =>
      [c.key, label('th', c.label), label('en', c.label), `${label('th', c.label)}/${label('en', c.label)}`].some((h) => norm(h) === n),
    );
    if (column && !at.has(column.key)) at.set(column.key, i);
    else unknown.push(text);
  });
  return { at, unknown };
}

interface Checked<B> {
  rows: number;
  problems: ImportProblem[];
  problemCount: number;
  bodies: B[];
  sample: Record<string, string>[];
}

/** Reads, maps and checks every row; the problems name the file's row, the column's header, the reason. */
async function checkRows<B>(decl: ImportDeclaration<B>, q: Queryable, companyId: string, lang: Lang, sheet: SheetRows): Promise<Checked<B>> {
  const [header, maybeEnglish, ...rest] = sheet.rows;
  if (!header) throw new ApiError(400, 'import_no_rows');
  const { at, unknown } = headerMap(decl.columns, header.cells);
  if (!at.size) throw new ApiError(400, 'import_no_columns');
  // the template's second header row (English under Thai) is not data
  let data = maybeEnglish ? [maybeEnglish, ...rest] : [];
  if (maybeEnglish && decl.columns.every((c) => !at.has(c.key) || norm(maybeEnglish.cells[at.get(c.key)!] ?? '') === norm(label('en', c.label))))
    data = rest;
  if (!data.length) throw new ApiError(400, 'import_no_rows');
  if (data.length > IMPORT_MAX_ROWS) throw new ApiError(413, 'import_too_many_rows', { rows: data.length, max: IMPORT_MAX_ROWS });

  const { lookups } = await resolveLookups(q, companyId, decl.columns);
  const problems: ImportProblem[] = [];
  let problemCount = 0;
  const header1 = (c: ImportColumn) => label(lang, c.label);
  const add = (row: number, column: string, text: string) => {
    problemCount++;
    if (problems.length < IMPORT_MAX_PROBLEMS) problems.push({ row, column, message: text });
  };
  for (const text of unknown) add(header.row, text, message(lang, 'import_unknown_column', { value: text }));

  const zodLocale = (lang === 'en' ? z.locales.en() : z.locales.th()).localeError;
  const bodies: B[] = [];
  const bodyRows: number[] = [];
  const sample: Record<string, string>[] = [];
  for (const line of data) {
    const values: Record<string, unknown> = {};
    let rowOk = true;
    const shown: Record<string, string> = {};
    for (const c of decl.columns) {
      const i = at.get(c.key);
      const cell = i === undefined ? '' : (line.cells[i] ?? '');
      shown[c.key] = cell;
      if (!cell) {
        if (c.required) {
          add(line.row, header1(c), message(lang, 'import_required'));
          rowOk = false;
        }
        values[c.key] = c.list ? [] : undefined;
        continue;
      }
      const parts = c.list
        ? cell
            .split(/[,\n;]/)
            .map((s) => s.trim())
            .filter(Boolean)
        : [cell];
      const mapped: unknown[] = [];
      for (const part of parts) {
        if (c.lookup) {
          const id = lookups.get(c.key)!.byKey.get(part.toLowerCase()) ?? lookups.get(c.key)!.byKey.get(norm(part));
          if (!id) {
            add(line.row, header1(c), message(lang, 'import_not_found', { value: part }));
            rowOk = false;
          } else mapped.push(id);
        } else if (c.choices) {
          const choice = c.choices.find((ch) => choiceKeys(ch).includes(norm(part)));
          if (!choice) {
            add(line.row, header1(c), message(lang, 'import_not_allowed', { value: part }));
            rowOk = false;
          } else mapped.push(choice.value);
        } else if (c.number) {
          if (!/^-?\d{1,9}$/.test(part.replace(/,/g, ''))) {
            add(line.row, header1(c), message(lang, 'import_not_number', { value: part }));
            rowOk = false;
          } else mapped.push(Number(part.replace(/,/g, '')));
        } else mapped.push(c.date ? importDay(part) : part);
      }
      values[c.key] = c.list ? mapped : mapped[0];
    }
    if (sample.length < 5) sample.push(shown);
    if (!rowOk) continue;
    const result = decl.schema.safeParse(decl.toBody ? decl.toBody(values) : values, { error: zodLocale });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = decl.columnOf ? decl.columnOf(issue.path) : String(issue.path[0] ?? '');
        const column = decl.columns.find((c) => c.key === key);
        const named = issue.message.startsWith('server.') ? issue.message.slice('server.'.length) : '';
        add(line.row, column ? header1(column) : key || '-', isServerMessageKey(named) ? message(lang, named) : issue.message);
      }
      continue;
    }
    bodies.push(result.data);
    bodyRows.push(line.row);
  }
  if (decl.check && bodies.length) {
    for (const p of await decl.check(q, companyId, bodies)) {
      const column = decl.columns.find((c) => c.key === p.column);
      // a duplicate names the file's row it repeats, not its index among the rows
      const params = p.message === 'import_duplicate' && typeof p.params?.row === 'number' ? { ...p.params, row: bodyRows[p.params.row] } : p.params;
      add(bodyRows[p.index], column ? header1(column) : p.column, message(lang, p.message, params));
    }
  }
  return { rows: data.length, problems: problems.sort((a, b) => a.row - b.row), problemCount, bodies, sample };
}

async function readUpload<B>(decl: ImportDeclaration<B>, q: Queryable, companyId: string, lang: Lang, contentBase64: string) {
  return checkRows(decl, q, companyId, lang, await readSheet(uploadBytes(contentBase64)));
}

/** The template: the columns with Thai and English headers, an example sheet, the allowed values (and a drop-down on a one-value column). */
export async function writeTemplate(decl: ImportDeclaration<unknown>, q: Queryable, companyId: string, lang: Lang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const t = texts(lang);
  const data = book.addWorksheet(t.sheet_data);
  const example = book.addWorksheet(t.sheet_example);
  const allowed = book.addWorksheet(t.sheet_allowed);
  const { lookups } = await resolveLookups(q, companyId, decl.columns);
  const headTh = decl.columns.map((c) => `${label('th', c.label)}${c.required ? ' *' : ''}`);
  const headEn = decl.columns.map((c) => `${label('en', c.label)}${c.required ? ' *' : ''}`);
  for (const sheet of [data, example]) {
    sheet.addRow(headTh).font = { bold: true };
    sheet.addRow(headEn).font = { italic: true, color: { argb: 'FF555555' } };
    sheet.columns.forEach((col, i) => (col.width = decl.columns[i]?.width ?? 24));
    sheet.views = [{ state: 'frozen', ySplit: 2 }];
  }
  example.addRow(decl.columns.map((c) => c.example[lang]));
  // the allowed values: one column per column that has them
  let col = 1;
  decl.columns.forEach((c, i) => {
    const values = c.lookup ? lookups.get(c.key)!.names : c.choices ? c.choices.map((ch) => label(lang, ch.label)) : undefined;
    if (!values) return;
    allowed.getCell(1, col).value = label(lang, c.label);
    allowed.getCell(1, col).font = { bold: true };
    values.forEach((v, n) => (allowed.getCell(n + 2, col).value = v));
    allowed.getColumn(col).width = 30;
    if (!c.list && values.length) {
      const letter = allowed.getColumn(col).letter;
      const ref = `'${t.sheet_allowed.replace(/'/g, "''")}'!$${letter}$2:$${letter}$${values.length + 1}`;
      for (let r = 3; r <= DROPDOWN_ROWS + 2; r += 1) {
        data.getCell(r, i + 1).dataValidation = { type: 'list', allowBlank: true, formulae: [ref], showErrorMessage: false };
      }
    }
    col++;
  });
  allowed.addRow([]);
  const note = allowed.addRow([t.allowed_note]);
  note.font = { italic: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export function sendXlsx(reply: FastifyReply, bytes: Buffer, name: string) {
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Cache-Control', 'no-store')
    .send(bytes);
}

/**
 * The three routes of a resource's import, behind its menu's edit right: the template, the preview
 * (nothing written), and the commit (every row in the request's one transaction, or none: a problem
 * in any row refuses the whole file with the problems). The trail keeps one import event with the count.
 */
export function importRoutes<B>(decl: ImportDeclaration<B>): RouteSpec[] {
  const access = { menuId: decl.menuId, write: true } as const;
  const anyDecl = decl as unknown as ImportDeclaration<unknown>;
  return [
    route({
      method: 'GET',
      url: `${decl.url}/import/template`,
      access,
      handler: async ({ db, session, lang, reply }) => {
        const bytes = await writeTemplate(anyDecl, db, session.companyId, lang);
        await sendXlsx(reply, bytes, `${label(lang, decl.title)} - ${texts(lang).template_file}.xlsx`);
        return undefined;
      },
    }),
    route({
      method: 'POST',
      url: `${decl.url}/import/preview`,
      access,
      body: importUpload,
      bodyLimit: IMPORT_BODY_LIMIT,
      reply: importPreviewReply,
      handler: async ({ db, session, lang, body }) => {
        const checked = await readUpload(decl, db, session.companyId, lang, body.file.contentBase64);
        return {
          rows: checked.rows,
          problemCount: checked.problemCount,
          problems: checked.problems,
          columns: decl.columns.map((c) => ({ key: c.key, header: label(lang, c.label) })),
          sample: checked.sample,
        };
      },
    }),
    route({
      method: 'POST',
      url: `${decl.url}/import`,
      access,
      body: importUpload,
      bodyLimit: IMPORT_BODY_LIMIT,
      reply: importCommitReply,
      handler: async ({ db, session, lang, body, req }) => {
        const checked = await readUpload(decl, db, session.companyId, lang, body.file.contentBase64);
        if (checked.problemCount) {
          const msg = message(lang, 'import_rows_refused', { count: checked.problemCount });
          throw new ApiError(400, 'import_rows_refused', {}, { status: 400, msg, problemCount: checked.problemCount, problems: checked.problems });
        }
        const actor = actorOf(session, req);
        // the rows are one import event in the trail, not one entry a row: the triggers stand aside while they are written
        await db.query(`select set_config('pdpa.actor', '', true)`);
        await decl.insert(db, session.companyId, checked.bodies, { userId: session.userId, lang });
        await actAs(db, actor);
        await db.query(
          `insert into audit_log (company_id, user_id, username, action, entity, record_id, before, after, ip) values ($1, $2, $3, 'import', $4, null, null, $5, $6)`,
          [
            actor.companyId,
            actor.userId,
            actor.username,
            decl.entity,
            JSON.stringify({ count: checked.bodies.length, file: body.file.name }),
            actor.ip,
          ],
        );
        // thousands of new rows: the planner's statistics are gathered once they are committed
        db.afterCommit?.(() =>
          analyzeStale(db).then(
            () => undefined,
            () => undefined,
          ),
        );
        return { imported: checked.bodies.length };
      },
    }),
  ];
}
