import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import { readOutbox } from '../../../server/mail';
import { serverMessage } from '../../../server/http/messages';
import type { Reply } from '../client';
import { expectFailure, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { makePng } from '../png';

const HEAD_TH = ['ชื่อระบบหรือชุดข้อมูล', 'หน่วยงานเจ้าของ', 'ประเภทข้อมูลส่วนบุคคล', 'ที่ตั้ง/ไม่รู้จัก'];
const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');
const upload = (bytes: Buffer | string, name = 'systems.csv') => ({ file: { name, contentBase64: b64(bytes) } });
const csv = (rows: string[][], bom = true) =>
  (bom ? '\uFEFF' : '') + rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') + '\r\n';

async function readBook(reply: Reply) {
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  expect(reply.headers.get('content-type')).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(reply.bytes as unknown as ArrayBuffer);
  return book;
}
const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)));

/** Bulk import, the generic piece as the data map's systems use it; list export; saved filters. */
export function bulkCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const demoId = async () => (await ctx.db!.query<{ id: string }>(`select id from companies where code = 'DEMO'`))[0].id;
  const countNamed = async (prefix: string) =>
    (await ctx.db!.query<{ n: number }>(`select count(*)::int as n from datamap_systems where name like $1`, [`${prefix}%`]))[0].n;
  const choices = async () => {
    const company = await demoId();
    const [dept] = await ctx.db!.query<{ id: string; name: string }>(`select id, name from departments where company_id = $1 order by name limit 1`, [
      company,
    ]);
    const cats = await ctx.db!.query<{ id: string; name: string }>(
      `select id, name from data_categories where company_id = $1 order by name limit 2`,
      [company],
    );
    return { dept, cats };
  };
  let n = 0;
  const unique = (label: string) => `นำเข้า ${label} ${Date.now().toString(36)}${(n++).toString(36)}`;

  describe('bulk import and list export', () => {
    rule.it("gives a template with Thai and English headers, an example row and the company's allowed values", async () => {
      const book = await readBook(await ctx.api.get('/datamap-systems/import/template', { token: admin() }));
      const [data, example, allowed] = book.worksheets;
      expect(data.name).toBe('ข้อมูล');
      expect(rowValues(data, 1)[0]).toBe('ชื่อระบบหรือชุดข้อมูล *');
      expect(rowValues(data, 2)[0]).toBe('System or data set *');
      expect(rowValues(example, 3)[0]).toBe('ระบบบริหารงานบุคคล (HRIS)');
      const { dept } = await choices();
      const listed = allowed.getColumn(1).values.map(String);
      expect(listed).toContain(dept.name);
      // SIAM's departments are not DEMO's choices
      const siam = await ctx.db!.query<{ name: string }>(
        `select d.name from departments d join companies c on c.id = d.company_id where c.code = 'SIAM'`,
      );
      for (const d of siam.filter((s) => !listed.includes(s.name))) expect(listed).not.toContain(d.name);
    });

    rule.it("previews a CSV (UTF-8 with a BOM) with each bad row's row, column and reason; writes nothing", async () => {
      const { dept, cats } = await choices();
      const good = unique('ดี');
      const file = csv([
        HEAD_TH.slice(0, 3),
        [good, dept.name, cats.map((c) => c.name).join(', ')],
        ['', dept.name, ''],
        [unique('ผิด'), dept.name, 'ไม่มีประเภทนี้'],
      ]);
      const reply = await ctx.api.post('/datamap-systems/import/preview', upload(file), { token: admin() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.rows).toBe(3);
      expect(reply.body.problems).toEqual([
        { row: 3, column: 'ชื่อระบบหรือชุดข้อมูล', message: serverMessage('th', 'import_required') },
        { row: 4, column: 'ประเภทข้อมูลส่วนบุคคล', message: serverMessage('th', 'import_not_found', { value: 'ไม่มีประเภทนี้' }) },
      ]);
      expect(reply.body.sample[0].name).toBe(good);
      const en = await ctx.api.post('/datamap-systems/import/preview', upload(file), { token: admin(), lang: 'en' });
      expect(en.body.problems[1]).toEqual({ row: 4, column: 'Personal data categories', message: '"ไม่มีประเภทนี้" is not in the company\'s list' });
      expect(await countNamed(good)).toBe(0);
    });

    rule.it('refuses the whole file when one row is bad: nothing written, the problems in the 400', async () => {
      const { dept } = await choices();
      const good = unique('ครบ');
      const file = csv([HEAD_TH.slice(0, 2), [good, dept.name], [unique('ยาว'), 'x'.repeat(10)]]);
      const reply = await ctx.api.post('/datamap-systems/import', upload(file), { token: admin() });
      expectMessage(reply, 400, 'import_rows_refused', 'th', { count: 1 });
      expect(reply.body.problems).toEqual([
        { row: 3, column: 'หน่วยงานเจ้าของ', message: serverMessage('th', 'import_not_found', { value: 'x'.repeat(10) }) },
      ]);
      expect(await countNamed(good)).toBe(0);
    });

    rule.it("refuses another company's ids (a SIAM department's id in DEMO's file)", async () => {
      const [siamDept] = await ctx.db!.query<{ id: string }>(
        `select d.id from departments d join companies c on c.id = d.company_id where c.code = 'SIAM' limit 1`,
      );
      const name = unique('สยาม');
      const reply = await ctx.api.post('/datamap-systems/import', upload(csv([HEAD_TH.slice(0, 2), [name, siamDept.id]])), { token: admin() });
      expect(reply.status).toBe(400);
      expect(reply.body.problems[0]).toMatchObject({ row: 2, column: 'หน่วยงานเจ้าของ' });
      expect(await countNamed(name)).toBe(0);
    });

    rule.it('imports every row of an XLSX (Thai and English header rows) and a CSV without a BOM, in one import event each', async () => {
      const { dept, cats } = await choices();
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('ข้อมูล');
      sheet.addRow(['ชื่อระบบหรือชุดข้อมูล *', 'หน่วยงานเจ้าของ', 'ประเภทข้อมูลส่วนบุคคล', 'คำอธิบาย']);
      sheet.addRow(['System or data set *', 'Owner department', 'Personal data categories', 'Description']);
      const names = [unique('ก'), unique('ข')];
      sheet.addRow([names[0], dept.name, cats[0].name, 'ข้อมูล "ภาษาไทย" ครบถ้วน']);
      sheet.addRow([names[1], dept.id, `${cats[0].name}, ${cats[1].name}`, '']);
      const bytes = Buffer.from(await book.xlsx.writeBuffer());
      const company = await demoId();
      const [{ last }] = await ctx.db!.query<{ last: string }>(`select coalesce(max(id), 0)::text as last from audit_log`);
      const reply = await ctx.api.post('/datamap-systems/import', upload(bytes, 'systems.xlsx'), { token: admin() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.imported).toBe(2);
      const list = await ctx.api.get(`/datamap-systems?${new URLSearchParams({ filter: JSON.stringify({ search: names[0] }) })}`, { token: admin() });
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0]).toMatchObject({
        name: names[0],
        departmentId: dept.id,
        description: 'ข้อมูล "ภาษาไทย" ครบถ้วน',
        categoryIds: [cats[0].id],
      });
      const trail = await ctx.db!.query<{ action: string; entity: string; after: { count: number } }>(
        `select action, entity, after from audit_log where id > $1 and company_id = $2 and entity like 'datamap%'`,
        [last, company],
      );
      expect(trail).toEqual([{ action: 'import', entity: 'datamap_systems', after: { count: 2, file: 'systems.xlsx' } }]);

      const plain = unique('ไม่มี BOM');
      const again = await ctx.api.post(
        '/datamap-systems/import',
        upload(
          csv(
            [
              ['name', 'description'],
              [plain, 'ภาษาไทยไม่มี BOM'],
            ],
            false,
          ),
        ),
        { token: admin() },
      );
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const [row] = await ctx.db!.query<{ description: string }>(`select description from datamap_systems where name = $1`, [plain]);
      expect(row.description).toBe('ภาษาไทยไม่มี BOM');
    });

    rule.it('reads the file by its content: a picture or a ZIP named .xlsx, or a binary named .csv, is refused (415)', async () => {
      const png = makePng(2, 2, () => [0, 0, 0]);
      expectMessage(await ctx.api.post('/datamap-systems/import/preview', upload(png, 'systems.xlsx'), { token: admin() }), 415, 'import_file_type');
      const zipNotBook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]);
      expectMessage(await ctx.api.post('/datamap-systems/import', upload(zipNotBook, 'systems.xlsx'), { token: admin() }), 415, 'import_file_type');
      expectMessage(
        await ctx.api.post('/datamap-systems/import', upload(Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'a.csv'), { token: admin() }),
        415,
        'import_file_type',
      );
      expectFailure(await ctx.api.post('/datamap-systems/import', { file: { name: 'a.csv', contentBase64: '***' } }, { token: admin() }), 400);
    });

    rule.it('refuses more than 5,000 rows, and a viewer (403)', async () => {
      const rows = Array.from({ length: 5001 }, (_, i) => [`แถว ${i}`]);
      expectMessage(
        await ctx.api.post('/datamap-systems/import/preview', upload(csv([['name'], ...rows])), { token: admin() }),
        413,
        'import_too_many_rows',
        'th',
        {
          rows: 5001,
          max: 5000,
        },
      );
      expectFailure(await ctx.api.post('/datamap-systems/import', upload(csv([['name'], ['x']])), { token: ctx.demoViewer.access_token }), 403);
      // a file over 5 MB is refused whole, before a row is read; one of 2 MB is read (its bad rows named)
      const big = Buffer.alloc(5 * 1024 * 1024 + 1, 'a');
      expectMessage(await ctx.api.post('/datamap-systems/import/preview', upload(big), { token: admin() }), 413, 'import_too_large', 'th', { mb: 5 });
      const twoMb = csv([['name', 'description'], ...Array.from({ length: 1000 }, (_, i) => [`ยาว ${i}`, 'ก'.repeat(700)])]);
      const read = await ctx.api.post('/datamap-systems/import/preview', upload(twoMb), { token: admin() });
      expect(read.status, JSON.stringify(read.body).slice(0, 300)).toBe(200);
      expect(read.body).toMatchObject({ rows: 1000, problemCount: 0 });
    });

    rule.it("exports what the list shows (its filter and sort) as XLSX: headers in the reader's language, Buddhist-era dates", async () => {
      const filter = JSON.stringify({ search: 'นำเข้า' });
      const sort = JSON.stringify(['name', 'DESC']);
      const shown = await ctx.api.get(`/datamap-systems?${new URLSearchParams({ filter, sort, range: '[0,99]' })}`, { token: admin() });
      const names = (shown.body.data as { name: string }[]).map((r) => r.name);
      expect(names.length).toBeGreaterThan(1);
      const book = await readBook(await ctx.api.get(`/datamap-systems/export?${new URLSearchParams({ filter, sort })}`, { token: admin() }));
      const sheet = book.worksheets[0];
      expect(rowValues(sheet, 1)[0]).toBe('ชื่อระบบหรือชุดข้อมูล');
      const exported = Array.from({ length: sheet.rowCount - 1 }, (_, i) => rowValues(sheet, i + 2)[0]);
      expect(exported).toEqual(names);
      const dateCell = rowValues(sheet, 2).at(-1)!;
      expect(dateCell).toMatch(/25\d\d$/);
      const en = await readBook(
        await ctx.api.get(`/datamap-systems/export?${new URLSearchParams({ filter, sort })}`, { token: admin(), lang: 'en' }),
      );
      expect(rowValues(en.worksheets[0], 1)[0]).toBe('System or data set');
      expect(rowValues(en.worksheets[0], 2).at(-1)).toMatch(/25\d\d BE$/);
    });

    rule.it("keeps a person's saved filters to that person: others never see them; a name once per list", async () => {
      const name = unique('ตัวกรอง');
      const body = { list: 'datamap-systems', name, filter: { search: 'ระบบ', sensitive: true } };
      const saved = await ctx.api.post('/saved-filters', body, { token: admin() });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ list: 'datamap-systems', name, filter: { search: 'ระบบ', sensitive: true } });
      const mine = await ctx.api.get('/saved-filters?list=datamap-systems', { token: admin() });
      expect(mine.body.data.map((f: { name: string }) => f.name)).toContain(name);
      for (const other of [ctx.demoViewer, ctx.siamAdmin]) {
        const theirs = await ctx.api.get('/saved-filters?list=datamap-systems', { token: other.access_token });
        expect(theirs.status).toBe(200);
        expect(theirs.body.data.map((f: { name: string }) => f.name)).not.toContain(name);
        expectFailure(await ctx.api.delete(`/saved-filters/${saved.body.data.id}`, { token: other.access_token }), 404);
      }
      expectMessage(await ctx.api.post('/saved-filters', { ...body, filter: {} }, { token: admin() }), 409, 'saved_filter_exists');
      expect((await ctx.api.get('/saved-filters?list=breaches', { token: admin() })).body.data.map((f: { name: string }) => f.name)).not.toContain(
        name,
      );
      expect((await ctx.api.delete(`/saved-filters/${saved.body.data.id}`, { token: admin() })).status).toBe(200);
      expect(
        (await ctx.api.get('/saved-filters?list=datamap-systems', { token: admin() })).body.data.map((f: { name: string }) => f.name),
      ).not.toContain(name);
      expectFailure(await ctx.api.get('/saved-filters?list=breaches', { token: ctx.demoContact.access_token }), 403);
    });

    rule.it('imports ROPA activities as drafts (a Buddhist-era review date, a role by its Thai name) and bank questions', async () => {
      const { dept, cats } = await choices();
      const name = unique('กิจกรรม');
      const file = csv([
        ['ชื่อกิจกรรมการประมวลผล', 'บทบาทขององค์กร', 'หน่วยงานที่รับผิดชอบ', 'ประเภทข้อมูลส่วนบุคคล', 'วันที่ต้องทบทวน'],
        [name, 'ผู้ประมวลผลข้อมูลส่วนบุคคล', dept.name, cats[0].name, '31/12/2570'],
      ]);
      const reply = await ctx.api.post('/ropa/activity/import', upload(file), { token: admin() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const [row] = await ctx.db!.query<{ role: string; state: string; review_date: string; department_id: string }>(
        `select role, state, review_date::text, department_id from ropa_activities where name = $1`,
        [name],
      );
      expect(row).toEqual({ role: 'processor', state: 'draft', review_date: '2027-12-31', department_id: dept.id });
      // several rows in one file: each activity with its own links (none paired with another row's), its missing
      // s.39 items counted as the form's save counts the same record, its author
      const systems = await ctx.db!.query<{ id: string; name: string }>(
        `select id, name from datamap_systems where company_id = $1 order by name limit 2`,
        [await demoId()],
      );
      const names = [unique('หลายแถว'), unique('หลายแถว'), unique('หลายแถว')];
      const linked = [
        { systems: [systems[0]], categories: [cats[0]] },
        { systems: [systems[1]], categories: [cats[1]] },
        { systems: [systems[0], systems[1]], categories: [cats[0], cats[1]] },
      ];
      const many = csv([
        ['name', 'departmentId', 'systemIds', 'categoryIds'],
        ...names.map((name, k) => [
          name,
          dept.name,
          linked[k].systems.map((x) => x.name).join(', '),
          linked[k].categories.map((x) => x.name).join(', '),
        ]),
      ]);
      const several = await ctx.api.post('/ropa/activity/import', upload(many), { token: admin() });
      expect(several.status, JSON.stringify(several.body)).toBe(200);
      const written = (name: string) =>
        ctx.db!.query<{ missing_count: number; systems: string[]; categories: string[]; authored: boolean }>(
          `select a.missing_count,
                  array(select system_id::text from ropa_activity_systems s where s.activity_id = a.id and s.company_id = a.company_id order by 1) as systems,
                  array(select category_id::text from ropa_activity_categories c where c.activity_id = a.id order by 1) as categories,
                  a.created_by is not null and a.content_by = a.created_by as authored
             from ropa_activities a where a.name = $1`,
          [name],
        );
      for (const [k, name] of names.entries()) {
        const saved = await ctx.api.post(
          '/ropa/activity',
          {
            name: unique('ฟอร์ม'),
            role: 'controller',
            departmentId: dept.id,
            systemIds: linked[k].systems.map((x) => x.id),
            categoryIds: linked[k].categories.map((x) => x.id),
            record: {},
          },
          { token: admin() },
        );
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const [[imported], [formSaved]] = await Promise.all([written(name), written(saved.body.data.name)]);
        expect(imported).toEqual(formSaved);
        expect(imported.systems).toEqual(linked[k].systems.map((x) => x.id).sort());
        expect(imported.categories).toEqual(linked[k].categories.map((x) => x.id).sort());
        expect(imported.authored).toBe(true);
        // an empty record lacks most s.39 items: counted, not left at 0
        expect(imported.missing_count).toBeGreaterThan(3);
      }

      const bad = csv([
        ['ชื่อกิจกรรมการประมวลผล', 'บทบาทขององค์กร', 'วันที่ต้องทบทวน'],
        [unique('บทบาท'), 'ผู้ตรวจสอบ', '2027-02-30'],
      ]);
      const refused = await ctx.api.post('/ropa/activity/import', upload(bad), { token: admin() });
      expect(refused.status).toBe(400);
      expect(refused.body.problems[0]).toEqual({
        row: 2,
        column: 'บทบาทขององค์กร',
        message: serverMessage('th', 'import_not_allowed', { value: 'ผู้ตรวจสอบ' }),
      });

      const text = unique('คำถาม');
      const questions = csv([
        ['หัวข้อ', 'รูปแบบ', 'คำถาม (ไทย)', 'ตัวเลือกที่ 1 (ไทย)', 'ตัวเลือกที่ 2 (ไทย)', 'ตัวเลือกที่ 3 (ไทย)', 'ข้อที่ถูก (เลขตัวเลือก คั่นด้วย ,)', 'คำอธิบาย (ไทย)'],
        ['ความยินยอม', 'เลือกได้หลายข้อ', text, 'ก', 'ข', 'ค', '1,3', 'มาตรา 19'],
        ['consent', 'single', unique('ผิด'), 'ก', 'ข', '', '3', 'มาตรา 19'],
      ]);
      const preview = await ctx.api.post('/knowledge/questions/import/preview', upload(questions), { token: admin() });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.problems).toEqual([
        { row: 3, column: 'ข้อที่ถูก (เลขตัวเลือก คั่นด้วย ,)', message: serverMessage('th', 'quiz_correct_out_of_range') },
      ]);
      const ok = await ctx.api.post('/knowledge/questions/import', upload(questions.split('\r\n').slice(0, 2).join('\r\n')), { token: admin() });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const [q] = await ctx.db!.query<{ kind: string; correct: number[]; choices: { th: string }[] }>(
        `select kind, correct, choices from quiz_questions where text->>'th' = $1`,
        [text],
      );
      expect(q).toMatchObject({ kind: 'multiple', correct: [0, 2] });
      expect(q.choices.map((c) => c.th)).toEqual(['ก', 'ข', 'ค']);
    });

    rule.it(
      "imports processors with their agreements: a name taken or given twice is its row's problem, nothing written until all pass",
      async () => {
        const company = await demoId();
        const [taken] = await ctx.db!.query<{ name: string }>(`select name from processors where company_id = $1 order by name limit 1`, [company]);
        const [a, b] = [unique('ผู้ประมวลผล ก'), unique('ผู้ประมวลผล ข')];
        const head = [
          'ผู้ประมวลผล',
          'ประเทศ',
          'สถานะข้อตกลง (DPA)',
          'วันที่ลงนามข้อตกลง',
          'วันหมดอายุข้อตกลง',
          'ระยะเวลาแจ้งเหตุละเมิดที่รับปาก (ชั่วโมง)',
          'กำหนดทบทวน',
        ];
        const bad = csv([
          head,
          [a, 'ไทย', 'ลงนามแล้ว', '1/3/2569', '28/2/2571', '24', '1/3/2570'],
          [` ${a.toUpperCase()} `, 'ไทย', '', '', '', '', ''],
          [taken.name.toLowerCase(), '', '', '', '', '', ''],
          [b, 'Singapore', 'signed', '2026-03-01', '2025-03-01', '48', ''],
          [unique('ชั่วโมง'), '', '', '', '', 'สองวัน', ''],
          [unique('สถานะ'), '', 'ยกเลิก', '', '', '', ''],
        ]);
        const preview = await ctx.api.post('/processor-diligence/import/preview', upload(bad), { token: admin() });
        expect(preview.status, JSON.stringify(preview.body)).toBe(200);
        expect(preview.body.problems).toEqual([
          { row: 3, column: 'ผู้ประมวลผล', message: serverMessage('th', 'import_duplicate', { value: a.toUpperCase(), row: 2 }) },
          { row: 4, column: 'ผู้ประมวลผล', message: serverMessage('th', 'import_exists', { value: taken.name.toLowerCase() }) },
          { row: 5, column: 'วันหมดอายุข้อตกลง', message: serverMessage('th', 'transfers_expiry_before_signing') },
          { row: 6, column: 'ระยะเวลาแจ้งเหตุละเมิดที่รับปาก (ชั่วโมง)', message: serverMessage('th', 'import_not_number', { value: 'สองวัน' }) },
          { row: 7, column: 'สถานะข้อตกลง (DPA)', message: serverMessage('th', 'import_not_allowed', { value: 'ยกเลิก' }) },
        ]);
        const refused = await ctx.api.post('/processor-diligence/import', upload(bad), { token: admin() });
        expectMessage(refused, 400, 'import_rows_refused', 'th', { count: 5 });
        const count = async () =>
          (await ctx.db!.query<{ n: number }>(`select count(*)::int as n from processors where name in ($1, $2)`, [a, b]))[0].n;
        expect(await count()).toBe(0);

        const good = csv([head, bad.split('\r\n')[1].split(','), [b, 'สิงคโปร์', 'อยู่ระหว่างเจรจา', '', '', '', '']]);
        const done = await ctx.api.post('/processor-diligence/import', upload(good), { token: admin() });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect(done.body.imported).toBe(2);
        const list = await ctx.api.get(`/processor-diligence?${new URLSearchParams({ filter: JSON.stringify({ search: a }) })}`, { token: admin() });
        expect(list.body.data).toEqual([
          expect.objectContaining({
            name: a,
            country: 'ไทย',
            dpaStatus: 'signed',
            dpaSignedOn: '2026-03-01',
            dpaExpiresOn: '2028-02-28',
            breachNoticeHours: 24,
            reviewOn: '2027-03-01',
            // signed, but its file is not in the system yet
            warnings: ['dpa_missing'],
          }),
        ]);
        expect(await count()).toBe(2);
        // the viewer may read the list, not import into it
        expectFailure(await ctx.api.post('/processor-diligence/import/preview', upload(good), { token: ctx.demoViewer.access_token }), 403);
      },
    );

    rule.it('imports staff without passwords: each is e-mailed a link to set one, and signs in only after it', async () => {
      const company = await demoId();
      const stamp = Date.now().toString(36);
      const depts = await ctx.db!.query<{ id: string; name: string }>(
        `select id, name from departments where company_id = $1 order by name limit 2`,
        [company],
      );
      const addPosition = async (name: string, departmentId: string) =>
        ctx.db!.query('insert into positions (company_id, department_id, name) values ($1, $2, $3)', [company, departmentId, name]);
      const pos = { name: `ตำแหน่งนำเข้า ${stamp}`, department: depts[0].name };
      const twice = `ตำแหน่งสองแผนก ${stamp}`;
      await addPosition(pos.name, depts[0].id);
      await addPosition(twice, depts[0].id);
      await addPosition(twice, depts[1].id);
      const otherDept = depts[1];
      const [u1, u2] = [`import.a.${stamp}`, `import.b.${stamp}`];
      const head = ['ชื่อผู้ใช้ (สำหรับเข้าสู่ระบบ)', 'ชื่อ', 'นามสกุล', 'อีเมล', 'บทบาท', 'แผนก', 'ตำแหน่ง'];
      const bad = csv([
        head,
        [u1, 'สมหญิง', 'นำเข้า', `${u1}@thaidigital.example`, 'พนักงาน', '', pos.name],
        [u1.toUpperCase(), 'ซ้ำ', 'ซ้ำ', 'dup@thaidigital.example', 'พนักงาน', '', ''],
        ['admin', 'มี', 'แล้ว', 'admin2@thaidigital.example', 'พนักงาน', '', ''],
        [`import.c.${stamp}`, 'ผิด', 'แผนก', 'c@thaidigital.example', 'พนักงาน', otherDept.name, pos.name],
        [`import.d.${stamp}`, 'อีเมล', 'ผิด', 'not-an-email', 'พนักงาน', '', ''],
        [`import.e.${stamp}`, 'บทบาท', 'ไม่มี', 'e@thaidigital.example', 'ผู้บริหารสูงสุด', '', ''],
        [`import.f.${stamp}`, 'ตำแหน่ง', 'กำกวม', 'f@thaidigital.example', 'พนักงาน', '', twice],
      ]);
      const preview = await ctx.api.post('/people/import/preview', upload(bad), { token: admin() });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([
        [3, 'ชื่อผู้ใช้ (สำหรับเข้าสู่ระบบ)'],
        [4, 'ชื่อผู้ใช้ (สำหรับเข้าสู่ระบบ)'],
        [5, 'ตำแหน่ง'],
        [6, 'อีเมล'],
        [7, 'บทบาท'],
        [8, 'ตำแหน่ง'],
      ]);
      expect(preview.body.problems[0].message).toBe(serverMessage('th', 'import_duplicate', { value: u1.toUpperCase(), row: 2 }));
      expect(preview.body.problems[1].message).toBe(serverMessage('th', 'import_exists', { value: 'admin' }));
      expect(preview.body.problems[2].message).toBe(serverMessage('th', 'import_not_found', { value: pos.name }));
      expect(preview.body.problems[3].message).not.toMatch(/[a-z]{5}/);
      expect(preview.body.problems[5].message).toBe(serverMessage('th', 'import_position_ambiguous', { value: twice }));
      const users = async () =>
        (await ctx.db!.query<{ n: number }>(`select count(*)::int as n from users where username like $1`, [`import.%.${stamp}`]))[0].n;
      expect((await ctx.api.post('/people/import', upload(bad), { token: admin() })).status).toBe(400);
      expect(await users()).toBe(0);

      const good = csv([
        head,
        [u1, 'สมหญิง', 'นำเข้า', `${u1}@thaidigital.example`, 'พนักงาน', '', pos.name],
        [u2, 'สมศักดิ์', 'นำเข้า', `${u2}@thaidigital.example`, 'ผู้ดูแลข้อมูล', pos.department, ''],
      ]);
      const done = await ctx.api.post('/people/import', upload(good), { token: admin() });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.imported).toBe(2);
      const [row] = await ctx.db!.query<{ department: string; position: string; role: string }>(
        `select d.name as department, p.name as position, r.builtin as role from users u join departments d on d.id = u.department_id
           join positions p on p.id = u.position_id join roles r on r.id = u.role_id where u.username = $1`,
        [u1],
      );
      // the department comes from the position when the row names none
      expect(row).toEqual({ department: pos.department, position: pos.name, role: 'staff' });

      // no password works until the link is used
      const credentials = { companyCode: 'DEMO', username: u1, password: '!invited' };
      expect((await ctx.api.signinRaw(credentials)).status).toBe(401);
      const [mail] = await readOutbox(ctx.db!, `${u1}@thaidigital.example`);
      expect(mail).toMatchObject({ template: 'invite', lang: 'th' });
      expect(mail.subject).toContain('DEMO');
      expect(mail.text).toContain(u1);
      const token = new URL(mail.link!).searchParams.get('token')!;
      const [{ days }] = await ctx.db!.query<{ days: number }>(
        `select round(extract(epoch from t.expires_at - t.created_at) / 86400)::int as days from account_tokens t join users u on u.id = t.user_id where u.username = $1`,
        [u1],
      );
      expect(days).toBe(7);
      const password = 'Lotus-pond-import-77';
      expect((await ctx.api.post('/user/reset-password', { token, password })).status).toBe(200);
      expect((await ctx.api.signin({ companyCode: 'DEMO', username: u1, password })).access_token).toBeTruthy();
      // the trail holds one import event, not one entry a person
      const trail = await ctx.db!.query<{ after: { count: number } }>(
        `select after from audit_log where company_id = $1 and action = 'import' and entity = 'users' order by id desc limit 1`,
        [company],
      );
      expect(trail[0].after.count).toBe(2);
      expectFailure(await ctx.api.post('/people/import/preview', upload(good), { token: ctx.demoViewer.access_token }), 403);
    });

    rule.it('exports the breach log, the ROPA list and the request list as the lists show them', async () => {
      const cases = [
        {
          list: '/databreach',
          file: '/databreach/export',
          query: { sort: JSON.stringify(['title', 'ASC']), filter: JSON.stringify({ open: true }) },
          key: 'title',
          col: 2,
        },
        {
          list: '/processor-diligence',
          file: '/processor-diligence/export',
          query: { sort: JSON.stringify(['name', 'DESC']), filter: JSON.stringify({ warning: true }) },
          key: 'name',
          col: 1,
        },
        {
          list: '/ropa/activity',
          file: '/ropa/activity/export',
          query: { sort: JSON.stringify(['name', 'ASC']), filter: JSON.stringify({ state: 'draft' }) },
          key: 'name',
          col: 1,
        },
      ];
      for (const c of cases) {
        const shown = await ctx.api.get(`${c.list}?${new URLSearchParams({ ...c.query, range: '[0,99]' })}`, { token: admin() });
        const want = (shown.body.data as Record<string, string>[]).map((r) => r[c.key]);
        expect(want.length, c.list).toBeGreaterThan(0);
        const sheet = (await readBook(await ctx.api.get(`${c.file}?${new URLSearchParams(c.query)}`, { token: admin() }))).worksheets[0];
        expect(
          Array.from({ length: sheet.rowCount - 1 }, (_, i) => rowValues(sheet, i + 2)[c.col - 1]),
          c.list,
        ).toEqual(want);
      }
      const requests = await ctx.api.get('/consents/datasubject/list?currentPage=1&limit=100&statusId=1', { token: admin() });
      const sheet = (await readBook(await ctx.api.get('/consents/datasubject/list/export?statusId=1', { token: admin() }))).worksheets[0];
      expect(rowValues(sheet, 1)[0]).toBe('เลขอ้างอิง');
      expect(Array.from({ length: sheet.rowCount - 1 }, (_, i) => rowValues(sheet, i + 2)[0])).toEqual(
        (requests.body.requestList as { referenceCode: string }[]).map((r) => r.referenceCode),
      );
      // SIAM's file holds SIAM's breaches, none of DEMO's
      const siam = (await readBook(await ctx.api.get('/databreach/export', { token: ctx.siamAdmin.access_token }))).worksheets[0];
      const exportedCodes = Array.from({ length: siam.rowCount - 1 }, (_, i) => rowValues(siam, i + 2)[0]).sort();
      const siamCodes = await ctx.db!.query<{ code: string }>(
        `select b.code from breaches b join companies c on c.id = b.company_id where c.code = 'SIAM'`,
      );
      expect(exportedCodes).toEqual(siamCodes.map((r) => r.code).sort());
      expectFailure(await ctx.api.get('/databreach/export', { token: ctx.demoContact.access_token }), 403);
    });
  });
}
