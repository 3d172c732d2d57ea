import ExcelJS from 'exceljs';
import { beforeAll, describe, expect } from 'vitest';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../../contract/http';
import { notificationListReply } from '../../../contract/notifications';
import {
  DEFAULT_MATRIX,
  LEVELS,
  RISK_CATEGORIES,
  RISK_CODES,
  TREATMENTS,
  categoryRating,
  codeOf,
  evaluationHeader,
  evaluationHeaderReply,
  handleListReply,
  handleRow,
  levelDetail,
  matrixCells,
  riskCia,
  riskEvent,
  riskListReply,
  riskPlan,
  worstCode,
  type HANDLE_FILTERS,
  type MatrixCells,
} from '../../../contract/risk';
import th from '../../../src/i18n/th';
import en from '../../../src/i18n/en';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

// ---- the replies, from the contract's pieces; strict, so every target answers exactly these fields
const uuid = z.string().uuid();
const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString() === s, 'an ISO instant');
const eventRow = riskEvent.extend({ _id: uuid, created_dt: iso }).strict();
const planRow = riskPlan.extend({ _id: uuid, created_dt: iso }).strict();
const eventList = riskListReply.extend({ riskData: z.array(eventRow) }).strict();
const planList = riskListReply.extend({ riskData: z.array(planRow) }).strict();
const eventReply = z.object({ status: z.literal(200), data: eventRow }).strict();
const planReply = z.object({ status: z.literal(200), data: planRow }).strict();
const levelReply = z.object({ status: z.literal(200), levelDetail }).strict();
const handleList = handleListReply.extend({ riskData: z.array(handleRow.extend({ _id: uuid, created_dt: iso }).strict()) }).strict();
const matrixReply = z.object({ status: z.literal(200), data: z.object({ id: z.literal('company'), cells: matrixCells }).strict() }).strict();
const code = z.enum(RISK_CODES);
const evaluationItemReply = z
  .object({
    riskId: uuid,
    event: z.string(),
    cia: riskCia.strict(),
    ratings: z.partialRecord(z.enum(RISK_CATEGORIES), categoryRating.strict()),
    code: code.nullable(),
    owner: z.string().nullable(),
    treatment: z.enum(TREATMENTS).nullable(),
    planId: uuid.nullable(),
    planName: z.string().nullable(),
    planText: z.string().nullable(),
    dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
    residualLikelihood: z.number().int().nullable(),
    residualImpact: z.number().int().nullable(),
    residualCode: code.nullable(),
  })
  .strict();
const evaluationReply = z
  .object({
    status: z.literal(200),
    data: z
      .object({ id: uuid, name: z.string(), status: z.enum(['draft', 'completed']), created_dt: iso, updated_dt: iso, items: z.array(evaluationItemReply) })
      .strict(),
  })
  .strict();
const headerList = evaluationHeaderReply
  .extend({ headerList: z.array(evaluationHeader.extend({ _id: uuid, created_dt: iso, updated_dt: iso }).strict()) })
  .strict();
const okReply = z.object({ status: z.literal(200) }).strict();

type HandleFilter = (typeof HANDLE_FILTERS)[number];
type Query = Record<string, string | number | undefined>;
type EvaluationInput = { name: string; status?: string; items: Record<string, unknown>[] };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** No row has it: a well-formed id that is nobody's. */
const NOBODY = '00000000-0000-4000-8000-000000000000';
const HTML = `<script>alert("x")</script><img src=x onerror=alert(1)> & <b>ตัวหนา</b>`;

const qs = (query: Query) => {
  const pairs = Object.entries(query).filter(([, v]) => v !== undefined);
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
};

function ok<T>(reply: Reply, schema: z.ZodType<T>): T {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return schema.parse(reply.body);
}

/** Risk management (menu 18): level names, events and plans, treatment plans, the matrix, evaluations, the report. */
export function riskCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const siam = () => ctx.siamAdmin.access_token;

  const levels = async (type: string, opts: { token?: string; lang?: 'th' | 'en' } = {}) =>
    ok(await ctx.api.get(`/datarisk/level/list${qs({ type })}`, { token: opts.token ?? admin(), lang: opts.lang }), levelReply).levelDetail;
  const createEvent = async (name: string, cia?: z.infer<typeof riskCia>, token = admin()) =>
    ok(await ctx.api.post('/datarisk/create', { riskMasterData: name, type: 1, riskCia: cia }, { token }), eventReply).data;
  const createPlan = async (name: string, token = admin()) =>
    ok(await ctx.api.post('/datarisk/create', { riskMasterData: name, type: 2 }, { token }), planReply).data;
  const events = async (query: Query = {}, token = admin()) =>
    ok(await ctx.api.get(`/datarisk/list${qs({ type: 1, ...query })}`, { token }), eventList);
  const plans = async (query: Query = {}, token = admin()) =>
    ok(await ctx.api.get(`/datarisk/list${qs({ type: 2, ...query })}`, { token }), planList);
  const handles = async (type: HandleFilter, query: Query = {}, token = admin()) =>
    ok(await ctx.api.get(`/datarisk/handle/list${qs({ type, ...query })}`, { token }), handleList);
  const deleteRisk = (dataId: string, type: number, token = admin()) => ctx.api.post('/datarisk/delete/', { dataId, type }, { token });
  const setHandle = (riskId: string, handleRisk?: string, token = admin()) =>
    ctx.api.post('/datarisk/handle/update', handleRisk === undefined ? { riskId } : { riskId, handleRisk }, { token });
  const matrix = async (token = admin()) => ok(await ctx.api.get('/risk-matrix/company', { token }), matrixReply).data.cells;
  const putMatrix = (cells: unknown, token = admin()) => ctx.api.put('/risk-matrix/company', { cells }, { token });
  const createEvaluation = async (body: EvaluationInput, token = admin()) =>
    ok(await ctx.api.post('/risk-evaluations', body, { token }), evaluationReply).data;
  const evaluation = async (id: string, token = admin()) => ok(await ctx.api.get(`/risk-evaluations/${id}`, { token }), evaluationReply).data;
  const headers = async (query: Query = {}, token = admin()) =>
    ok(await ctx.api.get(`/datarisk/evalution/header${qs(query)}`, { token }), headerList);
  const exportFile = (riskIds: unknown, format?: string, token = admin()) =>
    ctx.api.post('/datarisk/evaluation/export', format ? { riskIds, format } : { riskIds }, { token });
  const notifications = async (token: string) =>
    ok(await ctx.api.get('/user/notification/list?currentPage=1&limit=100', { token }), notificationListReply);

  /** A list's real size: every row, page by page of 100 (the totals are kept apart from the rows). */
  async function countAll(list: (query: Query) => Promise<{ riskData: unknown[] }>) {
    let n = 0;
    for (let currentPage = 1; ; currentPage++) {
      const { riskData } = await list({ currentPage, limit: MAX_PAGE_SIZE });
      n += riskData.length;
      if (riskData.length < MAX_PAGE_SIZE) return n;
    }
  }
  const handleTotals = async () => {
    const [all, handle, notHandle] = await Promise.all((['all', 'handle', 'not-handle'] as const).map((t) => handles(t)));
    return { all: all.totalDoc, handle: handle.totalDoc, notHandle: notHandle.totalDoc };
  };
  const realHandleCounts = async () => ({
    all: await countAll((q) => handles('all', q)),
    handle: await countAll((q) => handles('handle', q)),
    notHandle: await countAll((q) => handles('not-handle', q)),
  });

  describe('risk management: who may call', () => {
    const ids = { event: NOBODY, plan: NOBODY, evaluation: NOBODY };
    beforeAll(async () => {
      ids.event = (await createEvent('สิทธิ์: เหตุการณ์ของ DEMO'))._id;
      ids.plan = (await createPlan('สิทธิ์: แผนของ DEMO'))._id;
      ids.evaluation = (await createEvaluation({ name: 'สิทธิ์: การประเมินของ DEMO', items: [{ riskId: ids.event }] })).id;
    });
    const calls = (): [string, string, unknown?][] => [
      ['GET', '/datarisk/level/list?type=risk-finance'],
      ['POST', '/datarisk/level/update', { type: 'risk-finance', detail: LEVELS.map((level) => ({ level, name: `ผู้ชม ${level}` })) }],
      ['GET', '/datarisk/list?type=1'],
      ['GET', '/datarisk/list?type=2'],
      ['POST', '/datarisk/create', { riskMasterData: 'ผู้ชมสร้าง', type: 1 }],
      ['PUT', '/datarisk/create', { dataId: ids.event, riskMasterData: 'ผู้ชมแก้', type: 1 }],
      ['POST', '/datarisk/delete/', { dataId: ids.plan, type: 2 }],
      ['GET', '/datarisk/handle/list?type=all'],
      ['POST', '/datarisk/handle/update', { riskId: ids.event, handleRisk: 'ผู้ชมเขียนแผน' }],
      ['GET', '/risk-matrix/company'],
      ['PUT', '/risk-matrix/company', { cells: DEFAULT_MATRIX.map((row) => row.map(() => 'VH')) }],
      ['GET', '/datarisk/evalution/header'],
      ['GET', `/risk-evaluations/${ids.evaluation}`],
      ['POST', '/risk-evaluations', { name: 'ผู้ชมประเมิน', status: 'draft', items: [{ riskId: ids.event }] }],
      ['PUT', `/risk-evaluations/${ids.evaluation}`, { name: 'ผู้ชมแก้การประเมิน', status: 'draft', items: [] }],
      ['DELETE', `/datarisk/evaluation/delete/${ids.evaluation}`],
      ['POST', '/datarisk/evaluation/export', { riskIds: [ids.evaluation] }],
    ];
    const expectUntouched = async () => {
      expect((await events({ search: 'สิทธิ์:' })).riskData.map((r) => r.name)).toEqual(['สิทธิ์: เหตุการณ์ของ DEMO']);
      expect((await plans({ search: 'สิทธิ์:' })).totalDoc).toBe(1);
      expect((await handles('handle', { search: 'สิทธิ์:' })).totalDoc).toBe(0);
      expect(await matrix()).toEqual(DEFAULT_MATRIX);
      expect(await levels('risk-finance')).toEqual(LEVELS.map((level) => ({ level, name: th.risk.level_defaults[level] })));
      const kept = await evaluation(ids.evaluation);
      expect(kept).toMatchObject({ name: 'สิทธิ์: การประเมินของ DEMO', items: [{ riskId: ids.event }] });
      expect((await headers({ search: 'ผู้ชม' })).totalDoc).toBe(0);
    };

    shape.it('refuses every risk call, reads included, to the viewer (no menu 18): 403, and changes nothing', async () => {
      for (const [method, path, json] of calls()) {
        expectMessage(await ctx.api.call(method, path, { token: ctx.demoViewer.access_token, json }), 403, 'forbidden');
      }
      await expectUntouched();
    });

    shape.it('checks the menu before the input: a viewer with a bad body or query still gets 403, in English when asked', async () => {
      for (const [method, path, json] of calls()) {
        const badPath = path.replace(/type=\w[\w-]*/, 'type=nonsense').replace(ids.evaluation, 'not-a-uuid');
        const reply = await ctx.api.call(method, badPath, {
          token: ctx.demoViewer.access_token,
          lang: 'en',
          json: json === undefined ? undefined : { wrong: true },
        });
        expectMessage(reply, 403, 'forbidden', 'en');
      }
    });

    shape.it('refuses every risk call to a contact user (403)', async () => {
      for (const [method, path, json] of calls()) {
        expectMessage(await ctx.api.call(method, path, { token: ctx.demoContact.access_token, json }), 403, 'forbidden');
      }
      await expectUntouched();
    });

    shape.it('refuses every risk call without a valid token (401)', async () => {
      for (const [method, path, json] of calls()) {
        expectMessage(await ctx.api.call(method, path, { json }), 401, 'not_signed_in');
        expectMessage(await ctx.api.call(method, path, { json, token: 'e'.repeat(64) }), 401, 'session_expired');
      }
      await expectUntouched();
    });

    shape.it('answers other methods and paths with 404: `/datarisk/delete` needs its trailing slash', async () => {
      expectMessage(await ctx.api.post('/datarisk/delete', { dataId: ids.plan, type: 2 }, { token: admin() }), 404, 'route_not_found');
      expectMessage(await ctx.api.get('/datarisk/create', { token: admin() }), 404, 'route_not_found');
      expectMessage(await ctx.api.delete(`/risk-evaluations/${ids.evaluation}`, { token: admin() }), 404, 'route_not_found');
      expect((await plans({ search: 'สิทธิ์:' })).totalDoc).toBe(1);
    });
  });

  describe('GET /datarisk/level/list and POST /datarisk/level/update', () => {
    const detailOf = (names: string[]) => names.map((name, i) => ({ level: i + 1, name }));
    const defaults = (lang: 'th' | 'en') => LEVELS.map((level) => ({ level, name: (lang === 'en' ? en : th).risk.level_defaults[level] }));
    const update = (body: unknown, token = admin()) => ctx.api.post('/datarisk/level/update', body, { token });

    shape.it('gives every category the default names, in Thai or in English, until saved', async () => {
      for (const type of RISK_CATEGORIES) {
        expect(await levels(type)).toEqual(defaults('th'));
        expect(await levels(type, { lang: 'en' })).toEqual(defaults('en'));
      }
      expect((await levels('risk-finance')).map((l) => l.name)).toEqual(['ต่ำมาก', 'ต่ำ', 'ปานกลาง', 'สูง', 'สูงมาก']);
      expect((await levels('risk-finance', { lang: 'en' })).map((l) => l.name)).toEqual(['Very low', 'Low', 'Medium', 'High', 'Very high']);
    });

    shape.it('saves five names (trimmed, returned by level) for the company and category only', async () => {
      const names = ['เล็กน้อย', 'น้อย', 'ปานกลาง', 'มาก', 'วิกฤต'];
      const shuffled = [4, 2, 0, 3, 1].map((i) => ({ level: i + 1, name: `  ${names[i]} ` }));
      const saved = ok(await update({ type: 'risk-customer', detail: shuffled }), levelReply);
      expect(saved.levelDetail).toEqual(detailOf(names));
      expect(await levels('risk-customer')).toEqual(detailOf(names));
      // saved names are the company's words: no translation
      expect(await levels('risk-customer', { lang: 'en' })).toEqual(detailOf(names));
      expect(await levels('risk-employee')).toEqual(defaults('th'));
      expect(await levels('risk-customer', { token: siam() })).toEqual(defaults('th'));

      const again = [...names.slice(0, 4), 'ร้ายแรงที่สุด'];
      expect(ok(await update({ type: 'risk-customer', detail: detailOf(again) }), levelReply).levelDetail).toEqual(detailOf(again));
      expect(await levels('risk-customer')).toEqual(detailOf(again));
    });

    shape.it('refuses a blank name, four levels, a repeated level, a level 6 and an unknown category (400), saving nothing', async () => {
      const good = ['ก', 'ข', 'ค', 'ง', 'จ'];
      const bad: [unknown, string][] = [
        [{ type: 'risk-operation', detail: detailOf(['ก', 'ข', '   ', 'ง', 'จ']) }, 'detail.2.name'],
        [{ type: 'risk-operation', detail: detailOf(good.slice(0, 4)) }, 'detail'],
        [{ type: 'risk-operation', detail: [...detailOf(good.slice(0, 4)), { level: 4, name: 'ซ้ำ' }] }, 'detail'],
        [{ type: 'risk-operation', detail: [...detailOf(good.slice(0, 4)), { level: 6, name: 'หก' }] }, 'detail.4.level'],
        [{ type: 'risk-operation', detail: [...detailOf(good), { level: 5, name: 'หก' }] }, 'detail'],
        [{ type: 'risk-operation', detail: detailOf([...good.slice(0, 4), 'ฉ'.repeat(101)]) }, 'detail.4.name'],
        [{ type: 'risk-operation', detail: detailOf(good).map((l) => ({ ...l, level: String(l.level) })) }, 'detail.0.level'],
        [{ type: 'risk-unknown', detail: detailOf(good) }, 'type'],
        [{ type: 'risk-operation' }, 'detail'],
        [{ type: 'risk-operation', detail: 'ก,ข,ค,ง,จ' }, 'detail'],
        [{}, 'type'],
        [[], '-'],
      ];
      for (const [body, field] of bad) expectInvalidField(await update(body), field);
      expectMessage(await ctx.api.call('POST', '/datarisk/level/update', { token: admin(), raw: '{"type": "risk-operation", ' }), 400, 'malformed_json');
      expect(await levels('risk-operation')).toEqual(defaults('th'));
    });

    shape.it('refuses an unknown or missing category when listing (400)', async () => {
      expectInvalidField(await ctx.api.get('/datarisk/level/list?type=risk-weather', { token: admin() }), 'type');
      expectInvalidField(await ctx.api.get('/datarisk/level/list', { token: admin(), lang: 'en' }), 'type', 'en');
    });
  });

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
      const recia = ok(await put({ riskMasterData: 'ชื่อใหม่', riskCia: { confidentiality: false, integrity: false, availability: true } }), eventReply).data;
      expect(recia).toEqual({ ...created, name: 'ชื่อใหม่', confidentiality: false, integrity: false, availability: true });
      expect((await events({ search: 'ชื่อใหม่' })).riskData).toEqual([recia]);

      const plan = await createPlan('แผนชื่อเดิม');
      const renamedPlan = ok(await ctx.api.put('/datarisk/create', { dataId: plan._id, type: 2, riskMasterData: 'แผนชื่อใหม่' }, { token: admin() }), planReply);
      expect(renamedPlan.data).toEqual({ ...plan, name: 'แผนชื่อใหม่' });
    });

    shape.it('answers 404 for an unknown id, or an id of the other type, on PUT and delete', async () => {
      const event = await createEvent('เหตุการณ์สำหรับ 404');
      const plan = await createPlan('แผนสำหรับ 404');
      const put = (dataId: string, type: number) => ctx.api.put('/datarisk/create', { dataId, type, riskMasterData: 'ไม่ควรบันทึก' }, { token: admin() });
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
      expectInvalidField(await create({ riskMasterData: 'ก', type: 1, riskCia: { confidentiality: 'yes', integrity: false, availability: false } }), 'riskCia.confidentiality');
      expectInvalidField(await create({ riskMasterData: 'ก', type: 1, riskCia: true }), 'riskCia');
      expectInvalidField(await create({}), 'riskMasterData');
      expectInvalidField(await create(undefined), 'riskMasterData');
      expectInvalidField(await create([{ riskMasterData: 'ก', type: 1 }]), '-');
      expectInvalidField(await create('ก'), '-');
      expectInvalidField(await ctx.api.put('/datarisk/create', { dataId: 'not-a-uuid', riskMasterData: 'ก', type: 1 }, { token: admin() }), 'dataId');
      expectInvalidField(await ctx.api.put('/datarisk/create', { dataId: NOBODY, riskMasterData: '  ', type: 1 }, { token: admin() }), 'riskMasterData');
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

    shape.it('stores HTML and script as plain text, returned unchanged everywhere', async () => {
      const event = await createEvent(HTML, { confidentiality: true, integrity: false, availability: false });
      const plan = await createPlan(`แผน ${HTML}`);
      expect(event.name).toBe(HTML);
      expect(plan.name).toBe(`แผน ${HTML}`);
      expect((await events({ search: '<script>' })).riskData).toEqual([event]);
      expect((await plans({ search: '<script>' })).riskData).toEqual([plan]);
      expect(ok(await setHandle(event._id, `แก้ไข ${HTML}`), okReply)).toEqual({ status: 200 });
      expect((await handles('handle', { search: '<img' })).riskData).toEqual([
        { _id: event._id, event: HTML, handleRisk: `แก้ไข ${HTML}`, created_dt: event.created_dt },
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

    rule.it('keeps the no-search totals of events and plans right: create 3, delete 1', async () => {
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

  describe('risk treatment plans: GET /datarisk/handle/list and POST /datarisk/handle/update', () => {
    shape.it('lists every event (never a plan) with its treatment plan, or null before one is written', async () => {
      const event = await createEvent('ระบบชำระเงินถูกเจาะ');
      const plan = await createPlan('แผนที่ไม่ควรอยู่ในรายการ RTP');
      const all = await handles('all', { limit: MAX_PAGE_SIZE });
      expect(all.riskData[0]).toEqual({ _id: event._id, event: event.name, handleRisk: null, created_dt: event.created_dt });
      expect(all.riskData.map((r) => r._id)).not.toContain(plan._id);
      expect((await handles('not-handle')).riskData[0]._id).toBe(event._id);
      expect((await handles('handle', { limit: MAX_PAGE_SIZE })).riskData.map((r) => r._id)).not.toContain(event._id);
      const times = all.riskData.map((r) => Date.parse(r.created_dt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
    });

    shape.it('sets a plan (trimmed), and clears it with riskId alone: the event goes back to not-handle', async () => {
      const event = await createEvent('บัญชีผู้ดูแลระบบใช้รหัสผ่านร่วมกัน');
      expect(ok(await setHandle(event._id, '  เปิดใช้ MFA และแยกบัญชีรายบุคคล  '), okReply)).toEqual({ status: 200 });
      const handled = await handles('handle', { search: 'บัญชีผู้ดูแลระบบ' });
      expect(handled.riskData).toEqual([{ _id: event._id, event: event.name, handleRisk: 'เปิดใช้ MFA และแยกบัญชีรายบุคคล', created_dt: event.created_dt }]);
      expect((await handles('not-handle', { search: 'บัญชีผู้ดูแลระบบ' })).totalDoc).toBe(0);

      expect(ok(await setHandle(event._id), okReply)).toEqual({ status: 200 });
      expect((await handles('handle', { search: 'บัญชีผู้ดูแลระบบ' })).totalDoc).toBe(0);
      expect((await handles('not-handle', { search: 'บัญชีผู้ดูแลระบบ' })).riskData).toEqual([{ ...handled.riskData[0], handleRisk: null }]);
    });

    shape.it('searches event names and plan text, in any case', async () => {
      const event = await createEvent('ฐานข้อมูลสำรองไม่ได้เข้ารหัส');
      ok(await setHandle(event._id, 'เข้ารหัสด้วย AES-256 ภายในไตรมาสนี้'), okReply);
      for (const search of ['ฐานข้อมูลสำรองไม่ได้', 'aes-256', 'ภายในไตรมาสนี้']) {
        expect((await handles('all', { search })).riskData.map((r) => r._id), search).toEqual([event._id]);
        expect((await handles('handle', { search })).totalDoc, search).toBe(1);
        expect((await handles('not-handle', { search })).totalDoc, search).toBe(0);
      }
      expect((await handles('all', { search: '%' })).riskData.every((r) => `${r.event}${r.handleRisk}`.includes('%'))).toBe(true);
    });

    shape.it('lists all by default', async () => {
      const list = ok(await ctx.api.get('/datarisk/handle/list', { token: admin() }), handleList);
      expect(list.totalDoc).toBe((await handles('all')).totalDoc);
    });

    shape.it('answers 404 for a plan, an unknown id', async () => {
      const plan = await createPlan('แผนที่ไม่ใช่เหตุการณ์');
      expectMessage(await setHandle(plan._id, 'ไม่ควรบันทึก'), 404, 'not_found');
      expectMessage(await setHandle(NOBODY, 'ไม่ควรบันทึก'), 404, 'not_found');
      expectMessage(await setHandle(NOBODY), 404, 'not_found');
    });

    shape.it('refuses blank plan text, a null one, a bad id and an unknown filter (400)', async () => {
      const event = await createEvent('เหตุการณ์สำหรับข้อมูลผิด');
      const post = (body: unknown) => ctx.api.post('/datarisk/handle/update', body, { token: admin() });
      expectInvalidField(await post({ riskId: event._id, handleRisk: '' }), 'handleRisk');
      expectInvalidField(await post({ riskId: event._id, handleRisk: '   ' }), 'handleRisk');
      expectInvalidField(await post({ riskId: event._id, handleRisk: null }), 'handleRisk');
      expectInvalidField(await post({ riskId: event._id, handleRisk: 42 }), 'handleRisk');
      expectInvalidField(await post({ riskId: event._id, handleRisk: 'ก'.repeat(5001) }), 'handleRisk');
      expectInvalidField(await post({ riskId: 'abc', handleRisk: 'แผน' }), 'riskId');
      expectInvalidField(await post({ handleRisk: 'แผน' }), 'riskId');
      expectInvalidField(await post({}), 'riskId');
      expectMessage(await ctx.api.call('POST', '/datarisk/handle/update', { token: admin(), raw: '{"riskId":' }), 400, 'malformed_json');
      expectInvalidField(await ctx.api.get('/datarisk/handle/list?type=handled', { token: admin() }), 'type');
      expect((await handles('not-handle', { search: 'เหตุการณ์สำหรับข้อมูลผิด' })).totalDoc).toBe(1);
    });
  });

  describe('the risk matrix: GET and PUT /risk-matrix/company', () => {
    const custom: MatrixCells = DEFAULT_MATRIX.map((row, l) => row.map((_, i) => RISK_CODES[Math.min(3, Math.floor((l + i) / 2))]));

    shape.it('gives the default matrix until saved', async () => {
      expect(await matrix()).toEqual(DEFAULT_MATRIX);
      expect(await matrix(siam())).toEqual(DEFAULT_MATRIX);
    });

    shape.it("saves the company's matrix, and only its own", async () => {
      try {
        expect(ok(await putMatrix(custom), matrixReply)).toEqual({ status: 200, data: { id: 'company', cells: custom } });
        expect(await matrix()).toEqual(custom);
        expect(await matrix(siam())).toEqual(DEFAULT_MATRIX);
      } finally {
        ok(await putMatrix(DEFAULT_MATRIX), matrixReply);
      }
      expect(await matrix()).toEqual(DEFAULT_MATRIX);
    });

    rule.it("scores evaluations by the company's matrix at the time of saving", async () => {
      const event = await createEvent('เหตุการณ์ที่คะแนนขึ้นกับตาราง');
      const rated = { riskId: event._id, ratings: { 'risk-finance': { likelihood: 1, impact: 1 } }, residualLikelihood: 1, residualImpact: 2 };
      const allVh = DEFAULT_MATRIX.map((row) => row.map(() => 'VH' as const));
      let id = '';
      try {
        ok(await putMatrix(allVh), matrixReply);
        const saved = await createEvaluation({ name: 'ประเมินด้วยตารางที่ปรับแล้ว', items: [rated] });
        id = saved.id;
        expect(saved.items[0]).toMatchObject({ code: 'VH', residualCode: 'VH' });
        // VH needs its treatment: finishing without it is refused
        const finish = await ctx.api.put(`/risk-evaluations/${id}`, { name: 'ประเมินด้วยตารางที่ปรับแล้ว', status: 'completed', items: [rated] }, { token: admin() });
        expectMessage(finish, 400, 'risk_treatment_required', 'th', { events: event.name });
      } finally {
        ok(await putMatrix(DEFAULT_MATRIX), matrixReply);
      }
      // stored codes stay as scored; a new save scores by today's matrix
      expect((await evaluation(id)).items[0]).toMatchObject({ code: 'VH', residualCode: 'VH' });
      const resaved = ok(await ctx.api.put(`/risk-evaluations/${id}`, { name: 'ประเมินด้วยตารางเดิม', items: [rated] }, { token: admin() }), evaluationReply);
      expect(resaved.data.items[0]).toMatchObject({ code: 'L', residualCode: 'L' });
    });

    shape.it('refuses cells that are not 5x5 codes (400), keeping the matrix', async () => {
      const bad: [unknown, string][] = [
        [DEFAULT_MATRIX.slice(0, 4), 'cells'],
        [[...DEFAULT_MATRIX, DEFAULT_MATRIX[0]], 'cells'],
        [DEFAULT_MATRIX.map((row, l) => (l === 2 ? row.slice(0, 4) : row)), 'cells.2'],
        [DEFAULT_MATRIX.map((row, l) => (l === 1 ? [...row.slice(0, 4), 'X'] : row)), 'cells.1.4'],
        [DEFAULT_MATRIX.map((row, l) => (l === 0 ? ['l', ...row.slice(1)] : row)), 'cells.0.0'],
        [DEFAULT_MATRIX.map((row) => row.join('')), 'cells.0'],
        ['LMHVH', 'cells'],
        [undefined, 'cells'],
      ];
      for (const [cells, field] of bad) expectInvalidField(await putMatrix(cells), field);
      expectInvalidField(await ctx.api.put('/risk-matrix/company', [], { token: admin() }), '-');
      expect(await matrix()).toEqual(DEFAULT_MATRIX);
    });

    shape.it('refuses any id but "company" (400)', async () => {
      const demoId = (await ctx.api.get('/setting/company/fetch', { token: admin() })).body.company._id;
      for (const id of ['other', demoId, 'COMPANY', NOBODY]) {
        expectInvalidField(await ctx.api.get(`/risk-matrix/${id}`, { token: admin() }), 'id');
        expectInvalidField(await ctx.api.put(`/risk-matrix/${id}`, { cells: DEFAULT_MATRIX }, { token: admin() }), 'id');
      }
      expect(await matrix()).toEqual(DEFAULT_MATRIX);
    });
  });

  describe('evaluations: /risk-evaluations, /datarisk/evalution/header, /datarisk/evaluation/delete/:id', () => {
    const ev = { leak: '', flood: '', training: '', plan: '', otherPlan: '' };
    const names = {
      leak: 'ข้อมูลบัตรเครดิตลูกค้ารั่วไหล',
      flood: 'ห้องเซิร์ฟเวอร์เสียหายจากน้ำท่วม',
      training: 'พนักงานใหม่ยังไม่ได้อบรม PDPA',
    };
    beforeAll(async () => {
      ev.leak = (await createEvent(names.leak, { confidentiality: true, integrity: true, availability: false }))._id;
      ev.flood = (await createEvent(names.flood, { confidentiality: false, integrity: false, availability: true }))._id;
      ev.training = (await createEvent(names.training))._id;
      ev.plan = (await createPlan('เข้ารหัสข้อมูลบัตรตามมาตรฐาน PCI DSS'))._id;
      ev.otherPlan = (await createPlan('ย้ายเซิร์ฟเวอร์ขึ้นชั้นสอง'))._id;
    });
    /** leak: finance 5x5 and reputation 2x2, flood: operation 1x2, training: not rated */
    const draftItems = () => [
      {
        riskId: ev.leak,
        ratings: { 'risk-finance': { likelihood: 5, impact: 5 }, 'risk-reputation': { likelihood: 2, impact: 2 } },
        owner: 'ฝ่ายการเงิน',
        treatment: 'mitigate',
        planId: ev.plan,
        dueDate: '2026-12-31',
        residualLikelihood: 2,
        residualImpact: 2,
      },
      { riskId: ev.flood, ratings: { 'risk-operation': { likelihood: 1, impact: 2 } }, owner: '', planText: '' },
      { riskId: ev.training },
    ];
    /** An item that must have its treatment: H by the default matrix (3x3). */
    const high = (riskId: string, extra: Record<string, unknown> = {}) => ({
      riskId,
      ratings: { 'risk-customer': { likelihood: 3, impact: 3 } },
      owner: 'DPO',
      treatment: 'transfer',
      planText: 'ทำประกันภัยไซเบอร์',
      dueDate: '2027-01-15',
      ...extra,
    });
    const save = (body: unknown, token = admin()) => ctx.api.post('/risk-evaluations', body, { token });
    const count = async (search: string) => (await headers({ search })).totalDoc;

    shape.it('saves a draft with its items scored by the matrix (worst category), and shows it the same way', async () => {
      const saved = await createEvaluation({ name: '  ประเมินฉบับร่าง ไตรมาส 1  ', status: 'draft', items: draftItems() });
      expect(saved).toMatchObject({ name: 'ประเมินฉบับร่าง ไตรมาส 1', status: 'draft' });
      expect(saved.created_dt).toBe(saved.updated_dt);
      const worst = (ratings: [number, number][]) => worstCode(ratings.map(([l, i]) => codeOf(DEFAULT_MATRIX, l, i)));
      expect(saved.items).toEqual([
        {
          riskId: ev.leak,
          event: names.leak,
          cia: { confidentiality: true, integrity: true, availability: false },
          ratings: { 'risk-finance': { likelihood: 5, impact: 5 }, 'risk-reputation': { likelihood: 2, impact: 2 } },
          code: worst([[5, 5], [2, 2]]),
          owner: 'ฝ่ายการเงิน',
          treatment: 'mitigate',
          planId: ev.plan,
          planName: 'เข้ารหัสข้อมูลบัตรตามมาตรฐาน PCI DSS',
          planText: null,
          dueDate: '2026-12-31',
          residualLikelihood: 2,
          residualImpact: 2,
          residualCode: codeOf(DEFAULT_MATRIX, 2, 2),
        },
        {
          riskId: ev.flood,
          event: names.flood,
          cia: { confidentiality: false, integrity: false, availability: true },
          ratings: { 'risk-operation': { likelihood: 1, impact: 2 } },
          code: 'L',
          owner: null,
          treatment: null,
          planId: null,
          planName: null,
          planText: null,
          dueDate: null,
          residualLikelihood: null,
          residualImpact: null,
          residualCode: null,
        },
        expect.objectContaining({ riskId: ev.training, event: names.training, ratings: {}, code: null, residualCode: null }),
      ]);
      expect(saved.items[0].code).toBe('VH');
      expect(saved.items[0].residualCode).toBe('M');
      expect(await evaluation(saved.id)).toEqual(saved);
      const header = (await headers()).headerList[0];
      expect(header).toEqual({ _id: saved.id, name: saved.name, draft: true, completed: false, created_dt: saved.created_dt, updated_dt: saved.updated_dt });
    });

    shape.it('saves a draft by default, and with no items', async () => {
      const saved = await createEvaluation({ name: 'ประเมินเปล่า', items: [] });
      expect(saved).toMatchObject({ status: 'draft', items: [] });
      const bare = ok(await save({ name: 'ประเมินไม่ส่งรายการ' }), evaluationReply).data;
      expect(bare).toMatchObject({ status: 'draft', items: [] });
    });

    rule.it('refuses to finish while an H or VH item lacks its owner, treatment, plan or due date (400, naming the events), saving nothing', async () => {
      const name = 'ประเมินที่ยังไม่ครบ';
      const missing: Record<string, unknown>[] = [{ owner: null }, { owner: '  ' }, { treatment: null }, { planText: null }, { planText: '' }, { dueDate: null }];
      for (const gap of missing) {
        const reply = await save({ name, status: 'completed', items: [high(ev.leak, gap)] });
        expectMessage(reply, 400, 'risk_treatment_required', 'th', { events: names.leak });
      }
      const both = await save({ name, status: 'completed', items: [high(ev.flood, { owner: '' }), { riskId: ev.training, ratings: { 'risk-employee': { likelihood: 1, impact: 1 } } }, high(ev.leak, { dueDate: undefined })] }, admin());
      expectMessage(both, 400, 'risk_treatment_required', 'th', { events: `${names.flood}, ${names.leak}` });
      const english = await ctx.api.post('/risk-evaluations', { name, status: 'completed', items: [high(ev.leak, { treatment: undefined })] }, { token: admin(), lang: 'en' });
      expectMessage(english, 400, 'risk_treatment_required', 'en', { events: names.leak });
      expect(await count(name)).toBe(0);
    });

    shape.it('lets L and M items finish without treatment fields', async () => {
      const saved = await createEvaluation({
        name: 'ประเมินความเสี่ยงต่ำ',
        status: 'completed',
        items: [{ riskId: ev.flood, ratings: { 'risk-operation': { likelihood: 2, impact: 3 } } }],
      });
      expect(saved).toMatchObject({ status: 'completed', items: [{ code: 'M', owner: null, treatment: null }] });
    });

    rule.it('finishes with a plan chosen or written, and tells the whole company (and no other)', async () => {
      const [adminBefore, viewerBefore, siamBefore] = await Promise.all(
        [admin(), ctx.demoViewer.access_token, siam()].map((t) => notifications(t)),
      );
      const name = 'ประเมินความเสี่ยงประจำไตรมาส 2';
      const saved = await createEvaluation({ name, status: 'completed', items: [high(ev.leak, { planText: null, planId: ev.plan }), high(ev.flood)] });
      expect(saved.status).toBe('completed');
      expect(saved.items.map((i) => [i.code, i.planName, i.planText])).toEqual([
        ['H', 'เข้ารหัสข้อมูลบัตรตามมาตรฐาน PCI DSS', null],
        ['H', null, 'ทำประกันภัยไซเบอร์'],
      ]);
      expect((await headers({ search: name })).headerList).toEqual([
        { _id: saved.id, name, draft: false, completed: true, created_dt: saved.created_dt, updated_dt: saved.updated_dt },
      ]);

      const adminAfter = await notifications(admin());
      expect(adminAfter.totalNotification).toBe(adminBefore.totalNotification + 1);
      expect(adminAfter.unread).toBe(adminBefore.unread + 1);
      expect(adminAfter.notificationList[0]).toMatchObject({
        kind: 'evaluation_finished',
        params: { title: name },
        link: '/risk-management/evaluation',
        read: false,
      });
      const viewerAfter = await notifications(ctx.demoViewer.access_token);
      expect(viewerAfter.totalNotification).toBe(viewerBefore.totalNotification + 1);
      expect(viewerAfter.notificationList[0]._id).toBe(adminAfter.notificationList[0]._id);
      expect((await notifications(siam())).totalNotification).toBe(siamBefore.totalNotification);
    });

    rule.it('refuses to finish without items (400) or with an item not rated (400)', async () => {
      expectMessage(await save({ name: 'จบโดยไม่มีรายการ', status: 'completed', items: [] }), 400, 'risk_evaluation_empty');
      expectMessage(await save({ name: 'จบโดยไม่มีรายการ', status: 'completed' }), 400, 'risk_evaluation_empty');
      const unrated = await save({ name: 'จบโดยไม่ให้คะแนน', status: 'completed', items: [high(ev.leak), { riskId: ev.training, ratings: {} }] });
      expectMessage(unrated, 400, 'risk_evaluation_unrated');
      expect(await count('จบโดยไม่')).toBe(0);
    });

    rule.it('refuses an event twice (400), a plan as an event, an event as a plan and unknown ids (400), saving nothing', async () => {
      expectMessage(await save({ name: 'ประเมินผิดรายการ', items: [{ riskId: ev.leak }, { riskId: ev.leak }] }), 400, 'risk_duplicate_event');
      for (const item of [{ riskId: ev.plan }, { riskId: ev.leak, planId: ev.flood }, { riskId: NOBODY }, { riskId: ev.leak, planId: NOBODY }]) {
        expectMessage(await save({ name: 'ประเมินผิดรายการ', items: [item] }), 400, 'risk_unknown_item');
      }
      expect(await count('ประเมินผิดรายการ')).toBe(0);
    });

    shape.it('refuses malformed fields (400)', async () => {
      const item = { riskId: ev.leak, ratings: { 'risk-finance': { likelihood: 3, impact: 3 } } };
      const bad: [unknown, string][] = [
        [{ name: '', items: [] }, 'name'],
        [{ name: '   ', items: [] }, 'name'],
        [{ name: 'ก'.repeat(301), items: [] }, 'name'],
        [{ items: [] }, 'name'],
        [{ name: 'ประเมินผิดรูปแบบ', status: 'done', items: [] }, 'status'],
        [{ name: 'ประเมินผิดรูปแบบ', items: {} }, 'items'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, riskId: 'abc' }] }, 'items.0.riskId'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ratings: {} }] }, 'items.0.riskId'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, ratings: { 'risk-finance': { likelihood: 6, impact: 3 } } }] }, 'items.0.ratings.risk-finance.likelihood'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, ratings: { 'risk-finance': { likelihood: 0, impact: 3 } } }] }, 'items.0.ratings.risk-finance.likelihood'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, ratings: { 'risk-finance': { likelihood: 2.5, impact: 3 } } }] }, 'items.0.ratings.risk-finance.likelihood'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, ratings: { 'risk-finance': { likelihood: 2 } } }] }, 'items.0.ratings.risk-finance.impact'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, ratings: { 'risk-weather': { likelihood: 2, impact: 2 } } }] }, 'items.0.ratings'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, treatment: 'ignore' }] }, 'items.0.treatment'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, dueDate: '31/12/2569' }] }, 'items.0.dueDate'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, dueDate: '2026-12-31T00:00:00Z' }] }, 'items.0.dueDate'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, residualImpact: 0 }] }, 'items.0.residualImpact'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, owner: 'ก'.repeat(201) }] }, 'items.0.owner'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, planId: 'แผน' }] }, 'items.0.planId'],
        [{ name: 'ประเมินผิดรูปแบบ', items: Array.from({ length: 501 }, () => item) }, 'items'],
        [[], '-'],
      ];
      for (const [body, field] of bad) expectInvalidField(await save(body), field);
      expectMessage(await ctx.api.call('POST', '/risk-evaluations', { token: admin(), raw: '{"name": "ก", "items": [' }), 400, 'malformed_json');
      expect(await count('ประเมินผิดรูปแบบ')).toBe(0);
    });
    rule.it('refuses a due date that does not exist (400), saving nothing', async () => {
      for (const dueDate of ['2026-02-30', '2026-13-01', '0000-01-01']) {
        expectFailure(await save({ name: 'ประเมินวันที่ไม่มีจริง', items: [{ riskId: ev.leak, dueDate }] }), 400);
      }
      expect(await count('ประเมินวันที่ไม่มีจริง')).toBe(0);
    });

    rule.it('replaces name, status and items with PUT; created_dt stays, updated_dt moves on', async () => {
      const saved = await createEvaluation({ name: 'ประเมินที่จะแก้ไข', items: draftItems() });
      const body = { name: 'ประเมินที่แก้ไขแล้ว', status: 'completed', items: [high(ev.training)] };
      await new Promise((resolve) => setTimeout(resolve, 5)); // so that updated_dt can move on
      const updated = ok(await ctx.api.put(`/risk-evaluations/${saved.id}`, body, { token: admin() }), evaluationReply).data;
      expect(updated).toMatchObject({ id: saved.id, name: 'ประเมินที่แก้ไขแล้ว', status: 'completed', created_dt: saved.created_dt });
      expect(updated.items.map((i) => i.riskId)).toEqual([ev.training]);
      expect(Date.parse(updated.updated_dt)).toBeGreaterThan(Date.parse(saved.updated_dt));
      expect(await evaluation(saved.id)).toEqual(updated);
      expect(await count('ประเมินที่จะแก้ไข')).toBe(0);
      expect((await headers({ search: 'ประเมินที่แก้ไขแล้ว' })).headerList[0]).toMatchObject({ draft: false, completed: true, updated_dt: updated.updated_dt });

      // back to draft; a refused PUT changes nothing
      const draft = ok(await ctx.api.put(`/risk-evaluations/${saved.id}`, { name: 'ประเมินที่แก้ไขแล้ว', items: [] }, { token: admin() }), evaluationReply);
      expect(draft.data).toMatchObject({ status: 'draft', items: [] });
      const refused = await ctx.api.put(`/risk-evaluations/${saved.id}`, { name: 'ไม่ควรบันทึก', status: 'completed', items: [high(ev.leak, { owner: null })] }, { token: admin() });
      expectMessage(refused, 400, 'risk_treatment_required', 'th', { events: names.leak });
      expect(await evaluation(saved.id)).toEqual(draft.data);
    });

    shape.it('answers 404 for an unknown evaluation and 400 for an id that is not a uuid', async () => {
      const body = { name: 'ไม่มีจริง', items: [] };
      expectMessage(await ctx.api.get(`/risk-evaluations/${NOBODY}`, { token: admin() }), 404, 'not_found');
      expectMessage(await ctx.api.put(`/risk-evaluations/${NOBODY}`, body, { token: admin() }), 404, 'not_found');
      expectMessage(await ctx.api.delete(`/datarisk/evaluation/delete/${NOBODY}`, { token: admin(), lang: 'en' }), 404, 'not_found', 'en');
      expectInvalidField(await ctx.api.get('/risk-evaluations/abc', { token: admin() }), 'id');
      expectInvalidField(await ctx.api.put("/risk-evaluations/1'%20OR%20'1'='1", body, { token: admin() }), 'id');
      expectInvalidField(await ctx.api.delete('/datarisk/evaluation/delete/123', { token: admin() }), 'id');
      expect(await count('ไม่มีจริง')).toBe(0);
    });

    shape.it('lists headers newest first, searches their names, pages them', async () => {
      for (const n of [1, 2, 3]) await createEvaluation({ name: `หัวข้อประเมิน รอบ ${n}`, items: [] });
      const list = await headers({ search: 'หัวข้อประเมิน' });
      expect(list.headerList.map((h) => h.name)).toEqual(['หัวข้อประเมิน รอบ 3', 'หัวข้อประเมิน รอบ 2', 'หัวข้อประเมิน รอบ 1']);
      expect(list.totalDoc).toBe(3);
      const second = await headers({ search: 'หัวข้อประเมิน', currentPage: 2, limit: 2 });
      expect(second.headerList.map((h) => h.name)).toEqual(['หัวข้อประเมิน รอบ 1']);
      expect(second.totalDoc).toBe(3);
      expect((await headers({ search: 'รอบ 2' })).headerList.map((h) => h.name)).toEqual(['หัวข้อประเมิน รอบ 2']);
      const all = await headers({ limit: MAX_PAGE_SIZE });
      expect((await headers({ search: '   ' })).totalDoc).toBe(all.totalDoc);
      const times = all.headerList.map((h) => Date.parse(h.created_dt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect((await headers({ search: '%' })).headerList.every((h) => h.name.includes('%'))).toBe(true);
    });

    shape.it('deletes an evaluation (200), even sent with a JSON content type and no body; again is 404', async () => {
      const saved = await createEvaluation({ name: 'ประเมินที่จะลบทิ้ง', items: draftItems() });
      const reply = await ctx.api.call('DELETE', `/datarisk/evaluation/delete/${saved.id}`, {
        token: admin(),
        raw: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(ok(reply, okReply)).toEqual({ status: 200 });
      expect(await count('ประเมินที่จะลบทิ้ง')).toBe(0);
      expectMessage(await ctx.api.get(`/risk-evaluations/${saved.id}`, { token: admin() }), 404, 'not_found');
      expectMessage(await ctx.api.delete(`/datarisk/evaluation/delete/${saved.id}`, { token: admin() }), 404, 'not_found');
      // its events are free again
      expect((await events({ search: names.training })).totalDoc).toBe(1);
    });

    rule.it('refuses to delete an event or a plan an evaluation uses (409), until the evaluation is gone', async () => {
      const event = await createEvent('เหตุการณ์ที่ถูกใช้อยู่');
      const plan = await createPlan('แผนที่ถูกใช้อยู่');
      const saved = await createEvaluation({ name: 'ประเมินที่ใช้เหตุการณ์', items: [{ riskId: event._id, planId: plan._id }] });
      expectMessage(await deleteRisk(event._id, 1), 409, 'in_use');
      expectMessage(await ctx.api.post('/datarisk/delete/', { dataId: plan._id, type: 2 }, { token: admin(), lang: 'en' }), 409, 'in_use', 'en');
      expect((await events({ search: 'เหตุการณ์ที่ถูกใช้อยู่' })).riskData).toEqual([event]);
      expect((await plans({ search: 'แผนที่ถูกใช้อยู่' })).riskData).toEqual([plan]);
      expect((await evaluation(saved.id)).items[0]).toMatchObject({ event: event.name, planName: plan.name });
      // renaming is fine, and shows in the evaluation
      ok(await ctx.api.put('/datarisk/create', { dataId: event._id, type: 1, riskMasterData: 'เหตุการณ์ที่ถูกใช้อยู่ (แก้ชื่อ)' }, { token: admin() }), eventReply);
      expect((await evaluation(saved.id)).items[0].event).toBe('เหตุการณ์ที่ถูกใช้อยู่ (แก้ชื่อ)');

      ok(await ctx.api.delete(`/datarisk/evaluation/delete/${saved.id}`, { token: admin() }), okReply);
      expect(ok(await deleteRisk(event._id, 1), okReply)).toEqual({ status: 200 });
      expect(ok(await deleteRisk(plan._id, 2), okReply)).toEqual({ status: 200 });
      expect((await events({ search: 'เหตุการณ์ที่ถูกใช้อยู่' })).totalDoc).toBe(0);
    });
  });

  describe('POST /datarisk/evaluation/export', () => {
    const ids = { first: '', second: '', event: '' };
    beforeAll(async () => {
      const event = await createEvent('ส่งออก: ลูกค้าขอลบข้อมูลแต่ระบบยังเก็บไว้', { confidentiality: true, integrity: false, availability: false });
      ids.event = event._id;
      ids.first = (
        await createEvaluation({
          name: 'รายงานส่งออก ก',
          status: 'completed',
          items: [{ riskId: event._id, ratings: { 'risk-customer': { likelihood: 4, impact: 4 } }, owner: 'ฝ่ายบริการลูกค้า', treatment: 'avoid', planText: 'ลบข้อมูลภายใน 30 วัน', dueDate: '2026-12-01' }],
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

    shape.it('refuses no ids, ids that are not uuids and an unknown format (400); an unknown id is 404', async () => {
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

  describe("tenant isolation: SIAM and DEMO's risk data", () => {
    const demo = { event: '', plan: '', handled: '', evaluation: '' };
    const own = { event: '', plan: '', evaluation: '' };
    const DEMO_EVENT = 'ลับเฉพาะ DEMO: ฐานข้อมูลเงินเดือน';
    beforeAll(async () => {
      demo.event = (await createEvent(DEMO_EVENT, { confidentiality: true, integrity: true, availability: true }))._id;
      demo.plan = (await createPlan('ลับเฉพาะ DEMO: แผนสำรอง'))._id;
      demo.handled = (await createEvent('ลับเฉพาะ DEMO: เหตุการณ์ที่มีแผน'))._id;
      ok(await setHandle(demo.handled, 'ลับเฉพาะ DEMO: แผนจัดการ'), okReply);
      demo.evaluation = (
        await createEvaluation({ name: 'ลับเฉพาะ DEMO: การประเมิน', items: [{ riskId: demo.event, planId: demo.plan, ratings: { 'risk-finance': { likelihood: 2, impact: 2 } } }] })
      ).id;
      own.event = (await createEvent('ของ SIAM: ระบบสมาชิก', undefined, siam()))._id;
      own.plan = (await createPlan('ของ SIAM: แผน', siam()))._id;
      own.evaluation = (await createEvaluation({ name: 'ของ SIAM: การประเมิน', items: [{ riskId: own.event }] }, siam())).id;
    });
    const demoIds = () => Object.values(demo);
    const expectDemoUntouched = async () => {
      expect((await events({ search: DEMO_EVENT })).riskData.map((r) => [r._id, r.name, r.confidentiality])).toEqual([[demo.event, DEMO_EVENT, true]]);
      expect((await plans({ search: 'ลับเฉพาะ DEMO' })).riskData.map((r) => r._id)).toEqual([demo.plan]);
      expect((await handles('handle', { search: 'ลับเฉพาะ DEMO' })).riskData.map((r) => [r._id, r.handleRisk])).toEqual([[demo.handled, 'ลับเฉพาะ DEMO: แผนจัดการ']]);
      expect(await evaluation(demo.evaluation)).toMatchObject({ name: 'ลับเฉพาะ DEMO: การประเมิน', items: [{ riskId: demo.event, code: 'M' }] });
    };

    shape.it("never lists DEMO's events, plans, treatment plans or evaluations to SIAM", async () => {
      const lists = [
        (q: Query) => events(q, siam()),
        (q: Query) => plans(q, siam()),
        (q: Query) => handles('all', q, siam()),
        (q: Query) => headers(q, siam()).then((h) => ({ riskData: h.headerList, totalDoc: h.totalDoc })),
      ];
      for (const list of lists) {
        expect((await list({ search: 'ลับเฉพาะ DEMO' })).totalDoc).toBe(0);
        const everything = await list({ limit: MAX_PAGE_SIZE });
        const text = JSON.stringify(everything);
        for (const id of demoIds()) expect(text).not.toContain(id);
        expect(text).not.toContain('ลับเฉพาะ DEMO');
        expect(text).toContain('ของ SIAM');
      }
      // and DEMO never sees SIAM's
      expect((await events({ search: 'ของ SIAM' })).totalDoc).toBe(0);
      expect((await headers({ search: 'ของ SIAM' })).totalDoc).toBe(0);
    });

    shape.it("refuses SIAM's edits and deletes of DEMO's events and plans (404), which stay as they were", async () => {
      const put = (dataId: string, type: number) => ctx.api.put('/datarisk/create', { dataId, type, riskMasterData: 'SIAM แก้', riskCia: { confidentiality: false, integrity: false, availability: false } }, { token: siam() });
      expectMessage(await put(demo.event, 1), 404, 'not_found');
      expectMessage(await put(demo.plan, 2), 404, 'not_found');
      expectMessage(await deleteRisk(demo.event, 1, siam()), 404, 'not_found');
      expectMessage(await deleteRisk(demo.plan, 2, siam()), 404, 'not_found');
      expectMessage(await deleteRisk(demo.handled, 1, siam()), 404, 'not_found');
      expectMessage(await setHandle(demo.event, 'SIAM เขียนแผน', siam()), 404, 'not_found');
      expectMessage(await setHandle(demo.handled, undefined, siam()), 404, 'not_found');
      await expectDemoUntouched();
    });

    rule.it("refuses SIAM reading, editing, deleting or exporting DEMO's evaluation (404)", async () => {
      expectMessage(await ctx.api.get(`/risk-evaluations/${demo.evaluation}`, { token: siam() }), 404, 'not_found');
      for (const items of [[], [{ riskId: own.event }]]) {
        const reply = await ctx.api.put(`/risk-evaluations/${demo.evaluation}`, { name: 'SIAM แก้', items }, { token: siam() });
        expectMessage(reply, 404, 'not_found');
      }
      expectMessage(await ctx.api.delete(`/datarisk/evaluation/delete/${demo.evaluation}`, { token: siam() }), 404, 'not_found');
      expectMessage(await exportFile([demo.evaluation], 'xlsx', siam()), 404, 'not_found');
      expectMessage(await exportFile([own.evaluation, demo.evaluation], 'pdf', siam()), 404, 'not_found');
      expect((await exportFile([own.evaluation], 'xlsx', siam())).status).toBe(200);
      await expectDemoUntouched();
    });

    shape.it("refuses SIAM rating DEMO's events or choosing DEMO's plans (400), saving nothing", async () => {
      const items = [[{ riskId: demo.event }], [{ riskId: own.event, planId: demo.plan }], [{ riskId: own.event }, { riskId: demo.handled }]];
      for (const list of items) {
        expectMessage(await ctx.api.post('/risk-evaluations', { name: 'SIAM ใช้ของ DEMO', items: list }, { token: siam() }), 400, 'risk_unknown_item');
        const put = await ctx.api.put(`/risk-evaluations/${own.evaluation}`, { name: 'SIAM ใช้ของ DEMO', items: list }, { token: siam() });
        expectMessage(put, 400, 'risk_unknown_item');
      }
      expect((await headers({ search: 'SIAM ใช้ของ DEMO' }, siam())).totalDoc).toBe(0);
      expect(await evaluation(own.evaluation, siam())).toMatchObject({ name: 'ของ SIAM: การประเมิน', items: [{ riskId: own.event }] });
      // and the other way round
      expectMessage(await ctx.api.post('/risk-evaluations', { name: 'DEMO ใช้ของ SIAM', items: [{ riskId: own.event }] }, { token: admin() }), 400, 'risk_unknown_item');
    });

    shape.it("keeps each company's totals its own", async () => {
      const [demoEvents, siamEvents] = [await events(), await events({}, siam())];
      await createEvent('ของ SIAM: อีกหนึ่งเหตุการณ์', undefined, siam());
      expect((await events()).totalDoc).toBe(demoEvents.totalDoc);
      expect((await events({}, siam())).totalDoc).toBe(siamEvents.totalDoc + 1);
      expect((await events({}, siam())).totalDoc).toBe(await countAll((q) => events(q, siam())));
    });
  });
}
