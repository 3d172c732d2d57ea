import { beforeAll, describe, expect } from 'vitest';
import { z } from 'zod';
import { MAX_PAGE_SIZE, SEARCH_COUNT_CAP } from '../../../../contract/http';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../../expectations';
import { kinds } from '../../kinds';
import { eventList, eventReply, planReply, okReply, NOBODY, HTML, ok, riskApi } from './helpers';

/** Risk management: events (type 1) and plans (type 2) — create, edit, delete, search, page, totals. */
export function riskEventsCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const {
    admin,
    siam,
    createEvent,
    createPlan,
    events,
    plans,
    handles,
    deleteRisk,
    setHandle,
    createEvaluation,
    headers,
    countAll,
    handleTotals,
    realHandleCounts,
  } = riskApi(ctx);

  describe('risk events and plans: GET /datarisk/list, POST and PUT /datarisk/create, POST /datarisk/delete/', () => {
    shape.it('creates an event with its C/I/A and lists it first', async () => {
      const created = await createEvent('ข้อมูลผู้ป่วยถูกเข้าถึงโดยไม่ได้รับอนุญาต', { confidentiality: true, integrity: false, availability: true });
      expect(created).toMatchObject({ name: 'ข้อมูลผู้ป่วยถูกเข้าถึงโดยไม่ได้รับอนุญาต', confidentiality: true, integrity: false, availability: true });
      expect(Math.abs(Date.parse(created.created_dt) - Date.now())).toBeLessThan(60_000);
      const list = await events();
      expect(list.riskData[0]).toEqual(created);
      const times = list.riskData.map((r) => Date.parse(r.created_dt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    shape.it('creates an event without riskCia as neither C, I nor A, and trims its name', async () => {
      const created = await createEvent('   ไฟดับทั้งอาคาร   ');
      expect(created).toMatchObject({ name: 'ไฟดับทั้งอาคาร', confidentiality: false, integrity: false, availability: false });
    });

    shape.it('creates a plan without C/I/A, whatever is sent, and lists it with the plans only', async () => {
      const reply = await ctx.api.post(
        '/datarisk/create',
        { riskMasterData: 'ติดตั้งไฟฉุกเฉินและเครื่องสำรองไฟ', type: 2, riskCia: { confidentiality: true, integrity: true, availability: true } },
        { token: admin() },
      );
      const plan = ok(reply, planReply).data;
      expect(plan.name).toBe('ติดตั้งไฟฉุกเฉินและเครื่องสำรองไฟ');
      expect((await plans()).riskData[0]).toEqual(plan);
      expect((await events({ search: 'ติดตั้งไฟฉุกเฉิน' })).totalDoc).toBe(0);
    });

    shape.it('accepts the type as a numeric string', async () => {
      const reply = await ctx.api.post('/datarisk/create', { riskMasterData: 'ประเภทเป็นข้อความ', type: '2' }, { token: admin() });
      expect(ok(reply, planReply).data.name).toBe('ประเภทเป็นข้อความ');
    });

    shape.it('renames with PUT and keeps C/I/A unless sent', async () => {
      const created = await createEvent('ชื่อเดิม', { confidentiality: true, integrity: true, availability: false });
      const put = (body: Record<string, unknown>) => ctx.api.put('/datarisk/create', { dataId: created._id, type: 1, ...body }, { token: admin() });
      const renamed = ok(await put({ riskMasterData: ' ชื่อใหม่ ' }), eventReply).data;
      expect(renamed).toEqual({ ...created, name: 'ชื่อใหม่' });
      const recia = ok(
        await put({ riskMasterData: 'ชื่อใหม่', riskCia: { confidentiality: false, integrity: false, availability: true } }),
        eventReply,
      ).data;
      expect(recia).toEqual({ ...created, name: 'ชื่อใหม่', confidentiality: false, integrity: false, availability: true });
      expect((await events({ search: 'ชื่อใหม่' })).riskData).toEqual([recia]);

      const plan = await createPlan('แผนชื่อเดิม');
      const renamedPlan = ok(
        await ctx.api.put('/datarisk/create', { dataId: plan._id, type: 2, riskMasterData: 'แผนชื่อใหม่' }, { token: admin() }),
        planReply,
      );
      expect(renamedPlan.data).toEqual({ ...plan, name: 'แผนชื่อใหม่' });
    });

    shape.it('answers 404 for an unknown id, or an id of the other type, on PUT and delete', async () => {
      const event = await createEvent('เหตุการณ์สำหรับ 404');
      const plan = await createPlan('แผนสำหรับ 404');
      const put = (dataId: string, type: number) =>
        ctx.api.put('/datarisk/create', { dataId, type, riskMasterData: 'ไม่ควรบันทึก' }, { token: admin() });
      expectMessage(await put(NOBODY, 1), 404, 'not_found');
      expectMessage(await put(event._id, 2), 404, 'not_found');
      expectMessage(await put(plan._id, 1), 404, 'not_found');
      expectMessage(await deleteRisk(NOBODY, 1), 404, 'not_found');
      expectMessage(await deleteRisk(event._id, 2), 404, 'not_found');
      expectMessage(await deleteRisk(plan._id, 1), 404, 'not_found', 'th');
      expect((await events({ search: 'เหตุการณ์สำหรับ 404' })).riskData).toEqual([event]);
      expect((await plans({ search: 'แผนสำหรับ 404' })).riskData).toEqual([plan]);
    });

    shape.it('deletes an event and a plan (200); deleting again is 404', async () => {
      const event = await createEvent('เหตุการณ์ที่จะลบ');
      const plan = await createPlan('แผนที่จะลบ');
      expect(ok(await deleteRisk(event._id, 1), okReply)).toEqual({ status: 200 });
      expect(ok(await deleteRisk(plan._id, 2), okReply)).toEqual({ status: 200 });
      expect((await events({ search: 'เหตุการณ์ที่จะลบ' })).totalDoc).toBe(0);
      expect((await plans({ search: 'แผนที่จะลบ' })).totalDoc).toBe(0);
      expectMessage(await deleteRisk(event._id, 1), 404, 'not_found');
      expectMessage(await deleteRisk(plan._id, 2, admin()), 404, 'not_found');
    });

    shape.it('refuses blank and over-long text, wrong types and a type 3 (400), creating nothing', async () => {
      const before = (await events()).totalDoc;
      const create = (body: unknown) => ctx.api.post('/datarisk/create', body, { token: admin() });
      expectInvalidField(await create({ riskMasterData: '', type: 1 }), 'riskMasterData');
      expectInvalidField(await create({ riskMasterData: ' \t\n ', type: 1 }), 'riskMasterData');
      expectInvalidField(await create({ riskMasterData: 'ก'.repeat(501), type: 1 }), 'riskMasterData');
      expectInvalidField(await create({ riskMasterData: 42, type: 1 }), 'riskMasterData');
      expectInvalidField(await create({ riskMasterData: ['ก'], type: 1 }), 'riskMasterData');
      expectInvalidField(await create({ riskMasterData: 'ก', type: 3 }), 'type');
      expectInvalidField(await create({ riskMasterData: 'ก', type: 'event' }), 'type');
      expectInvalidField(await create({ riskMasterData: 'ก', type: 1.5 }), 'type');
      expectInvalidField(await create({ riskMasterData: 'ก' }), 'type');
      expectInvalidField(
        await create({ riskMasterData: 'ก', type: 1, riskCia: { confidentiality: 'yes', integrity: false, availability: false } }),
        'riskCia.confidentiality',
      );
      expectInvalidField(await create({ riskMasterData: 'ก', type: 1, riskCia: true }), 'riskCia');
      expectInvalidField(await create({}), 'riskMasterData');
      expectInvalidField(await create(undefined), 'riskMasterData');
      expectInvalidField(await create([{ riskMasterData: 'ก', type: 1 }]), '-');
      expectInvalidField(await create('ก'), '-');
      expectInvalidField(await ctx.api.put('/datarisk/create', { dataId: 'not-a-uuid', riskMasterData: 'ก', type: 1 }, { token: admin() }), 'dataId');
      expectInvalidField(
        await ctx.api.put('/datarisk/create', { dataId: NOBODY, riskMasterData: '  ', type: 1 }, { token: admin() }),
        'riskMasterData',
      );
      expectInvalidField(await deleteRisk("1' OR '1'='1", 1), 'dataId');
      expectInvalidField(await ctx.api.post('/datarisk/delete/', { dataId: NOBODY }, { token: admin() }), 'type');
      expect((await events()).totalDoc).toBe(before);
    });

    shape.it('refuses malformed JSON (400) and a body that is not JSON (415)', async () => {
      const raw = (text: string, lang?: 'en', headers?: Record<string, string>) =>
        ctx.api.call('POST', '/datarisk/create', { token: admin(), raw: text, lang, headers });
      expectMessage(await raw('{"riskMasterData": "ก", "type": 1'), 400, 'malformed_json');
      expectMessage(await raw("{riskMasterData: 'ก', type: 1}", 'en'), 400, 'malformed_json', 'en');
      const form = await raw('riskMasterData=ก&type=1', undefined, { 'content-type': 'application/x-www-form-urlencoded' });
      expectMessage(form, 415, 'unsupported_media');
    });

    shape.it('refuses a list without a type or of type 3 (400)', async () => {
      expectInvalidField(await ctx.api.get('/datarisk/list?type=3', { token: admin() }), 'type');
      expectInvalidField(await ctx.api.get('/datarisk/list?type=0', { token: admin() }), 'type');
      expectInvalidField(await ctx.api.get('/datarisk/list', { token: admin() }), 'type');
      expectInvalidField(await ctx.api.get("/datarisk/list?type=1'%20OR%201=1", { token: admin(), lang: 'en' }), 'type', 'en');
    });

    rule.it('stores HTML and script as plain text, returned unchanged everywhere', async () => {
      const event = await createEvent(HTML, { confidentiality: true, integrity: false, availability: false });
      const plan = await createPlan(`แผน ${HTML}`);
      expect(event.name).toBe(HTML);
      expect(plan.name).toBe(`แผน ${HTML}`);
      expect((await events({ search: '<script>' })).riskData).toEqual([event]);
      expect((await plans({ search: '<script>' })).riskData).toEqual([plan]);
      expect(ok(await setHandle(event._id, `แก้ไข ${HTML}`), okReply)).toEqual({ status: 200 });
      expect((await handles('handle', { search: '<img' })).riskData).toEqual([
        { _id: event._id, event: HTML, handleRisk: `แก้ไข ${HTML}`, fromEvaluation: false, created_dt: event.created_dt },
      ]);
      const saved = await createEvaluation({
        name: `ประเมิน ${HTML}`,
        items: [{ riskId: event._id, ratings: {}, owner: HTML, planId: plan._id, planText: HTML }],
      });
      expect(saved.name).toBe(`ประเมิน ${HTML}`);
      expect(saved.items[0]).toMatchObject({ event: HTML, owner: HTML, planName: `แผน ${HTML}`, planText: HTML });
      expect((await headers({ search: '<script>' })).headerList.map((h) => h.name)).toEqual([`ประเมิน ${HTML}`]);
      expect(ok(await ctx.api.delete(`/datarisk/evaluation/delete/${saved.id}`, { token: admin() }), okReply)).toEqual({ status: 200 });
    });
    shape.it('refuses text with a NUL character (400), never a 500', async () => {
      expectFailure(await ctx.api.post('/datarisk/create', { riskMasterData: 'ก\u0000ข', type: 1 }, { token: admin() }), 400);
      expectFailure(await ctx.api.get('/datarisk/list?type=1&search=%00', { token: admin() }), 400);
    });
  });

  describe('searching: GET /datarisk/list?search=', () => {
    const names = {
      phishing: 'Phishing ผ่านอีเมลปลอมของธนาคาร',
      percent: 'ส่วนลด 100% สำหรับสมาชิกทำให้ข้อมูลรั่ว',
      underscore: 'ไฟล์ export_ลูกค้า.csv ถูกแชร์สาธารณะ',
      sql: "ช่องค้นหา %' OR 1=1 -- บนเว็บไซต์",
      backslash: 'แชร์โฟลเดอร์ \\\\fileserver\\hr โดยไม่ตั้งรหัส',
      thai: 'ข้อมูลสุขภาพพนักงานเผยแพร่บนกลุ่มไลน์',
      // the pieces the server's index asks for of 'abcdefghijklmnop' (8 characters each) and of
      // 'abcdwxy' (4 each) are all here, but neither search itself
      apart: 'IJKLMNOP ก่อนแล้วจึง ABCDEFGH ภายหลัง dwxy abcd',
    };
    beforeAll(async () => {
      for (const name of Object.values(names)) await createEvent(name);
    });
    /** Every event whose name contains `text`, found by paging through the whole list. */
    async function namesContaining(text: string) {
      const found: string[] = [];
      for (let currentPage = 1; ; currentPage++) {
        const { riskData } = await events({ currentPage, limit: MAX_PAGE_SIZE });
        found.push(...riskData.map((r) => r.name).filter((n) => n.toLowerCase().includes(text.toLowerCase())));
        if (riskData.length < MAX_PAGE_SIZE) return found.sort();
      }
    }
    const expectExactly = async (search: string, expected?: string[]) => {
      const list = await events({ search, limit: MAX_PAGE_SIZE });
      const wanted = expected ?? (await namesContaining(search.trim()));
      expect(list.riskData.map((r) => r.name).sort(), JSON.stringify(search)).toEqual(wanted.sort());
      expect(list.totalDoc).toBe(wanted.length);
    };

    shape.it('finds a substring in any case', async () => {
      await expectExactly('phishing', [names.phishing]);
      await expectExactly('PHISHING ผ่าน', [names.phishing]);
      await expectExactly('  pHiShInG  ', [names.phishing]);
    });

    shape.it('finds Thai text anywhere in the name', async () => {
      await expectExactly('เผยแพร่บนกลุ่ม', [names.thai]);
      await expectExactly('สุขภาพพนักงาน', [names.thai]);
      await expectExactly('ไม่มีชื่อใดมีคำนี้เลย', []);
    });

    shape.it('finds exactly the names containing the text, whatever its length (the server narrows by 4- and 8-character pieces first)', async () => {
      await expectExactly('abcdefghijklmnop', []);
      await expectExactly('abcdwxy', []);
      await expectExactly('ABCDEFGH', [names.apart]);
      await expectExactly('h ภาย', [names.apart]);
      await expectExactly('ing ผ่', [names.phishing]);
      await expectExactly('ผ่า');
      await expectExactly('ข้อ');
      await expectExactly('ไลน์');
      await expectExactly('สุขภาพพนักงานเผยแพร่บนกลุ่มไลน์');
      await expectExactly('ข้อมูลสุขภาพพนักงานเผยแพร่บนกลุ่มไลน์!', []);
    });

    rule.it(
      `counts a search's matches up to ${SEARCH_COUNT_CAP} and says when there are more (totalCapped), on the events and the treatment plans`,
      async () => {
        const db = ctx.db!;
        const [{ id: companyId }] = await db.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
        const word = 'เพดานนับรายการ';
        const many = SEARCH_COUNT_CAP + 5;
        await db.query(
          `insert into risk_master (company_id, type, name, created_at)
         select $1, 1, $2 || ' ' || g, now() - g * interval '1 second' from generate_series(1, $3::int) g`,
          [companyId, word, many],
        );
        try {
          const first = await events({ search: word, limit: 20 });
          expect(first.totalDoc).toBe(SEARCH_COUNT_CAP);
          expect(first.totalCapped).toBe(true);
          expect(first.riskData.map((r) => r.name)).toEqual(Array.from({ length: 20 }, (_, i) => `${word} ${i + 1}`));
          // the last page inside the cap holds the newest matches just before it
          const last = await events({ search: word, limit: 20, currentPage: SEARCH_COUNT_CAP / 20 });
          expect(last.riskData.map((r) => r.name)).toEqual(Array.from({ length: 20 }, (_, i) => `${word} ${SEARCH_COUNT_CAP - 19 + i}`));
          // no page past the cap: a page after it is empty, a page size that does not divide it stops at it
          const past = await events({ search: `${word} `, limit: 20, currentPage: SEARCH_COUNT_CAP / 20 + 1 });
          expect(past.riskData).toEqual([]);
          expect(past.totalDoc).toBe(SEARCH_COUNT_CAP);
          const odd = await events({ search: word, limit: 30, currentPage: Math.ceil(SEARCH_COUNT_CAP / 30) });
          expect(odd.riskData.length).toBe(SEARCH_COUNT_CAP % 30 || 30);
          // the list without a search keeps its exact total, however many rows
          const all = await events({ limit: 20 });
          expect(all.totalDoc).toBeGreaterThan(many);
          expect(all).not.toHaveProperty('totalCapped');
          expect((await handles('all', { limit: 20 })).totalDoc).toBe(all.totalDoc);
          // a narrower search is counted exactly, and says nothing more
          const seven = await events({ search: `${word} 7`, limit: MAX_PAGE_SIZE });
          const sevens = Array.from({ length: many }, (_, i) => `${word} ${i + 1}`).filter((n) => n.includes(`${word} 7`));
          expect(seven.riskData.map((r) => r.name).sort()).toEqual(sevens.sort());
          expect(seven.totalDoc).toBe(sevens.length);
          expect(seven).not.toHaveProperty('totalCapped');
          const plans = await handles('all', { search: word, limit: 20 });
          expect(plans.totalDoc).toBe(SEARCH_COUNT_CAP);
          expect(plans.totalCapped).toBe(true);
        } finally {
          await db.query(`delete from risk_master where company_id = $1 and name like $2`, [companyId, `${word} %`]);
        }
      },
    );

    shape.it('treats a blank or whitespace search as no search', async () => {
      const all = await events();
      for (const search of ['', '   ', '\t']) {
        const list = await events({ search });
        expect(list.totalDoc).toBe(all.totalDoc);
        expect(list.riskData).toEqual(all.riskData);
      }
    });

    shape.it('takes %, _ and \\ literally: a search for % finds only names containing %', async () => {
      await expectExactly('%', [names.percent, names.sql]);
      await expectExactly('100%', [names.percent]);
      await expectExactly('_');
      expect((await events({ search: '_' })).riskData.map((r) => r.name)).toContain(names.underscore);
      await expectExactly('t_ล', [names.underscore]);
      await expectExactly('\\');
      await expectExactly('\\hr', [names.backslash]);
      await expectExactly('%%', []);
    });

    shape.it('takes SQL as text', async () => {
      await expectExactly("%' OR 1=1 --", [names.sql]);
      await expectExactly("' OR '1'='1", []);
      await expectExactly("'; drop table risk_master; --", []);
      expect((await events()).totalDoc).toBeGreaterThanOrEqual(Object.keys(names).length);
    });

    shape.it('searches events and plans apart', async () => {
      expect((await plans({ search: 'Phishing' })).totalDoc).toBe(0);
    });

    shape.it('refuses a search longer than 200 characters (400)', async () => {
      expectInvalidField(await ctx.api.get(`/datarisk/list?type=1&search=${'ก'.repeat(201)}`, { token: admin() }), 'search');
    });
  });

  describe('paging and totals', () => {
    shape.it('pages 25 events by 20: page 2 has the 5 oldest, totalDoc 25', async () => {
      const before = (await events()).totalDoc;
      for (let i = 1; i <= 25; i++) await createEvent(`แบ่งหน้า ลำดับ ${String(i).padStart(2, '0')}`);
      const page = (currentPage: number, limit = 20) => events({ search: 'แบ่งหน้า', currentPage, limit });
      const numbers = (list: z.infer<typeof eventList>) => list.riskData.map((r) => Number(r.name.slice(-2)));

      const [first, second, third] = [await page(1), await page(2), await page(3)];
      expect(numbers(first)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
      expect(numbers(second)).toEqual([5, 4, 3, 2, 1]);
      expect(third.riskData).toEqual([]);
      for (const list of [first, second, third]) expect(list.totalDoc).toBe(25);
      expect(numbers(await page(2, 10))).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
      expect((await events({ search: 'แบ่งหน้า' })).riskData).toHaveLength(20);
      expect((await events()).totalDoc).toBe(before + 25);
    });

    shape.it('refuses a page below 1 and a limit outside 1..100 on every list (400)', async () => {
      const lists = ['/datarisk/list?type=1&', '/datarisk/list?type=2&', '/datarisk/handle/list?type=all&', '/datarisk/evalution/header?'];
      for (const list of lists) {
        const get = (query: string) => ctx.api.get(`${list}${query}`, { token: admin() });
        expectInvalidField(await get('currentPage=0&limit=20'), 'currentPage');
        expectInvalidField(await get('currentPage=-1'), 'currentPage');
        expectInvalidField(await get('currentPage=1.5'), 'currentPage');
        expectInvalidField(await get('currentPage=1&limit=101'), 'limit');
        expectInvalidField(await get('currentPage=1&limit=0'), 'limit');
        expectInvalidField(await get('limit=abc'), 'limit');
      }
      expect((await events({ limit: 100 })).riskData.length).toBeLessThanOrEqual(100);
    });

    shape.it('keeps the no-search totals of events and plans right: create 3, delete 1', async () => {
      for (const [create, list, type] of [
        [createEvent, events, 1],
        [createPlan, plans, 2],
      ] as const) {
        const before = (await list()).totalDoc;
        const siamBefore = (await list({}, siam())).totalDoc;
        expect(before).toBe(await countAll(list));
        const made = [];
        for (const n of [1, 2, 3]) made.push(await create(`นับยอด ${type}-${n}`));
        ok(await deleteRisk(made[1]._id, type), okReply);
        const after = await list();
        expect(after.totalDoc).toBe(before + 2);
        expect(after.totalDoc).toBe(await countAll(list));
        expect((await list({ search: 'นับยอด' })).totalDoc).toBe(2);
        expect((await list({}, siam())).totalDoc).toBe(siamBefore);
      }
    });

    rule.it('keeps the handle and not-handle totals right as plans are set, cleared, and their events deleted', async () => {
      const expectTotals = async (expected: { all: number; handle: number; notHandle: number }) => {
        expect(await handleTotals()).toEqual(expected);
        expect(await realHandleCounts()).toEqual(expected);
      };
      const start = await handleTotals();
      expect(start.all).toBe(start.handle + start.notHandle);
      expect(start.all).toBe((await events()).totalDoc);
      await expectTotals(start);

      const a = await createEvent('ยอดแผน ก');
      const b = await createEvent('ยอดแผน ข');
      await expectTotals({ all: start.all + 2, handle: start.handle, notHandle: start.notHandle + 2 });
      ok(await setHandle(a._id, 'แผนของ ก'), okReply);
      ok(await setHandle(b._id, 'แผนของ ข'), okReply);
      ok(await setHandle(b._id, 'แผนของ ข ฉบับแก้'), okReply);
      await expectTotals({ all: start.all + 2, handle: start.handle + 2, notHandle: start.notHandle });
      ok(await setHandle(a._id), okReply);
      await expectTotals({ all: start.all + 2, handle: start.handle + 1, notHandle: start.notHandle + 1 });
      ok(await deleteRisk(b._id, 1), okReply);
      await expectTotals({ all: start.all + 1, handle: start.handle, notHandle: start.notHandle + 1 });
      ok(await deleteRisk(a._id, 1), okReply);
      await expectTotals(start);
    });
  });
}
