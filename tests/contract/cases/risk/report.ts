import ExcelJS from 'exceljs';
import { beforeAll, describe, expect } from 'vitest';
import { th, en } from '../../../../i18n';
import type { Reply } from '../../client';
import { expectInvalidField, expectMessage, type Ctx } from '../../expectations';
import { kinds } from '../../kinds';
import { XLSX, NOBODY, riskApi } from './helpers';

/** Risk management: the report of evaluations (XLSX, PDF). */
export function riskReportCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const { admin, createEvent, createEvaluation, exportFile } = riskApi(ctx);

  describe('POST /datarisk/evaluation/export', () => {
    const ids = { first: '', second: '', event: '' };
    beforeAll(async () => {
      const event = await createEvent('ส่งออก: ลูกค้าขอลบข้อมูลแต่ระบบยังเก็บไว้', { confidentiality: true, integrity: false, availability: false });
      ids.event = event._id;
      ids.first = (
        await createEvaluation({
          name: 'รายงานส่งออก ก',
          status: 'completed',
          items: [
            {
              riskId: event._id,
              ratings: { 'risk-customer': { likelihood: 4, impact: 4 } },
              owner: 'ฝ่ายบริการลูกค้า',
              treatment: 'avoid',
              planText: 'ลบข้อมูลภายใน 30 วัน',
              dueDate: '2026-12-01',
            },
          ],
        })
      ).id;
      ids.second = (await createEvaluation({ name: 'รายงานส่งออก ข', items: [] })).id;
    });
    const expectFile = (reply: Reply, type: string, extension: string) => {
      expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
      expect(reply.headers.get('content-type')).toBe(type);
      expect(reply.headers.get('content-disposition')).toMatch(new RegExp(`^attachment;.*filename="?[^"]+\\.${extension}"?`));
    };

    rule.it('sends an XLSX (the default) with a sheet per evaluation and its rows', async () => {
      const reply = await exportFile([ids.first, ids.second]);
      expectFile(reply, XLSX, 'xlsx');
      expect(reply.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(reply.bytes as unknown as ArrayBuffer);
      expect(wb.worksheets.map((ws) => ws.name)).toEqual(['รายงานส่งออก ก', 'รายงานส่งออก ข']);
      const cells = (ws: ExcelJS.Worksheet) => {
        const out: string[] = [];
        ws.eachRow((row) => row.eachCell((cell) => out.push(String(cell.value))));
        return out;
      };
      const first = cells(wb.worksheets[0]);
      expect(first).toContain('ส่งออก: ลูกค้าขอลบข้อมูลแต่ระบบยังเก็บไว้');
      expect(first).toContain('ฝ่ายบริการลูกค้า');
      expect(first).toContain(th.risk.start.treatments.avoid);
      expect(first).toContain('VH');
      expect(cells(wb.worksheets[1])).toContain(th.risk.report.none);
      expect(first.join(' ')).toContain('บริษัท ไทยดิจิทัลเซอร์วิส จำกัด');

      expectFile(await exportFile([ids.first], 'xlsx'), XLSX, 'xlsx');
    });

    rule.it('sends a PDF when asked', async () => {
      const reply = await exportFile([ids.first, ids.second], 'pdf');
      expectFile(reply, 'application/pdf', 'pdf');
      expect(reply.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(reply.bytes.length).toBeGreaterThan(1000);
    });

    rule.it('words the report in English when asked', async () => {
      const reply = await ctx.api.post('/datarisk/evaluation/export', { riskIds: [ids.first] }, { token: admin(), lang: 'en' });
      expectFile(reply, XLSX, 'xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(reply.bytes as unknown as ArrayBuffer);
      const values: string[] = [];
      wb.worksheets[0].eachRow((row) => row.eachCell((cell) => values.push(String(cell.value))));
      expect(values).toContain(en.risk.report.event);
      expect(values).toContain(en.risk.start.treatments.avoid);
    });

    rule.it('refuses no ids, ids that are not uuids and an unknown format (400); an unknown id is 404', async () => {
      expectInvalidField(await exportFile([]), 'riskIds');
      expectInvalidField(await ctx.api.post('/datarisk/evaluation/export', {}, { token: admin() }), 'riskIds');
      expectInvalidField(await exportFile(ids.first), 'riskIds');
      expectInvalidField(await exportFile(['abc']), 'riskIds.0');
      expectInvalidField(await exportFile([ids.first], 'docx'), 'format');
      expectInvalidField(await exportFile(Array.from({ length: 101 }, () => ids.first)), 'riskIds');
      expectMessage(await exportFile([NOBODY]), 404, 'not_found');
      expectMessage(await exportFile([ids.first, NOBODY], 'pdf'), 404, 'not_found');
      // an event's id is no evaluation's
      expectMessage(await exportFile([ids.event]), 404, 'not_found');
    });
  });
}
