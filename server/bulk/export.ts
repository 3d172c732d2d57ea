import ExcelJS from 'exceljs';
import { EXPORT_MAX_ROWS } from '../../contract/bulk';
import { MAX_PAGE_SIZE } from '../../contract/http';
import { formatDate } from '../../i18n/dates';
import { textAt, type Lang } from '../../i18n';
import listTexts from '../../i18n/lists';
import { actorOf } from '../http/actorDb';
import { ApiError } from '../http/errors';
import { keepRead } from '../http/readLog';
import { route, type RouteContext, type RouteSpec } from '../http/route';
import { auditExport } from '../modules/audit/record';
import { sendXlsx } from './import';

export interface ExportColumn<R> {
  /** i18n key of the header, written in the reader's language */
  label: string;
  /** the cell: text or a number; `date`/`datetime` columns give an ISO instant, written as a Buddhist-era date */
  value(row: R, lang: Lang): string | number | null | undefined;
  kind?: 'date' | 'datetime';
  width?: number;
}

/**
 * A list's export: the list's own route is asked page after page with the query the screen sent
 * (its filters and sort), so the file holds exactly what the list shows, in its order.
 */
export interface ListExport<R> {
  /** the list route (GET) whose query the export takes */
  list: RouteSpec;
  /** the export's URL (`<list>/export`) */
  url: string;
  /** i18n key of what the rows are (the file and sheet name) */
  title: string;
  /** the audit trail's record type of the export */
  entity: string;
  /** how the list pages: react-admin's `range=[from,to]`, or the seed's `currentPage`/`limit` */
  paging: 'range' | 'pages';
  /** the rows of one page of the list's reply */
  rows(reply: Record<string, unknown>): R[];
  columns: readonly ExportColumn<R>[];
}

const label = (lang: Lang, key: string) => textAt(lang, key) ?? key;

/** Headers the list's handler sets on its own reply (Content-Range) are not the file's. */
const headerSink = { header: () => headerSink, code: () => headerSink };

/** Writes the rows, the headers in the reader's language, dates in the Buddhist era (Bangkok). */
export async function writeListXlsx<R>(decl: Pick<ListExport<R>, 'columns' | 'title'>, rows: R[], lang: Lang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(
    label(lang, decl.title)
      .slice(0, 31)
      .replace(/[\\/?*[\]:]/g, ' '),
  );
  sheet.addRow(decl.columns.map((c) => label(lang, c.label))).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      decl.columns.map((c) => {
        const v = c.value(row, lang);
        if (c.kind && typeof v === 'string') return formatDate(v, lang, c.kind === 'datetime');
        if (typeof v === 'string' && /^[=+\-@]/.test(v)) return `'${v}`;
        return v ?? '';
      }),
    );
  }
  decl.columns.forEach((c, i) => (sheet.getColumn(i + 1).width = c.width ?? 24));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  if (rows.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: decl.columns.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The rows of a list as its route pages them, up to EXPORT_MAX_ROWS. */
async function listRows<R>(decl: ListExport<R>, ctx: RouteContext<Record<string, unknown>, unknown, unknown>, readIds: string[]): Promise<R[]> {
  const all: R[] = [];
  for (let page = 0; all.length < EXPORT_MAX_ROWS; page++) {
    const from = page * MAX_PAGE_SIZE;
    const query =
      decl.paging === 'range'
        ? { ...ctx.query, range: [from, from + MAX_PAGE_SIZE - 1] }
        : { ...ctx.query, currentPage: page + 1, limit: MAX_PAGE_SIZE };
    const reply = await decl.list.handler({ ...ctx, query, reply: headerSink as never });
    if (!reply) throw new ApiError(400, 'bad_request');
    const rows = decl.rows(reply);
    all.push(...rows);
    // a list that shows personal data: its export is a read of every row it holds
    if (decl.list.personalData) for (const id of decl.list.personalData.ids({ query, params: ctx.params, result: reply })) if (id) readIds.push(id);
    if (rows.length < MAX_PAGE_SIZE) break;
  }
  return all.slice(0, EXPORT_MAX_ROWS);
}

/** `GET <url>`: the list's query, answered with an XLSX of its rows; one export entry in the audit trail. */
export function listExportRoute<R>(decl: ListExport<R>): RouteSpec {
  if (decl.list.method !== 'GET') throw new Error(`the export ${decl.url} must name a GET list`);
  return route({
    method: 'GET',
    url: decl.url,
    access: decl.list.access,
    query: decl.list.query as never,
    handler: async (ctx) => {
      const typed = ctx as unknown as RouteContext<Record<string, unknown>, unknown, unknown>;
      const readIds: string[] = [];
      const rows = await listRows(decl, typed, readIds);
      if (decl.list.personalData && typed.session)
        keepRead(typed.db, actorOf(typed.session, typed.req), decl.list.personalData.entity, readIds.slice(0, EXPORT_MAX_ROWS), `GET ${decl.url}`);
      const bytes = await writeListXlsx(decl, rows, ctx.lang);
      const { range: _r, currentPage: _p, limit: _l, ...asked } = typed.query;
      await auditExport(ctx, decl.entity, [], { format: 'xlsx', count: rows.length, query: asked });
      const stamp = new Date().toISOString().slice(0, 10);
      await sendXlsx(ctx.reply, bytes, `${label(ctx.lang, decl.title)} - ${listTexts[ctx.lang].lists.export_file} ${stamp}.xlsx`);
      return undefined;
    },
  });
}
