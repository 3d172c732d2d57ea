import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import pdfmake from 'pdfmake';
import { offThread } from '../../pdf/offThread';
import { para, thaiPdfmake } from '../../pdf/thai';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { DpoAppointment } from '../../../contract/dpo';
import { formatDate } from '../../../i18n/dates';
import dpoTexts from '../../../i18n/dpo';

type Lang = 'th' | 'en';

export interface OrderCompany {
  name: string;
  nameOther: string;
  address: string;
  taxId: string;
  phone: string;
  email: string;
  website: string;
  /** the logo's file, when it is a PNG or JPEG pdfmake can draw */
  logoPath: string | null;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/%\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** The appointment order (คำสั่งแต่งตั้งเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล) made from the record, on the company's letterhead. */
export async function drawOrder(a: DpoAppointment, company: OrderCompany, lang: Lang): Promise<Buffer> {
  thaiPdfmake();
  const t = (lang === 'en' ? dpoTexts.en : dpoTexts.th).dpo.pdf;
  const kinds = (lang === 'en' ? dpoTexts.en : dpoTexts.th).dpo.kinds;
  const date = (d: string | null) => (d ? formatDate(d, lang) : '');
  const logo = company.logoPath ? await readFile(company.logoPath).catch(() => null) : null;

  const letterhead: Content = {
    columns: [
      ...(logo
        ? [
            {
              image: `data:image/${company.logoPath!.endsWith('.png') ? 'png' : 'jpeg'};base64,${logo.toString('base64')}`,
              fit: [60, 60] as [number, number],
              width: 70,
            },
          ]
        : []),
      {
        width: '*',
        stack: [
          para(company.name, { fontSize: 15, bold: true }),
          ...(company.nameOther ? [para(company.nameOther, { fontSize: 10 })] : []),
          para(company.address, { fontSize: 9 }),
          para(
            [
              company.taxId && `${t.tax_id} ${company.taxId}`,
              company.phone && `${t.phone} ${company.phone}`,
              company.email && `${t.email} ${company.email}`,
            ]
              .filter(Boolean)
              .join('   '),
            { fontSize: 9 },
          ),
        ],
      },
    ],
    columnGap: 10,
    margin: [0, 0, 0, 6],
  };
  const rule: Content = { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 1 }], margin: [0, 0, 0, 14] };

  const appointee =
    a.kind === 'board'
      ? fill(t.appoint_board, { name: a.name })
      : a.kind === 'firm'
        ? fill(t.appoint_firm, { name: a.name, representative: a.representative || '-' })
        : fill(t.appoint_person, { name: a.name, kind: kinds[a.kind] });
  const term = a.termEndsOn
    ? fill(t.term_until, { from: date(a.appointedOn), to: date(a.termEndsOn) })
    : fill(t.term_open, { from: date(a.appointedOn) });
  const members: Content[] =
    a.kind === 'board'
      ? [
          {
            table: {
              headerRows: 1,
              widths: [24, '*', 160],
              body: [
                [para(t.no, { bold: true }), para(t.member, { bold: true }), para(t.position, { bold: true })],
                ...a.members.map((m, i) => [para(String(i + 1)), para(m.name), para(m.position || '-')]),
              ],
            },
            margin: [20, 4, 0, 10],
          },
        ]
      : [];
  const contactLines = [
    a.contact.email && `${t.email} ${a.contact.email}`,
    a.contact.phone && `${t.phone} ${a.contact.phone}`,
    a.contact.address && `${t.address} ${a.contact.address}`,
  ].filter(Boolean) as string[];

  const content: Content[] = [
    letterhead,
    rule,
    para(fill(t.heading, { company: company.name }), { fontSize: 16, bold: true, alignment: 'center' }),
    para(a.orderNo ? fill(t.order_no, { no: a.orderNo }) : t.order_no_blank, { fontSize: 13, alignment: 'center' }),
    para(t.subject, { fontSize: 13, bold: true, alignment: 'center', margin: [0, 0, 0, 14] }),
    para(fill(t.preamble, { company: company.name }), { margin: [30, 0, 0, 8], alignment: 'justify' }),
    para(appointee, { margin: [30, 0, 0, 6], alignment: 'justify' }),
    ...members,
    para(term, { margin: [30, 0, 0, 8] }),
    ...(a.sharedWithGroup
      ? [
          para(fill(t.group_shared, { group: a.groupName }), { margin: [30, 0, 0, a.groupCompanies ? 2 : 8], alignment: 'justify' }),
          ...(a.groupCompanies
            ? [para(fill(t.group_companies, { companies: a.groupCompanies }), { margin: [30, 0, 0, 8], alignment: 'justify' })]
            : []),
        ]
      : []),
    para(t.duties_heading, { bold: true, margin: [0, 4, 0, 2] }),
    para(a.duties || t.duties_default, { margin: [30, 0, 0, 8], alignment: 'justify' }),
    para(t.contact_heading, { bold: true, margin: [0, 4, 0, 2] }),
    ...contactLines.map((l) => para(l, { margin: [30, 0, 0, 0] })),
    para(t.effective, { margin: [30, 10, 0, 0] }),
    para(fill(t.given_on, { date: date(a.appointedOn) }), { margin: [0, 24, 0, 40], alignment: 'center' }),
    para('(.............................................................)', { alignment: 'center' }),
    para(t.signatory, { alignment: 'center' }),
    para(company.name, { alignment: 'center' }),
    ...(a.officeInformedOn
      ? [para(fill(t.informed, { date: date(a.officeInformedOn) }), { fontSize: 9, margin: [0, 30, 0, 0], color: '#444444' })]
      : []),
  ];

  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    info: { title: `${t.subject} — ${a.name}`, creator: company.name },
    defaultStyle: { font: 'SarabunLatin', fontSize: 11, lineHeight: 1.25 },
    content,
  };
  return pdfmake.createPdf(doc).getBuffer();
}

/** Where the logo lives, when it is a kind pdfmake draws (WebP is not). */
export const drawableLogo = (dir: string, logo: string | null) =>
  logo && /\.(png|jpe?g)$/i.test(logo) && !logo.includes(sep) ? join(dir, logo) : null;

/** The order, drawn on a PDF thread. */
export const renderOrderPdf = offThread(import.meta.url, 'drawOrder', drawOrder);
