import pdfmake from 'pdfmake';
import { offThread } from '../../pdf/offThread';
import { thaiPdfmake } from '../../pdf/thai';
import type { ContentText, TDocumentDefinitions } from 'pdfmake/interfaces';
import { CERTIFICATE_CODE, idParams, verifyParams, verifyReply } from '../../../contract/quiz';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import type { Lang } from '../../http/messages';
import { route } from '../../http/route';
import { formatDate } from '../../../i18n/dates';
import quizTexts from '../../../i18n/quiz';
import { publicThrottle } from '../dsr/throttle';

// Sarabun's subsets by script (server/pdf/thai.ts); a certificate's few centred lines need no word breaks, so
// its runs split by script alone (pdftotext then reads a name back whole).
const THAI = /([\u0E00-\u0E7F]+)/;
const runs = (text: string, style: Omit<ContentText, 'text'> = {}): ContentText => ({
  ...style,
  text: text
    .split(THAI)
    .filter(Boolean)
    .map((piece) => ({ text: piece, font: THAI.test(piece) ? 'SarabunThai' : 'SarabunLatin' })),
});

export interface CertificateFacts {
  code: string;
  name: string;
  test: string;
  company: string;
  score: number;
  passedAt: string;
}

/** The public page a certificate's link and QR code open (`/certificate/{code}`, src/pages/publicPages.ts). */
export const verifyPageUrl = (appUrl: string, code: string) => `${appUrl.replace(/\/+$/, '')}/certificate/${encodeURIComponent(code)}`;

/**
 * One passed attempt's certificate as a PDF: the person, the test, the score, the date in the Buddhist era, the
 * verification code, and the public page that checks it as a link and a QR code (`verifyUrl`).
 */
export async function drawQuizCertificate(facts: CertificateFacts & { verifyUrl: string }, lang: Lang): Promise<Buffer> {
  thaiPdfmake();
  const t = quizTexts[lang].quiz.certificate;
  const fill = (s: string) => s.replace('%{score}', String(facts.score));
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [60, 60, 60, 60],
    info: { title: `${t.title} — ${facts.name}`, creator: facts.company },
    defaultStyle: { font: 'SarabunLatin', fontSize: 14, alignment: 'center' },
    background: (_page, size) => ({
      canvas: [
        { type: 'rect', x: 20, y: 20, w: size.width - 40, h: size.height - 40, lineWidth: 3, lineColor: '#1565c0' },
        { type: 'rect', x: 28, y: 28, w: size.width - 56, h: size.height - 56, lineWidth: 1, lineColor: '#90caf9' },
      ],
    }),
    content: [
      runs(facts.company, { fontSize: 16, bold: true, margin: [0, 10, 0, 20] }),
      runs(t.title, { fontSize: 30, bold: true, color: '#1565c0', margin: [0, 0, 0, 20] }),
      runs(t.given_to, { margin: [0, 0, 0, 6] }),
      runs(facts.name, { fontSize: 28, color: '#0d47a1', margin: [0, 0, 0, 16] }),
      runs(t.for_passing, { margin: [0, 0, 0, 6] }),
      runs(facts.test, { fontSize: 20, color: '#0d47a1', margin: [0, 0, 0, 10] }),
      runs(fill(t.score), { margin: [0, 0, 0, 6] }),
      runs(`${t.date}: ${formatDate(facts.passedAt, lang)}`, { margin: [0, 0, 0, 16] }),
      {
        columns: [
          { width: '*', text: '' },
          {
            width: 'auto',
            alignment: 'left',
            stack: [
              runs(`${t.code}: ${facts.code}`, { fontSize: 16, bold: true, alignment: 'left' }),
              runs(t.verify_hint, { fontSize: 11, color: '#555555', alignment: 'left', margin: [0, 4, 0, 0] }),
              { text: facts.verifyUrl, link: facts.verifyUrl, font: 'SarabunLatin', fontSize: 11, color: '#1565c0', decoration: 'underline' },
            ],
          },
          { width: 'auto', qr: facts.verifyUrl, fit: 84, margin: [16, 0, 0, 0] },
          { width: '*', text: '' },
        ],
        columnGap: 0,
      },
    ],
  };
  return pdfmake.createPdf(doc).getBuffer();
}

/** The certificate, drawn on a PDF thread. */
export const certificatePdf = offThread(import.meta.url, 'drawQuizCertificate', drawQuizCertificate);

interface CertificateRow {
  code: string;
  name: string;
  test: string;
  company_code: string;
  company_detail: { nameTh?: string; nameEn?: string };
  score: number;
  passed_at: Date | string;
}

const CERTIFICATE_SELECT = `select s.certificate_code as code, coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) as name,
    t.title as test, c.code as company_code, c.detail as company_detail, s.score, s.submitted_at as passed_at
  from quiz_submissions s
  join quiz_attempts a on a.company_id = s.company_id and a.id = s.attempt_id
  join quiz_tests t on t.company_id = a.company_id and t.id = a.test_id
  join users u on u.id = a.user_id
  join companies c on c.id = s.company_id`;

const toFacts = (r: CertificateRow, lang: Lang): CertificateFacts => ({
  code: r.code,
  name: r.name,
  test: r.test,
  company: (lang === 'en' ? r.company_detail.nameEn : r.company_detail.nameTh) || r.company_detail.nameTh || r.company_code,
  score: r.score,
  passedAt: new Date(r.passed_at).toISOString(),
});

async function ownCertificate(q: Queryable, companyId: string, userId: string, attemptId: string) {
  const [row] = await q.query<CertificateRow & { passed: boolean }>(
    `${CERTIFICATE_SELECT.replace('select ', 'select s.passed, ')} where s.company_id = $1 and a.user_id = $2 and s.attempt_id = $3`,
    [companyId, userId, attemptId],
  );
  if (!row) throw notFound();
  if (!row.passed) throw new ApiError(409, 'quiz_no_certificate');
  return row;
}

export const quizCertificateRoutes = (appUrl: string) => [
  // one's own certificate of a passed attempt
  route({
    method: 'GET',
    url: '/knowledge/attempts/:id/certificate',
    access: 'session',
    params: idParams,
    handler: async ({ db, session, params, lang, reply }) => {
      const row = await ownCertificate(db, session.companyId, session.userId, params.id);
      const pdf = await certificatePdf({ ...toFacts(row, lang), verifyUrl: verifyPageUrl(appUrl, row.code) }, lang);
      reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="certificate-${row.code}.pdf"`).send(pdf);
      return undefined;
    },
  }),
  // anyone holding a certificate may check it: the code alone, throttled per address
  route({
    method: 'GET',
    url: '/knowledge/verify/:code',
    access: 'public',
    params: verifyParams,
    reply: verifyReply,
    handler: async ({ db, params, lang, req }) => {
      await publicThrottle(db, `quiz-verify:${req.ip}`, 60, 15);
      if (!CERTIFICATE_CODE.test(params.code)) throw new ApiError(404, 'quiz_certificate_not_found');
      const [row] = await db.query<CertificateRow>(`${CERTIFICATE_SELECT} where s.certificate_code = $1 and s.passed`, [params.code]);
      if (!row) throw new ApiError(404, 'quiz_certificate_not_found');
      return { certificate: toFacts(row, lang) };
    },
  }),
];
