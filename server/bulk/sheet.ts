import ExcelJS from 'exceljs';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../contract/bulk';
import { ApiError } from '../http/errors';

/** The cells of a file, row by row (file row numbers: the first row is 1), every cell as trimmed text. */
export interface SheetRows {
  rows: { row: number; cells: string[] }[];
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Decodes the upload's base64 and refuses what is too large before reading a byte of it. */
export function uploadBytes(contentBase64: string): Buffer {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) throw new ApiError(413, 'import_too_large', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
  return bytes;
}

/** A cell's value as the reader sees it: text, a number, a date (yyyy-mm-dd), a formula's result, rich text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<SheetRows> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(415, 'import_file_type');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new ApiError(415, 'import_file_type');
  const rows: SheetRows['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value).trim();
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    if (cells.some(Boolean)) rows.push({ row: number, cells });
  });
  return { rows };
}

/** RFC 4180: commas, quotes doubled inside quoted cells, CRLF or LF; a cell may span lines inside quotes. */
export function parseCsv(text: string): SheetRows {
  const rows: SheetRows['rows'] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowStart = 1;
  const endRow = () => {
    cells.push(cell.trim());
    if (cells.some(Boolean)) rows.push({ row: rowStart, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (c === ',') {
      cells.push(cell.trim());
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowStart = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length) endRow();
  return { rows };
}

function readCsv(bytes: Buffer): SheetRows {
  const body = bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new ApiError(415, 'import_file_type');
  }
  // a binary file (a picture, a PDF, an old .xls) is no CSV, whatever its name says
  // eslint-disable-next-line no-control-regex -- looking for them is the point
  if (/[\u0000-\u0008\u000E-\u001A]/.test(text)) throw new ApiError(415, 'import_file_type');
  return parseCsv(text);
}

/**
 * The rows of an uploaded file, told apart by content: a ZIP that opens as a workbook is XLSX,
 * UTF-8 text (with or without a BOM) is CSV; anything else is refused (415). Too many rows: 413.
 */
export async function readSheet(bytes: Buffer): Promise<SheetRows> {
  if (!bytes.length) throw new ApiError(415, 'import_file_type');
  const sheet = bytes.subarray(0, 4).equals(ZIP) ? await readXlsx(bytes) : readCsv(bytes);
  // a header row in Thai and one in English may come first; the exact count is the import's
  const dataRows = Math.max(sheet.rows.length - 2, 0);
  if (dataRows > IMPORT_MAX_ROWS) throw new ApiError(413, 'import_too_many_rows', { rows: dataRows, max: IMPORT_MAX_ROWS });
  return sheet;
}
