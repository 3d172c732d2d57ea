/**
 * DEMO's transfers abroad: the marketing e-mail service in Singapore under the ASEAN model clauses,
 * and the membership system's analytics in a US cloud under binding corporate rules whose
 * certificate runs out within 60 days (so the register, the ROPA and the dashboard warn).
 * `expiresInDays` counts from the day the demo is written.
 */
export interface TransferDemo {
  system: string;
  processor: string | null;
  country: string;
  importer: string;
  categories: string[];
  basis: string;
  evidenceTitle: string;
  signedOn: string;
  expiresInDays: number;
  notes: string;
  document: string;
}

export const TRANSFER_DEMO: Record<string, TransferDemo[]> = {
  DEMO: [
    {
      system: 'ระบบส่งอีเมลการตลาด (MailFlow)',
      processor: 'MailFlow Pte. Ltd.',
      country: 'SG',
      importer: 'MailFlow Pte. Ltd.',
      categories: ['ชื่อ-นามสกุล', 'ที่อยู่และช่องทางติดต่อ'],
      basis: 'standard_clauses',
      evidenceTitle: 'ข้อสัญญามาตรฐานอาเซียน (ASEAN Model Contractual Clauses) แนบท้ายสัญญาประมวลผลข้อมูล',
      signedOn: '2025-02-20',
      expiresInDays: 450,
      notes: 'ส่งชื่อและอีเมลของสมาชิกที่ยินยอมรับข่าวสาร เพื่อส่งอีเมลการตลาดรายสัปดาห์',
      document: 'ASEAN-MCC-MailFlow.pdf',
    },
    {
      system: 'ระบบสมาชิก (CRM)',
      processor: null,
      country: 'US',
      importer: 'Nimbus Cloud Services, Inc.',
      categories: ['ชื่อ-นามสกุล', 'ประวัติการซื้อสินค้า'],
      basis: 'bcr',
      evidenceTitle: 'นโยบายในเครือกิจการ (BCR) ของ Nimbus ที่สำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคลรับรอง',
      signedOn: '2024-04-01',
      expiresInDays: 45,
      notes: 'สำรองข้อมูลสมาชิกและวิเคราะห์การซื้อบนคลาวด์ในสหรัฐอเมริกา ใบรับรองต้องต่ออายุก่อนหมดอายุ',
      document: 'Nimbus-BCR-certificate.pdf',
    },
  ],
};

/** A small real PDF naming the document, so the demo's evidence downloads and passes the content check. */
export const demoPdf = (title: string) => {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};
