import { RISK_CATEGORIES, codeOf, type MatrixCells } from '../../../contract/risk';
import { formatDate } from '../../../i18n/dates';
import type { Lang } from '../../http/messages';
import type { LoadedEvaluation } from './evaluations';
import type { ReportItem, renderReport } from './report';
import riskTexts from '../../../i18n/risk';

/** What the report shows of evaluations, in the reader's language and calendar. */
export function reportInput(opts: {
  evaluations: LoadedEvaluation[];
  cells: MatrixCells;
  lang: Lang;
  companyName: string;
}): Parameters<typeof renderReport>[0] {
  const { cells, lang } = opts;
  const text = riskTexts[lang].risk;
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
    // a due date is a Bangkok calendar day: noon keeps it that day in any rendering
    dueDate: item.dueDate ? formatDate(`${item.dueDate}T12:00:00+07:00`, lang) : null,
    residual:
      item.residualLikelihood && item.residualImpact && item.residualCode
        ? { likelihood: item.residualLikelihood, impact: item.residualImpact, code: item.residualCode }
        : null,
  });
  return {
    companyName: opts.companyName,
    generatedAt: formatDate(new Date(), lang, true),
    labels: text.report,
    evaluations: opts.evaluations.map((e) => ({
      name: e.name,
      status: e.status === 'completed' ? text.evaluation.finished : text.evaluation.draft,
      created: formatDate(e.created_dt, lang, true),
      updated: formatDate(e.updated_dt, lang, true),
      items: e.items.map(toItem),
    })),
  };
}
