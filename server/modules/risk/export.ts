import { companyDetail } from '../../../contract/company';
import { MENU } from '../../../contract/menus';
import { exportBody } from '../../../contract/risk';
import { route } from '../../http/route';
import { auditExport } from '../audit/record';
import { loadEvaluation, type LoadedEvaluation } from './evaluations';
import { companyMatrix } from './matrix';
import { renderReport } from './report';
import { reportInput } from './reportInput';

/** `POST /datarisk/evaluation/export {riskIds, format}`: the selected evaluations as one XLSX or PDF report. */
export const exportRoutes = [
  route({
    method: 'POST',
    url: '/datarisk/evaluation/export',
    access: { menuId: MENU.riskManagement.menuId },
    body: exportBody,
    handler: async ({ db, session, body, lang, req, reply }) => {
      // every id must be an evaluation of this company (else 404, nothing exported)
      const evaluations: LoadedEvaluation[] = [];
      for (const id of body.riskIds) evaluations.push(await loadEvaluation(db, session.companyId, id));
      const [company] = await db.query<{ code: string; detail: unknown }>('select code, detail from companies where id = $1', [session.companyId]);
      const detail = companyDetail.parse(company.detail);
      const file = await renderReport(
        reportInput({
          evaluations,
          cells: await companyMatrix(db, session.companyId),
          lang,
          companyName: (lang === 'en' ? detail.nameEn : detail.nameTh) || company.code,
        }),
        body.format,
      );
      await auditExport({ db, session, req }, 'risk_evaluations', body.riskIds, { format: body.format });
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="risk-evaluations.${file.extension}"`)
        .send(file.body);
      return undefined;
    },
  }),
];
