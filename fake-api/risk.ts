/**
 * Risk management (menu 18) in the fake: the calls of server/modules/risk with the server's shapes,
 * statuses and messages, on the risk events, plans and evaluation of db.json.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { companyDetail } from '../contract/company';
import type { PagingQuery } from '../contract/http';
import { MENU } from '../contract/menus';
import {
  CODES_NEEDING_TREATMENT,
  DEFAULT_MATRIX,
  LEVELS,
  RISK_CATEGORIES,
  RISK_TYPE,
  codeOf,
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
  worstCode,
  type EvaluationBody,
  type EvaluationItem,
  type MatrixCells,
} from '../contract/risk';
import { th, en } from '../i18n';
import { renderReport } from '../server/modules/risk/report';
import { reportInput } from '../server/modules/risk/reportInput';
import { Failure, now, route, type FakeData, type FakeEvaluation, type FakeRisk, type Session } from './routes';

const read = { menuId: MENU.riskManagement.menuId } as const;
const write = { ...read, write: true } as const;
const idParams = z.object({ id: z.string().uuid() });
/** The matrix is one record per company, addressed as `/risk-matrix/company`. */
const matrixParams = z.object({ id: z.literal('company') });

const notFound = () => new Failure(404, 'not_found');

/** The server's ILIKE '%text%' with the text taken literally (blank search: everything). */
const matches = (search: string | undefined, ...texts: (string | null)[]) =>
  !search || texts.some((t) => t?.toLowerCase().includes(search.toLowerCase()));

/** One page, newest first, id breaking ties (`order by created_at desc, id desc`). */
function page<T extends { id: string; createdAt: string }>(rows: T[], q: PagingQuery): T[] {
  const start = (q.currentPage - 1) * q.limit;
  return rows
    .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .slice(start, start + q.limit);
}

/** An item's codes by a matrix: the worst over its rated categories, and the residual one. */
function score(cells: MatrixCells, item: Pick<EvaluationItem, 'ratings' | 'residualLikelihood' | 'residualImpact'>) {
  const codes = RISK_CATEGORIES.flatMap((c) => {
    const r = item.ratings[c];
    return r ? [codeOf(cells, r.likelihood, r.impact)] : [];
  });
  const { residualLikelihood: l, residualImpact: i } = item;
  return { code: worstCode(codes), residualCode: l && i ? codeOf(cells, l, i) : null };
}

/** A date PostgreSQL's `date` takes: a real day of a year from 1. */
function isCalendarDate(ymd: string) {
  const day = new Date(`${ymd}T00:00:00Z`);
  return Number(ymd.slice(0, 4)) >= 1 && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(ymd);
}

const toEvent = (r: FakeRisk) => ({
  _id: r.id,
  name: r.name,
  confidentiality: r.confidentiality,
  integrity: r.integrity,
  availability: r.availability,
  created_dt: r.createdAt,
});
const toPlan = (r: FakeRisk) => ({ _id: r.id, name: r.name, created_dt: r.createdAt });
const toRow = (r: FakeRisk) => (r.type === RISK_TYPE.event ? toEvent(r) : toPlan(r));

/** The fixtures' times and codes, computed at start. */
export function prepareRiskFixtures(data: FakeData, at: number) {
  const ago = (hours: number) => new Date(at - hours * 3_600_000).toISOString();
  for (const r of data.riskMaster) r.createdAt = ago(r.hoursAgo);
  for (const e of data.riskEvaluations) {
    e.createdAt = e.updatedAt = ago(e.hoursAgo);
    for (const item of e.items) Object.assign(item, score(DEFAULT_MATRIX, item));
  }
}

export function riskRoutes(data: () => FakeData) {
  const companyOf = (s: Session) => s.user.companyId;
  const riskOf = (companyId: string, id: string | null | undefined, type: number) =>
    data().riskMaster.find((r) => r.id === id && r.companyId === companyId && r.type === type);
  const matrixOf = (companyId: string) => data().riskMatrices.find((m) => m.id === companyId)?.cells ?? DEFAULT_MATRIX;
  const remove = <T>(list: T[], row: T) => list.splice(list.indexOf(row), 1);

  function evaluationOf(companyId: string, id: string) {
    const found = data().riskEvaluations.find((e) => e.id === id && e.companyId === companyId);
    if (!found) throw notFound();
    return found;
  }

  /** An evaluation as `GET /risk-evaluations/:id` shows it. */
  const show = (e: FakeEvaluation) => ({
    id: e.id,
    name: e.name,
    status: e.status,
    created_dt: e.createdAt,
    updated_dt: e.updatedAt,
    items: e.items.map((i) => {
      const event = riskOf(e.companyId, i.riskId, RISK_TYPE.event)!;
      return {
        riskId: i.riskId,
        event: event.name,
        cia: { confidentiality: event.confidentiality, integrity: event.integrity, availability: event.availability },
        ratings: i.ratings,
        code: i.code,
        owner: i.owner,
        treatment: i.treatment,
        planId: i.planId,
        planName: riskOf(e.companyId, i.planId, RISK_TYPE.plan)?.name ?? null,
        planText: i.planText,
        dueDate: i.dueDate,
        residualLikelihood: i.residualLikelihood,
        residualImpact: i.residualImpact,
        residualCode: i.residualCode,
      };
    }),
  });

  /** The server's checks, in its order; nothing changes unless they all pass. */
  function save(companyId: string, body: EvaluationBody, id?: string): FakeEvaluation {
    const riskIds = body.items.map((i) => i.riskId);
    if (new Set(riskIds).size !== riskIds.length) throw new Failure(400, 'risk_duplicate_event');
    if (body.items.some((i) => !riskOf(companyId, i.riskId, RISK_TYPE.event) || (i.planId && !riskOf(companyId, i.planId, RISK_TYPE.plan)))) {
      throw new Failure(400, 'risk_unknown_item');
    }
    const cells = matrixOf(companyId);
    if (body.status === 'completed') {
      if (!body.items.length) throw new Failure(400, 'risk_evaluation_empty');
      if (body.items.some((i) => !Object.keys(i.ratings).length)) throw new Failure(400, 'risk_evaluation_unrated');
      const missing = body.items.filter((i) => {
        const { code } = score(cells, i);
        return code && CODES_NEEDING_TREATMENT.includes(code) && (!i.owner || !i.treatment || !(i.planId || i.planText) || !i.dueDate);
      });
      if (missing.length) {
        const events = missing.map((m) => riskOf(companyId, m.riskId, RISK_TYPE.event)!.name).join(', ');
        throw new Failure(400, 'risk_treatment_required', { events });
      }
    }
    const existing = id ? evaluationOf(companyId, id) : undefined;
    // the database's `date` refuses days that do not exist
    if (body.items.some((i) => i.dueDate && !isCalendarDate(i.dueDate))) throw new Failure(400, 'bad_request');

    const items = body.items.map((i) => ({
      riskId: i.riskId,
      ratings: i.ratings,
      owner: i.owner || null,
      treatment: i.treatment ?? null,
      planId: i.planId ?? null,
      planText: i.planText || null,
      dueDate: i.dueDate ?? null,
      residualLikelihood: i.residualLikelihood ?? null,
      residualImpact: i.residualImpact ?? null,
      ...score(cells, i),
    }));
    const at = now();
    const fields = { name: body.name, status: body.status, items, updatedAt: at };
    let saved: FakeEvaluation;
    if (existing) saved = Object.assign(existing, fields);
    else data().riskEvaluations.push((saved = { id: randomUUID(), companyId, hoursAgo: 0, createdAt: at, ...fields }));
    if (body.status === 'completed') {
      data().notifications.push({
        id: randomUUID(),
        companyId,
        userId: null,
        kind: 'evaluation_finished',
        params: { title: body.name },
        link: '/risk-management/evaluation',
        hoursAgo: 0,
        createdAt: now(),
      });
    }
    return saved;
  }

  return [
    // ---- level names ------------------------------------------------------------------------
    route({
      method: 'get',
      url: '/datarisk/level/list',
      access: read,
      query: levelListQuery,
      handler: ({ session, query, lang }) => {
        const saved = data().riskLevels.filter((l) => l.companyId === companyOf(session) && l.category === query.type);
        const defaults = (lang === 'en' ? en : th).risk.level_defaults;
        return {
          levelDetail: LEVELS.map((level) => ({ level, name: saved.find((l) => l.level === level)?.name ?? defaults[level] })),
        };
      },
    }),

    route({
      method: 'post',
      url: '/datarisk/level/update',
      access: write,
      body: levelUpdateBody,
      handler: ({ session, body }) => {
        const companyId = companyOf(session);
        for (const { level, name } of body.detail) {
          const id = `${companyId}:${body.type}:${level}`;
          const saved = data().riskLevels.find((l) => l.id === id);
          if (saved) saved.name = name;
          else data().riskLevels.push({ id, companyId, category: body.type, level, name });
        }
        return { levelDetail: body.detail.toSorted((a, b) => a.level - b.level) };
      },
    }),

    // ---- risk events (type 1) and plans (type 2) ---------------------------------------------
    route({
      method: 'get',
      url: '/datarisk/list',
      access: read,
      query: riskListQuery,
      handler: ({ session, query }) => {
        const rows = data().riskMaster.filter(
          (r) => r.companyId === companyOf(session) && r.type === query.type && matches(query.search, r.name),
        );
        return { riskData: page(rows, query).map(toRow), totalDoc: rows.length };
      },
    }),

    route({
      method: 'post',
      url: '/datarisk/create',
      access: write,
      body: riskCreateBody,
      handler: ({ session, body }) => {
        const cia = body.type === RISK_TYPE.event ? body.riskCia : undefined;
        const row: FakeRisk = {
          id: randomUUID(),
          companyId: companyOf(session),
          type: body.type,
          name: body.riskMasterData,
          confidentiality: !!cia?.confidentiality,
          integrity: !!cia?.integrity,
          availability: !!cia?.availability,
          handleRisk: null,
          hoursAgo: 0,
          createdAt: now(),
        };
        data().riskMaster.push(row);
        return { data: toRow(row) };
      },
    }),

    route({
      method: 'put',
      url: '/datarisk/create',
      access: write,
      body: riskUpdateBody,
      handler: ({ session, body }) => {
        const row = riskOf(companyOf(session), body.dataId, body.type);
        if (!row) throw notFound();
        row.name = body.riskMasterData;
        if (body.type === RISK_TYPE.event && body.riskCia) Object.assign(row, body.riskCia);
        return { data: toRow(row) };
      },
    }),

    route({
      method: 'post',
      url: '/datarisk/delete/',
      access: write,
      body: riskDeleteBody,
      handler: ({ session, body }) => {
        const row = riskOf(companyOf(session), body.dataId, body.type);
        if (!row) throw notFound();
        const used = data().riskEvaluations.some((e) => e.items.some((i) => i.riskId === row.id || i.planId === row.id));
        if (used) throw new Failure(409, 'in_use');
        remove(data().riskMaster, row);
        return {};
      },
    }),

    // ---- risk treatment plans (RTP) ------------------------------------------------------------
    route({
      method: 'get',
      url: '/datarisk/handle/list',
      access: read,
      query: handleListQuery,
      handler: ({ session, query }) => {
        const wanted = { all: () => true, handle: (r: FakeRisk) => r.handleRisk !== null, 'not-handle': (r: FakeRisk) => r.handleRisk === null }[query.type];
        const rows = data().riskMaster.filter(
          (r) => r.companyId === companyOf(session) && r.type === RISK_TYPE.event && wanted(r) && matches(query.search, r.name, r.handleRisk),
        );
        return {
          riskData: page(rows, query).map((r) => ({ _id: r.id, event: r.name, handleRisk: r.handleRisk, created_dt: r.createdAt })),
          totalDoc: rows.length,
        };
      },
    }),

    route({
      method: 'post',
      url: '/datarisk/handle/update',
      access: write,
      body: handleUpdateBody,
      handler: ({ session, body }) => {
        const row = riskOf(companyOf(session), body.riskId, RISK_TYPE.event);
        if (!row) throw notFound();
        row.handleRisk = body.handleRisk ?? null;
        return {};
      },
    }),

    // ---- the 5x5 matrix -------------------------------------------------------------------------
    route({
      method: 'get',
      url: '/risk-matrix/:id',
      access: read,
      params: matrixParams,
      handler: ({ session }) => ({ data: { id: 'company', cells: matrixOf(companyOf(session)) } }),
    }),

    route({
      method: 'put',
      url: '/risk-matrix/:id',
      access: write,
      params: matrixParams,
      body: matrixBody,
      handler: ({ session, body }) => {
        const saved = data().riskMatrices.find((m) => m.id === companyOf(session));
        if (saved) saved.cells = body.cells;
        else data().riskMatrices.push({ id: companyOf(session), cells: body.cells });
        return { data: { id: 'company', cells: body.cells } };
      },
    }),

    // ---- evaluations ------------------------------------------------------------------------------
    route({
      method: 'get',
      url: '/datarisk/evalution/header',
      access: read,
      query: evaluationHeaderQuery,
      handler: ({ session, query }) => {
        const rows = data().riskEvaluations.filter((e) => e.companyId === companyOf(session) && matches(query.search, e.name));
        return {
          headerList: page(rows, query).map((e) => ({
            _id: e.id,
            name: e.name,
            draft: e.status === 'draft',
            completed: e.status === 'completed',
            created_dt: e.createdAt,
            updated_dt: e.updatedAt,
          })),
          totalDoc: rows.length,
        };
      },
    }),

    route({
      method: 'delete',
      url: '/datarisk/evaluation/delete/:id',
      access: write,
      params: idParams,
      handler: ({ session, params }) => {
        remove(data().riskEvaluations, evaluationOf(companyOf(session), params.id));
        return {};
      },
    }),

    route({
      method: 'get',
      url: '/risk-evaluations/:id',
      access: read,
      params: idParams,
      handler: ({ session, params }) => ({ data: show(evaluationOf(companyOf(session), params.id)) }),
    }),

    route({
      method: 'post',
      url: '/risk-evaluations',
      access: write,
      body: evaluationBody,
      handler: ({ session, body }) => ({ data: show(save(companyOf(session), body)) }),
    }),

    route({
      method: 'put',
      url: '/risk-evaluations/:id',
      access: write,
      params: idParams,
      body: evaluationBody,
      handler: ({ session, params, body }) => ({ data: show(save(companyOf(session), body, params.id)) }),
    }),

    // ---- the report -------------------------------------------------------------------------------
    route({
      method: 'post',
      url: '/datarisk/evaluation/export',
      access: read,
      body: exportBody,
      handler: async ({ session, body, lang, res }) => {
        const companyId = companyOf(session);
        const cells = matrixOf(companyId);
        const evaluations = body.riskIds.map((id) => show(evaluationOf(companyId, id)));
        const company = data().companies.find((c) => c.id === companyId)!;
        const detail = companyDetail.parse(company.detail);
        const file = await renderReport(
          reportInput({
            evaluations,
            cells,
            lang,
            companyName: (lang === 'en' ? detail.nameEn : detail.nameTh) || company.code,
          }),
          body.format,
        );
        res.status(200);
        res.setHeader('content-type', file.contentType);
        res.setHeader('content-disposition', `attachment; filename="risk-evaluations.${file.extension}"`);
        res.end(file.body);
        return undefined;
      },
    }),
  ];
}
