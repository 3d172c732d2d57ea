import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { companyDetail } from '../../../contract/company';
import { toThaiDigits } from '../../../contract/sheetVariables';
import sheetTexts from '../../../i18n/sheets';
import { formatDate } from '../../../i18n/dates';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { fillVariables, knownVariablesIn } from './fill';
import type { SheetPrint } from './pdf';
import type { DocumentRow, VersionRow } from './rows';
import { resolveVariables, type VariableContext } from './variables';

const uploadsOf = (config: Pick<ServerConfig, 'dataDir' | 'cdnHost'>, companyId: string): VariableContext['uploads'] => ({
  dir: join(config.dataDir, 'uploads', companyId),
  url: (file) => `${config.cdnHost}/${companyId}/${encodeURIComponent(file)}`,
});

/** A version's text with its variables filled from the company's live data (what publishing freezes). */
export async function fillVersion(
  q: Queryable,
  config: Pick<ServerConfig, 'dataDir' | 'cdnHost'>,
  companyId: string,
  doc: DocumentRow,
  v: Pick<VersionRow, 'body' | 'title' | 'version'>,
) {
  const ctx: VariableContext = {
    db: q,
    companyId,
    lang: doc.lang,
    now: new Date(),
    uploads: uploadsOf(config, companyId),
    document: { title: v.title, version: v.version, noticeId: doc.notice_id, ropaActivityId: doc.ropa_activity_id, breachId: doc.breach_id },
  };
  const { values, pending } = await resolveVariables(ctx, knownVariablesIn(v.body));
  const { html, missing } = fillVariables(v.body, values, doc.thai_digits);
  return { html, missing: missing.filter((n) => !(pending as string[]).includes(n)), pending: pending as string[] };
}

/** What a preview or an export shows of a version: its frozen text once published, else the live fill. */
export async function printableHtml(q: Queryable, config: ServerConfig, companyId: string, doc: DocumentRow, v: VersionRow) {
  if (v.frozen_html !== null) return { html: v.frozen_html, missing: [], pending: [] };
  return fillVersion(q, config, companyId, doc, v);
}

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];
async function logoDataUrl(dir: string, logo: string | null): Promise<string | null> {
  if (!logo || logo.includes('/') || logo.includes('\\')) return null;
  try {
    const bytes = await readFile(join(dir, logo));
    const is = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
    // pdfmake draws PNG and JPEG; a WebP logo is left out of the letterhead
    if (is(PNG)) return `data:image/png;base64,${bytes.toString('base64')}`;
    if (is(JPEG)) return `data:image/jpeg;base64,${bytes.toString('base64')}`;
  } catch {
    // a logo file gone from disk: the letterhead prints without it
  }
  return null;
}

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/%\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

/** Everything the PDF and the DOCX print around the text: letterhead, footer, page label, in the document's language. */
export async function printInput(
  q: Queryable,
  config: ServerConfig,
  companyId: string,
  doc: DocumentRow,
  v: VersionRow,
  html: string,
): Promise<SheetPrint> {
  const t = sheetTexts[doc.lang].sheets;
  const [company] = await q.query<{ code: string; detail: unknown; logo: string | null }>('select code, detail, logo from companies where id = $1', [
    companyId,
  ]);
  const d = companyDetail.parse(company?.detail ?? {});
  const digits = (s: string) => (doc.thai_digits ? toThaiDigits(s) : s);
  const published = doc.published_version === v.version && v.frozen_html !== null;
  const parts = [
    v.title,
    fill(t.print.version, { version: v.version }),
    t.states[published ? 'published' : doc.version === v.version ? doc.state : 'draft'],
    v.approved_at ? fill(t.print.approved, { name: v.approver ?? '', date: formatDate(v.approved_at, doc.lang) }) : t.print.not_approved,
  ];
  return {
    html,
    title: v.title,
    company: {
      name: (doc.lang === 'en' ? d.nameEn || d.nameTh : d.nameTh || d.nameEn) || company?.code || '',
      address: digits(d.address),
      taxId: d.taxId ? digits(fill(t.print.tax_id, { taxId: d.taxId })) : '',
    },
    logo: await logoDataUrl(uploadsOf(config, companyId).dir, company?.logo ?? null),
    footer: digits(parts.join(' · ')),
    pageLabel: { template: t.print.page, thaiDigits: doc.thai_digits },
  };
}
