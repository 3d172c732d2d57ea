import { companyDetail } from '../../../contract/company';
import { MENU } from '../../../contract/menus';
import { RISK_CATEGORIES, codeOf, exportBody } from '../../../contract/risk';
import { formatDate } from '../../../src/i18n/dates';
import en from '../../../src/i18n/en';
import th from '../../../src/i18n/th';
import { route } from '../../http/route';
import { loadEvaluation, type LoadedEvaluation } from './evaluations';
import { companyMatrix } from './matrix';
import { renderReport, type ReportItem } from './report';

/** `POST /datarisk/evaluation/export {riskIds, format}`: the selected evaluations as one XLSX or PDF report. */
export const exportRoutes = [
  route({
    method: 'POST',
    url: '/datarisk/evaluation/export',
    access: { menuId: MENU.riskManagement.menuId },
    body: exportBody,
    handler: async ({ db, session, body, lang, reply }) => {
      const text = (lang === 'en' ? en : th).risk;
      const cells = await companyMatrix(db, session.companyId);
      // every id must be an evaluation of this company (else 404, nothing exported)
      const loaded: LoadedEvaluation[] = [];
      for (const id of body.riskIds) loaded.push(await loadEvaluation(db, session.companyId, id));

      const toItem = (item: LoadedEvaluation['items'][number]): ReportItem => ({
        event: item.event,
        cia: item.cia,
        ratings: RISK_CATEGORIES.flatMap((c) => {
          const r = item.ratings[c];
          return r ? [{ categoryName: text.categories[c], ...r, code: codeOf(cells, r.likelihood, r.impact) }] : [];
        }),
        code: item.code,
        owner: item.owner,
        treatment: item.treatment ? text.start.treatments[item.treatment] : null,
        plan: item.planName ?? item.planText,
        dueDate: item.dueDate ? formatDate(`${item.dueDate}T12:00:00+07:00`, lang) : null,
        residual:
          item.residualLikelihood && item.residualImpact && item.residualCode
            ? { likelihood: item.residualLikelihood, impact: item.residualImpact, code: item.residualCode }
            : null,
      });

      const [company] = await db.query<{ code: string; detail: unknown }>('select code, detail from companies where id = $1', [
        session.companyId,
      ]);
      const detail = companyDetail.parse(company.detail);
      const file = await renderReport(
        {
          companyName: (lang === 'en' ? detail.nameEn : detail.nameTh) || company.code,
          generatedAt: formatDate(new Date(), lang, true),
          evaluations: loaded.map((e) => ({
            name: e.name,
            status: e.status === 'completed' ? text.evaluation.finished : text.evaluation.draft,
            created: formatDate(e.created_dt, lang, true),
            updated: formatDate(e.updated_dt, lang, true),
            items: e.items.map(toItem),
          })),
          labels: text.report,
        },
        body.format,
      );
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="risk-evaluations.${file.extension}"`)
        .send(file.body);
      return undefined;
    },
  }),
];
