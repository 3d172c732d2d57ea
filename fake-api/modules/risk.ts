/**
 * Risk management (menu 18): level names, events (type 1) and plans (type 2), treatment plans,
 * the 5x5 matrix and evaluations over the `riskMaster`, `riskLevels`, `riskMatrices` and
 * `riskEvaluations` collections. The server's rules (an H/VH item needs its treatment to finish,
 * a used event cannot be deleted, the report) are the server's: the contract suite tests them there.
 */
import { z } from 'zod';
import { MENU } from '../../contract/menus';
import {
  DEFAULT_MATRIX,
  LEVELS,
  RISK_TYPE,
  evaluationBody,
  evaluationHeaderQuery,
  exportBody,
  handleListQuery,
  handleUpdateBody,
  levelListQuery,
  levelUpdateBody,
  matrixBody,
  riskCreateBody,
  riskDeleteBody,
  riskListQuery,
  riskUpdateBody,
  scoreItem,
  type EvaluationBody,
} from '../../contract/risk';
import { th, en } from '../../i18n';
import type { FakeDb, Row } from '../collections';
import { create, list, one, ownRow, ownRows, remove, update } from '../crud';
import { Failure, now, route, type Call } from '../engine';

const read = { menuId: MENU.riskManagement.menuId } as const;
const write = { ...read, write: true } as const;
const idParams = z.object({ id: z.string().uuid() });
/** The matrix is one record per company, addressed as `/risk-matrix/company`. */
const matrixParams = z.object({ id: z.literal('company') });

const riskRow = (r: Row<'riskMaster'>) =>
  r.type === RISK_TYPE.event
    ? { _id: r._id, name: r.name, confidentiality: r.confidentiality, integrity: r.integrity, availability: r.availability, created_dt: r.created_dt }
    : { _id: r._id, name: r.name, created_dt: r.created_dt };
const matrixOf = (db: FakeDb, companyId: string) => db.riskMatrices.find((m) => m.companyId === companyId)?.cells ?? DEFAULT_MATRIX;
const riskName = (call: Call, id: string | null | undefined) => ownRows(call, 'riskMaster').find((r) => r._id === id);

/**
 * An event's plan as the RTP shows it: its own text, else the plan the evaluation saved last chose for
 * it (that plan's name, or the text written there), which is changed in that evaluation.
 */
const rtpPlan = (call: Call, event: Row<'riskMaster'>) => {
  if (event.handleRisk !== null) return { handleRisk: event.handleRisk, fromEvaluation: false };
  const chosen = ownRows(call, 'riskEvaluations')
    .toSorted((a, b) => b.updated_dt.localeCompare(a.updated_dt))
    .flatMap((e) => e.items)
    .find((i) => i.riskId === event._id && (i.planId || i.planText));
  const plan = chosen ? (riskName(call, chosen.planId)?.name ?? chosen.planText ?? null) : null;
  return { handleRisk: plan, fromEvaluation: plan !== null };
};

/** An evaluation as `GET /risk-evaluations/:id` shows it. */
const evaluationView = (e: Row<'riskEvaluations'>, call: Call) => ({
  id: e._id,
  name: e.name,
  status: e.status,
  created_dt: e.created_dt,
  updated_dt: e.updated_dt,
  items: e.items.map((i) => {
    const event = riskName(call, i.riskId);
    return {
      riskId: i.riskId,
      event: event?.name ?? '',
      cia: { confidentiality: !!event?.confidentiality, integrity: !!event?.integrity, availability: !!event?.availability },
      ratings: i.ratings,
      code: i.code,
      owner: i.owner ?? null,
      treatment: i.treatment ?? null,
      planId: i.planId ?? null,
      planName: riskName(call, i.planId)?.name ?? null,
      planText: i.planText ?? null,
      dueDate: i.dueDate ?? null,
      residualLikelihood: i.residualLikelihood ?? null,
      residualImpact: i.residualImpact ?? null,
      residualCode: i.residualCode,
    };
  }),
});
/** An evaluation's fields from a save: its items scored by the company's matrix. */
const evaluationFields = (call: Call<unknown, EvaluationBody>, at = now()) => {
  const cells = matrixOf(call.db, call.companyId);
  const known = (id: string, type: number) => ownRows(call, 'riskMaster').some((r) => r._id === id && r.type === type);
  if (call.body.items.some((i) => !known(i.riskId, RISK_TYPE.event) || (i.planId && !known(i.planId, RISK_TYPE.plan)))) {
    throw new Failure(400, 'risk_unknown_item');
  }
  return {
    name: call.body.name,
    status: call.body.status,
    updated_dt: at,
    items: call.body.items.map((i) => ({ ...i, owner: i.owner || null, planText: i.planText || null, ...scoreItem(cells, i) })),
  };
};

export const riskRoutes = [
  // ---- level names: the reader's language's defaults until saved
  route({
    method: 'get',
    url: '/datarisk/level/list',
    access: read,
    query: levelListQuery,
    handler: (call) => {
      const saved = ownRows(call, 'riskLevels').filter((l) => l.category === call.query.type);
      const defaults = (call.lang === 'en' ? en : th).risk.level_defaults;
      return { levelDetail: LEVELS.map((level) => ({ level, name: saved.find((l) => l.level === level)?.name ?? defaults[level] })) };
    },
  }),
  route({
    method: 'post',
    url: '/datarisk/level/update',
    access: write,
    body: levelUpdateBody,
    handler: (call) => {
      for (const { level, name } of call.body.detail) {
        const saved = ownRows(call, 'riskLevels').find((l) => l.category === call.body.type && l.level === level);
        if (saved) saved.name = name;
        else call.db.riskLevels.push({ _id: crypto.randomUUID(), companyId: call.companyId, category: call.body.type, level, name });
      }
      return { levelDetail: call.body.detail.toSorted((a, b) => a.level - b.level) };
    },
  }),

  // ---- events and plans
  list({
    url: '/datarisk/list',
    access: read,
    query: riskListQuery,
    collection: 'riskMaster',
    where: (r, c) => r.type === c.query.type,
    search: (r) => [r.name],
    view: riskRow,
    reply: (riskData, totalDoc) => ({ riskData, totalDoc }),
  }),
  create({
    method: 'post',
    url: '/datarisk/create',
    access: write,
    body: riskCreateBody,
    collection: 'riskMaster',
    view: riskRow,
    make: ({ body }) => {
      const cia = body.type === RISK_TYPE.event ? body.riskCia : undefined;
      return {
        type: body.type,
        name: body.riskMasterData,
        confidentiality: !!cia?.confidentiality,
        integrity: !!cia?.integrity,
        availability: !!cia?.availability,
        handleRisk: null,
      };
    },
    reply: (data) => ({ data }),
  }),
  update({
    method: 'put',
    url: '/datarisk/create',
    access: write,
    body: riskUpdateBody,
    collection: 'riskMaster',
    view: riskRow,
    id: (c) => c.body.dataId,
    where: (r, c) => r.type === c.body.type,
    patch: ({ body }) => ({ name: body.riskMasterData, ...(body.type === RISK_TYPE.event ? body.riskCia : {}) }),
    reply: (data) => ({ data }),
  }),
  remove({
    method: 'post',
    url: '/datarisk/delete/',
    access: write,
    body: riskDeleteBody,
    collection: 'riskMaster',
    id: (c) => c.body.dataId,
    where: (r, c) => r.type === c.body.type,
  }),

  // ---- treatment plans (RTP): the events with their plan text, or the plan an evaluation chose
  list({
    url: '/datarisk/handle/list',
    access: read,
    query: handleListQuery,
    collection: 'riskMaster',
    where: (r, c) => r.type === RISK_TYPE.event && (c.query.type === 'all' || (c.query.type === 'handle') === (rtpPlan(c, r).handleRisk !== null)),
    search: (r, c) => [r.name, rtpPlan(c, r).handleRisk],
    view: (r, c) => ({ _id: r._id, event: r.name, ...rtpPlan(c, r), created_dt: r.created_dt }),
    reply: (riskData, totalDoc) => ({ riskData, totalDoc }),
  }),
  update({
    method: 'post',
    url: '/datarisk/handle/update',
    access: write,
    body: handleUpdateBody,
    collection: 'riskMaster',
    id: (c) => c.body.riskId,
    where: (r) => r.type === RISK_TYPE.event,
    patch: (call, row) => {
      if (call.body.handleRisk === undefined && rtpPlan(call, row).fromEvaluation) throw new Failure(409, 'risk_plan_from_evaluation');
      return { handleRisk: call.body.handleRisk ?? null };
    },
    reply: () => ({}),
  }),

  // ---- the matrix: the default until saved
  route({
    method: 'get',
    url: '/risk-matrix/:id',
    access: read,
    params: matrixParams,
    handler: (call) => ({ data: { id: 'company', cells: matrixOf(call.db, call.companyId) } }),
  }),
  route({
    method: 'put',
    url: '/risk-matrix/:id',
    access: write,
    params: matrixParams,
    body: matrixBody,
    handler: (call) => {
      const saved = ownRows(call, 'riskMatrices')[0];
      if (saved) saved.cells = call.body.cells;
      else call.db.riskMatrices.push({ _id: crypto.randomUUID(), companyId: call.companyId, cells: call.body.cells });
      return { data: { id: 'company', cells: call.body.cells } };
    },
  }),

  // ---- evaluations
  list({
    url: '/datarisk/evalution/header',
    access: read,
    query: evaluationHeaderQuery,
    collection: 'riskEvaluations',
    search: (e) => [e.name],
    view: (e) => ({
      _id: e._id,
      name: e.name,
      draft: e.status === 'draft',
      completed: e.status === 'completed',
      created_dt: e.created_dt,
      updated_dt: e.updated_dt,
    }),
    reply: (headerList, totalDoc) => ({ headerList, totalDoc }),
  }),
  remove({
    method: 'delete',
    url: '/datarisk/evaluation/delete/:id',
    access: write,
    params: idParams,
    collection: 'riskEvaluations',
    id: (c) => c.params.id,
  }),
  one({
    url: '/risk-evaluations/:id',
    access: read,
    params: idParams,
    collection: 'riskEvaluations',
    id: (c) => c.params.id,
    view: evaluationView,
    reply: (data) => ({ data }),
  }),
  create({
    method: 'post',
    url: '/risk-evaluations',
    access: write,
    body: evaluationBody,
    collection: 'riskEvaluations',
    view: evaluationView,
    make: evaluationFields,
    reply: (data) => ({ data }),
  }),
  update({
    method: 'put',
    url: '/risk-evaluations/:id',
    access: write,
    params: idParams,
    body: evaluationBody,
    collection: 'riskEvaluations',
    view: evaluationView,
    id: (c) => c.params.id,
    patch: (call) => evaluationFields(call),
    reply: (data) => ({ data }),
  }),

  // ---- the report: PDF and XLSX are made by the server only
  route({
    method: 'post',
    url: '/datarisk/evaluation/export',
    access: read,
    body: exportBody,
    handler: (call) => {
      for (const id of call.body.riskIds) ownRow(call, 'riskEvaluations', id);
      const msg = call.lang === 'en' ? 'The fake-api makes no reports: use the server.' : 'fake-api ไม่สร้างรายงาน: โปรดใช้เซิร์ฟเวอร์จริง';
      throw new Failure(501, 'internal', {}, { status: 501, msg });
    },
  }),
];
