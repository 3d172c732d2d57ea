import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { companyDetail } from '../../../contract/company';
import { formatDate } from '../../../i18n/dates';
import retentionTexts from '../../../i18n/retention';
import type { Queryable } from '../../db/client';
import type { Lang } from '../../http/messages';
import { offThread } from '../../pdf/offThread';
import { para, thaiPdfmake } from '../../pdf/thai';
import type { ItemRow } from './rows';

const fill = (template: string, params: Record<string, string>) => template.replace(/%\{(\w+)\}/g, (_, k: string) => params[k] ?? '');

/**
 * The deletion record of a completed item, one A4 page: what was deleted, where, under which rule,
 * when and by whom, how many records, how, and when the backups still holding it expire; dates in the
 * Buddhist era, Bangkok time.
 */
export async function deletionRecord(q: Queryable, companyId: string, item: ItemRow, lang: Lang) {
  const t = retentionTexts[lang].retention;
  const P = t.pdf;
  const [company] = await q.query<{ code: string; detail: unknown }>('select code, detail from companies where id = $1', [companyId]);
  const detail = companyDetail.parse(company.detail);
  const companyName = (lang === 'en' ? detail.nameEn || detail.nameTh : detail.nameTh) || company.code;
  const [rule] = item.rule_id
    ? await q.query<{ period: number; unit: 'days'; start_event: 'collection'; law: string | null; legal_reason: string }>(
        'select period, unit, start_event, law, legal_reason from retention_rules where company_id = $1 and id = $2',
        [companyId, item.rule_id],
      )
    : [];
  const day = (d: string | null) => (d ? formatDate(d, lang) : P.none);
  const action = t.actions[item.end_action];
  const ruleText = rule
    ? [
        fill(t.period_text, { period: String(rule.period), unit: t.units[rule.unit], event: t.events[rule.start_event], action }),
        rule.law && rule.law in t.laws ? t.laws[rule.law as keyof typeof t.laws].name : '',
        rule.legal_reason,
      ]
        .filter(Boolean)
        .join(' · ')
    : P.none;
  const rows: [string, string][] = [
    [P.what, `${item.category_name} · ${item.label}`],
    [P.where, item.system_name],
    [P.rule, ruleText],
    [P.started_on, day(item.started_on)],
    [P.due_on, day(item.due_on)],
    [P.action, action],
    [P.when, item.completed_at ? formatDate(item.completed_at, lang, true) : P.none],
    [P.by, item.completed_name ?? P.none],
    [P.count, Number(item.deleted_count ?? 0).toLocaleString(lang === 'en' ? 'en-GB' : 'th-TH')],
    [P.how, item.note ?? P.none],
    [P.backups, day(item.backups_expire_on)],
    [P.file, item.file_name ?? P.none],
  ];
  return deletionRecordPdf(rows, companyName, detail.address, action, lang);
}

/** The record's page, from its lines (label, value) and the company (on a PDF thread). */
export async function drawDeletionRecord(
  rows: [string, string][],
  companyName: string,
  address: string,
  action: string,
  lang: Lang,
): Promise<Buffer> {
  const P = retentionTexts[lang].retention.pdf;
  const content: Content[] = [
    para(companyName, { bold: true, fontSize: 13 }),
    para(address, { fontSize: 9, margin: [0, 0, 0, 8] }),
    para(P.title, { bold: true, fontSize: 15, alignment: 'center', margin: [0, 6, 0, 0] }),
    para(fill(P.printed, { date: formatDate(new Date(), lang, true) }), { alignment: 'center', fontSize: 9, margin: [0, 0, 0, 8] }),
    {
      table: { widths: [150, '*'], body: rows.map(([k, v]) => [para(k, { bold: true }), para(v || P.none)]) },
      layout: 'lightHorizontalLines',
    },
    para(fill(P.statement, { action }), { margin: [0, 12, 0, 0] }),
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 30, 36, 36],
    info: { title: P.title, creator: companyName },
    defaultStyle: { font: 'SarabunLatin', fontSize: 10, lineHeight: 1.15 },
    footer: (page, pages) => para(`${companyName} · ${P.title} · ${page} / ${pages}`, { fontSize: 7, alignment: 'center' }),
    content,
  };
  return thaiPdfmake().createPdf(doc).getBuffer();
}

const deletionRecordPdf = offThread(import.meta.url, 'drawDeletionRecord', drawDeletionRecord);
