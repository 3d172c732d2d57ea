import ExcelJS from 'exceljs';
import { assessmentExportQuery, type AssessmentDetail } from '../../../contract/assessments';
import { companyDetail } from '../../../contract/company';
import { idParams } from '../../../contract/datamap';
import { formatDate } from '../../../i18n/dates';
import type { Lang } from '../../http/messages';
import { route } from '../../http/route';
import { assessmentPdf, COLOURS, type AssessmentSheet, type Labels } from './pdf';
import { auditExport } from '../audit/record';
import { companyMatrix } from '../risk/matrix';
import { read } from './routes';
import { detailOf, loadAssessment } from './rows';

/** The export's own words, Thai and English (the screens' texts are i18n/assessments.ts). */
const LABELS = {
  th: {
    dpia: 'การประเมินผลกระทบด้านการคุ้มครองข้อมูลส่วนบุคคล (DPIA)',
    lia: 'การประเมินประโยชน์โดยชอบด้วยกฎหมาย (LIA) มาตรา 24(5)',
    company: 'ผู้ควบคุมข้อมูลส่วนบุคคล',
    activity: 'กิจกรรมการประมวลผล',
    round: 'รอบที่',
    template: 'แม่แบบ',
    state: 'สถานะ',
    draft: 'ฉบับร่าง',
    signed: 'ลงนามแล้ว',
    triggers: 'เหตุที่ต้องประเมิน',
    score: 'คะแนน',
    question: 'คำถาม',
    answer: 'คำตอบ',
    section: 'ส่วน',
    yes: 'ใช่',
    no: 'ไม่ใช่',
    none: '-',
    risks: 'ความเสี่ยงต่อเจ้าของข้อมูลส่วนบุคคล',
    risk: 'ความเสี่ยง',
    likelihood: 'โอกาส',
    impact: 'ผลกระทบ',
    level: 'ระดับ',
    residual: 'ความเสี่ยงคงเหลือ',
    measures: 'มาตรการ',
    tests: 'ผลการทดสอบ',
    purpose: 'การทดสอบวัตถุประสงค์',
    necessity: 'การทดสอบความจำเป็น',
    balancing: 'การชั่งน้ำหนักประโยชน์',
    pass: 'ผ่าน',
    fail: 'ไม่ผ่าน',
    result: 'ผลการประเมิน',
    legitimate: 'ใช้ฐานประโยชน์โดยชอบด้วยกฎหมายได้',
    notLegitimate: 'ใช้ฐานประโยชน์โดยชอบด้วยกฎหมายไม่ได้',
    conclusion: 'ข้อสรุป',
    proceed: 'ดำเนินการได้',
    proceedWithMeasures: 'ดำเนินการได้เมื่อมีมาตรการตามที่ระบุ',
    doNotProceed: 'ไม่ควรดำเนินการ',
    summary: 'สรุป',
    opinion: 'ความเห็นของเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล (มาตรา 42)',
    signOff: 'การลงนามรับรอง',
    createdBy: 'ผู้จัดทำ',
    signedBy: 'ผู้ลงนาม',
    on: 'วันที่',
    generated: 'พิมพ์เมื่อ',
    sensitive: 'ข้อมูลอ่อนไหว (มาตรา 26)',
    largeScale: 'เจ้าของข้อมูล 100,000 รายขึ้นไป',
    monitoring: 'การติดตามอย่างเป็นระบบ',
    newTechnology: 'เทคโนโลยีใหม่',
    transfer: 'การโอนข้อมูลไปต่างประเทศ',
    automatedDecisions: 'การตัดสินใจโดยอัตโนมัติ',
  },
  en: {
    dpia: 'Data protection impact assessment (DPIA)',
    lia: 'Legitimate-interest assessment (LIA), s.24(5)',
    company: 'Data controller',
    activity: 'Processing activity',
    round: 'Round',
    template: 'Template',
    state: 'State',
    draft: 'Draft',
    signed: 'Signed',
    triggers: 'Why it is assessed',
    score: 'Score',
    question: 'Question',
    answer: 'Answer',
    section: 'Section',
    yes: 'Yes',
    no: 'No',
    none: '-',
    risks: 'Risks to the data subjects',
    risk: 'Risk',
    likelihood: 'Likelihood',
    impact: 'Impact',
    level: 'Level',
    residual: 'Residual risk',
    measures: 'Measures',
    tests: 'Test results',
    purpose: 'Purpose test',
    necessity: 'Necessity test',
    balancing: 'Balancing test',
    pass: 'Pass',
    fail: 'Fail',
    result: 'Result',
    legitimate: 'Legitimate interest may be relied on',
    notLegitimate: 'Legitimate interest may not be relied on',
    conclusion: 'Conclusion',
    proceed: 'Proceed',
    proceedWithMeasures: 'Proceed with the measures stated',
    doNotProceed: 'Do not proceed',
    summary: 'Summary',
    opinion: "The data protection officer's opinion (s.42)",
    signOff: 'Sign-off',
    createdBy: 'Prepared by',
    signedBy: 'Signed by',
    on: 'On',
    generated: 'Printed',
    sensitive: 'Sensitive data (s.26)',
    largeScale: '100,000 data subjects or more',
    monitoring: 'Systematic monitoring',
    newTechnology: 'New technology',
    transfer: 'Transfer abroad',
    automatedDecisions: 'Automated decisions',
  },
} as const;

export function sheetOf(a: AssessmentDetail, lang: Lang, company: { name: string; address: string }): AssessmentSheet {
  const l: Labels = LABELS[lang];
  const date = (d: string | null) => (d ? formatDate(d, lang, true) : l.none);
  const answerText = (q: AssessmentDetail['sections'][number]['questions'][number]) => {
    const v = a.answers[q.key];
    if (v === null || v === undefined || v === '') return l.none;
    if (typeof v === 'boolean') return v ? l.yes : l.no;
    if (q.kind === 'choice') {
      const c = q.choices.find((x) => x.value === v);
      return c ? (lang === 'en' ? c.labelEn : c.labelTh) : String(v);
    }
    return String(v);
  };
  const meta: [string, string][] = [
    [l.activity, a.activity],
    [l.round, String(a.round)],
    [l.template, `${a.templateName} (v${a.templateVersion})`],
    [l.state, a.state === 'signed' ? l.signed : l.draft],
    [l.score, a.score === null ? l.none : `${a.score}/100`],
  ];
  if (a.kind === 'dpia') meta.push([l.triggers, a.triggers.map((t) => l[t]).join(', ') || l.none]);
  const closing: [string, string][] = [];
  if (a.kind === 'lia') {
    for (const t of ['purpose', 'necessity', 'balancing'] as const) closing.push([l[t], a.tests[t] ? l[a.tests[t]] : l.none]);
    closing.push([l.result, a.liaResult ? l[a.liaResult] : l.none]);
  } else {
    closing.push([l.measures, a.measures || l.none]);
    closing.push([l.residual, a.residualCode ?? l.none]);
    closing.push([l.conclusion, a.conclusion ? l[a.conclusion] : l.none]);
  }
  closing.push([l.summary, a.summary || l.none]);
  closing.push([l.opinion, a.dpoOpinion ? `${a.dpoOpinion}\n— ${a.dpoOpinionBy?.name ?? ''}, ${date(a.dpoOpinion_dt)}` : l.none]);
  closing.push([l.createdBy, `${a.createdBy?.name ?? l.none}, ${date(a.created_dt)}`]);
  closing.push([l.signedBy, a.signedBy ? `${a.signedBy.name}, ${date(a.signed_dt)}` : l.none]);
  return {
    title: l[a.kind],
    company: company.name,
    companyAddress: company.address,
    meta,
    sections: a.sections.map((s) => ({
      title: lang === 'en' ? s.titleEn : s.titleTh,
      rows: s.questions.map((q): [string, string] => [lang === 'en' ? q.textEn : q.textTh, answerText(q)]),
    })),
    risks: a.risks.map((r) => ({
      title: r.title,
      description: r.description,
      rating: `${r.likelihood}×${r.impact}`,
      code: r.code,
      residual: `${r.residualLikelihood}×${r.residualImpact}`,
      residualCode: r.residualCode,
      measures: r.measures,
    })),
    closing,
    generated: formatDate(new Date(), lang, true),
    labels: l,
  };
}

/** The assessment as a workbook: the header and answers, the risks, the sign-off (Tahoma: Thai glyphs on Windows and macOS). */
export async function assessmentXlsx(s: AssessmentSheet): Promise<Buffer> {
  const l = s.labels;
  const wb = new ExcelJS.Workbook();
  wb.creator = s.company;
  const font = { name: 'Tahoma', size: 10 };
  const bold = { ...font, bold: true };
  const ws = wb.addWorksheet(l.answer.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [{ width: 36 }, { width: 60 }, { width: 60 }];
  ws.addRow([s.title]).font = { ...font, size: 14, bold: true };
  ws.addRow([l.company, s.company]).font = font;
  for (const m of s.meta) ws.addRow(m).font = font;
  ws.addRow([]);
  ws.addRow([l.section, l.question, l.answer]).font = bold;
  for (const sec of s.sections)
    for (const [q, a] of sec.rows) {
      const row = ws.addRow([sec.title, q, a]);
      row.font = font;
      row.alignment = { vertical: 'top', wrapText: true };
    }
  const rs = wb.addWorksheet(l.risk.slice(0, 31));
  rs.columns = [{ width: 36 }, { width: 40 }, { width: 12 }, { width: 8 }, { width: 12 }, { width: 8 }, { width: 50 }];
  rs.addRow([l.risk, l.summary, `${l.likelihood}×${l.impact}`, l.level, l.residual, l.level, l.measures]).font = bold;
  for (const r of s.risks) {
    const row = rs.addRow([r.title, r.description, r.rating, r.code, r.residual, r.residualCode, r.measures]);
    row.font = font;
    row.alignment = { vertical: 'top', wrapText: true };
    for (const [i, code] of [
      [4, r.code],
      [6, r.residualCode],
    ] as const) {
      const c = COLOURS[code];
      if (c) row.getCell(i).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${c.fill}` } };
    }
  }
  const ss = wb.addWorksheet(l.signOff.slice(0, 31));
  ss.columns = [{ width: 40 }, { width: 80 }];
  for (const c of s.closing) {
    const row = ss.addRow(c);
    row.font = font;
    row.alignment = { vertical: 'top', wrapText: true };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** `GET /assessments/:id/export?format=pdf|xlsx`: one assessment as a file (recorded in the audit trail as an export). */
export const exportRoutes = [
  route({
    method: 'GET',
    url: '/assessments/:id/export',
    access: read,
    params: idParams,
    query: assessmentExportQuery,
    handler: async ({ db, session, params, query, lang, req, reply }) => {
      const a = detailOf(await loadAssessment(db, session.companyId, params.id, await companyMatrix(db, session.companyId), lang));
      const [company] = await db.query<{ code: string; detail: unknown }>('select code, detail from companies where id = $1', [session.companyId]);
      const detail = companyDetail.parse(company.detail ?? {});
      const sheet = sheetOf(a, lang, {
        name: (lang === 'en' ? detail.nameEn || detail.nameTh : detail.nameTh) || company.code,
        address: detail.address,
      });
      const body = query.format === 'pdf' ? await assessmentPdf(sheet) : await assessmentXlsx(sheet);
      await auditExport({ db, session, req }, 'assessments', [params.id], { format: query.format });
      reply
        .header('content-type', query.format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${a.kind}-${a.round}.${query.format}"`)
        .send(body);
      return undefined;
    },
  }),
];
