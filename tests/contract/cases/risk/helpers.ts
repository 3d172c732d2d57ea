/** What the risk cases share: the replies' schemas, the demo ids nobody has, the risk calls. */
import { expect } from 'vitest';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../../../contract/http';
import { notificationListReply } from '../../../../contract/notifications';
import {
  RISK_CATEGORIES,
  RISK_CODES,
  TREATMENTS,
  categoryRating,
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
  type HANDLE_FILTERS,
} from '../../../../contract/risk';
import type { Reply } from '../../client';
import type { Ctx } from '../../expectations';

// ---- the replies, from the contract's pieces; strict, so every target answers exactly these fields
export const uuid = z.string().uuid();
export const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString() === s, 'an ISO instant');
export const eventRow = riskEvent.extend({ _id: uuid, created_dt: iso }).strict();
export const planRow = riskPlan.extend({ _id: uuid, created_dt: iso }).strict();
export const eventList = riskListReply.extend({ riskData: z.array(eventRow) }).strict();
export const planList = riskListReply.extend({ riskData: z.array(planRow) }).strict();
export const eventReply = z.object({ status: z.literal(200), data: eventRow }).strict();
export const planReply = z.object({ status: z.literal(200), data: planRow }).strict();
export const levelReply = z.object({ status: z.literal(200), levelDetail }).strict();
export const handleList = handleListReply.extend({ riskData: z.array(handleRow.extend({ _id: uuid, created_dt: iso }).strict()) }).strict();
export const matrixReply = z.object({ status: z.literal(200), data: z.object({ id: z.literal('company'), cells: matrixCells }).strict() }).strict();
export const code = z.enum(RISK_CODES);
export const evaluationItemReply = z
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
    dueDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable(),
    residualLikelihood: z.number().int().nullable(),
    residualImpact: z.number().int().nullable(),
    residualCode: code.nullable(),
  })
  .strict();
export const evaluationReply = z
  .object({
    status: z.literal(200),
    data: z
      .object({
        id: uuid,
        name: z.string(),
        status: z.enum(['draft', 'completed']),
        created_dt: iso,
        updated_dt: iso,
        items: z.array(evaluationItemReply),
      })
      .strict(),
  })
  .strict();
export const headerList = evaluationHeaderReply
  .extend({ headerList: z.array(evaluationHeader.extend({ _id: uuid, created_dt: iso, updated_dt: iso }).strict()) })
  .strict();
export const okReply = z.object({ status: z.literal(200) }).strict();

export type HandleFilter = (typeof HANDLE_FILTERS)[number];
export type Query = Record<string, string | number | undefined>;
export type EvaluationInput = { name: string; status?: string; items: Record<string, unknown>[] };

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** No row has it: a well-formed id that is nobody's. */
export const NOBODY = '00000000-0000-4000-8000-000000000000';
export const HTML = `<script>alert("x")</script><img src=x onerror=alert(1)> & <b>ตัวหนา</b>`;

export const qs = (query: Query) => {
  const pairs = Object.entries(query).filter(([, v]) => v !== undefined);
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
};

export function ok<T>(reply: Reply, schema: z.ZodType<T>): T {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return schema.parse(reply.body);
}

/** The risk calls as the cases make them, signed in as DEMO's admin unless told. */
export function riskApi(ctx: Ctx) {
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
  return {
    admin,
    siam,
    levels,
    createEvent,
    createPlan,
    events,
    plans,
    handles,
    deleteRisk,
    setHandle,
    matrix,
    putMatrix,
    createEvaluation,
    evaluation,
    headers,
    exportFile,
    notifications,
    countAll,
    handleTotals,
    realHandleCounts,
  };
}
