import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderReport, type ReportEvaluation, type ReportItem, type ReportLabels } from './report';

const EVENT = 'ข้อมูลลูกค้ารั่วไหลผ่านอีเมล';
const labels: ReportLabels = {
  title: 'รายงานการประเมินความเสี่ยง',
  company: 'บริษัท',
  generatedAt: 'สร้างเมื่อ',
  evaluation: 'การประเมิน',
  status: 'สถานะ',
  created: 'วันที่สร้าง',
  updated: 'แก้ไขล่าสุด',
  event: 'เหตุการณ์ความเสี่ยง',
  cia: 'CIA',
  category: 'หมวดหมู่',
  likelihood: 'โอกาส',
  impact: 'ผลกระทบ',
  code: 'ระดับ',
  owner: 'ผู้รับผิดชอบ',
  treatment: 'การจัดการ',
  plan: 'แผนดำเนินการ',
  dueDate: 'กำหนดเสร็จ',
  residual: 'ความเสี่ยงคงเหลือ',
  none: 'ไม่มีรายการ',
};
const item: ReportItem = {
  event: EVENT,
  cia: { confidentiality: true, integrity: true, availability: false },
  ratings: [
    { categoryName: 'ด้านการเงิน', likelihood: 5, impact: 5, code: 'VH' },
    { categoryName: 'ด้านชื่อเสียง', likelihood: 2, impact: 3, code: 'M' },
  ],
  code: 'VH',
  owner: 'สมชาย ใจดี',
  treatment: 'ลดความเสี่ยง',
  plan: 'เข้ารหัสไฟล์แนบทุกฉบับและอบรมพนักงานเรื่องการคุ้มครองข้อมูลส่วนบุคคล',
  dueDate: '31 ธันวาคม 2569',
  residual: { likelihood: 2, impact: 2, code: 'L' },
};
const LONG_NAME = 'ประเมินประจำปี 2569 / ฝ่ายขาย [รอบที่ 1] และฝ่ายบริการลูกค้า';
const evaluations: ReportEvaluation[] = [
  // the same long name twice, with characters Excel forbids: the sheet names must still be valid and distinct
  { name: LONG_NAME, status: 'ฉบับร่าง', created: '1 มกราคม 2569', updated: '2 มกราคม 2569', items: [item] },
  { name: LONG_NAME, status: 'เสร็จสิ้น', created: '1 มกราคม 2569', updated: '1 มกราคม 2569', items: [] },
];
const input = { companyName: 'บริษัท ตัวอย่าง จำกัด', generatedAt: '1 มกราคม 2569 10:30', evaluations, labels };

function hasCommand(name: string) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('renderReport', () => {
  it('writes an XLSX with one sheet per evaluation, Thai text and coloured codes', async () => {
    const out = await renderReport(input, 'xlsx');
    expect(out.extension).toBe('xlsx');
    expect(out.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(out.body as unknown as ArrayBuffer);
    expect(wb.worksheets).toHaveLength(2);
    const names = wb.worksheets.map((ws) => ws.name);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(2);
    for (const name of names) expect(name).toMatch(/^[^[\]:*?/\\]{1,31}$/);

    const [first, empty] = wb.worksheets;
    expect(first.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    const header = first.getRow(3);
    expect(header.getCell(1).value).toBe(labels.event);
    expect(header.getCell(1).font?.bold).toBe(true);
    // one row per rated category
    const rows = [first.getRow(4), first.getRow(5)];
    expect(rows.map((r) => r.getCell(1).value)).toEqual([EVENT, EVENT]);
    expect(rows.map((r) => r.getCell(3).value)).toEqual(['ด้านการเงิน', 'ด้านชื่อเสียง']);
    const [vh, m] = rows.map((r) => r.getCell(6));
    expect(vh.value).toBe('VH');
    expect(vh.fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFF0000' } });
    expect(m.fill).toMatchObject({ fgColor: { argb: 'FFFFFF00' } });
    expect(rows[0].getCell(2).value).toBe('C, I');
    expect(rows[0].getCell(7).value).toBe('สมชาย ใจดี');
    expect(rows[0].getCell(10).value).toBe('31 ธันวาคม 2569');
    expect(rows[0].getCell(11).value).toBe('2×2=L');
    expect(rows[0].getCell(1).font?.name).toBe('Tahoma');
    expect(first.getColumn(9).width).toBeGreaterThan(20);

    expect(empty.getRow(4).getCell(1).value).toBe(labels.none);
  });

  it('writes a PDF with the Sarabun fonts embedded and the Thai text drawn', async () => {
    const out = await renderReport(input, 'pdf');
    expect(out.extension).toBe('pdf');
    expect(out.contentType).toBe('application/pdf');
    expect(out.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = out.body.toString('latin1');
    expect(raw).toMatch(/\/FontFile[23]?\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Sarabun-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Sarabun-Bold/);
    expect(raw).not.toMatch(/Helvetica|Roboto/);

    if (!hasCommand('pdftotext')) return; // poppler-utils not installed: the bytes above are all we can check
    const dir = mkdtempSync(join(tmpdir(), 'risk-report-'));
    try {
      writeFileSync(join(dir, 'r.pdf'), out.body);
      const text = execFileSync('pdftotext', [join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      // word breaks between Thai words come out as spaces, and a cell may wrap: compare without whitespace
      const squeezed = text.replace(/\s+/g, '');
      expect(squeezed).toContain(EVENT);
      expect(squeezed).toContain('สมชายใจดี');
      expect(squeezed).toContain('31ธันวาคม2569');
      expect(squeezed).toContain(labels.none);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
