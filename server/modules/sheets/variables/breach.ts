import { formatDate } from '../../../../i18n/dates';
import breachTexts from '../../../../i18n/breach';
import { breachRecord } from '../../breach/rows';
import type { SourceResolver } from './types';

/**
 * `breach.*`: the data breach (menu 17) the document is attached to, read only within the session's
 * company (another company's id finds nothing): what happened, when (Buddhist era, Bangkok time), the
 * data and people affected, the systems, the likely consequences and the measures taken (s.37(4)). The
 * DPO's contact is `dpo.*` (the current appointment, as on the breach letters).
 */
export const breachVariables: SourceResolver = async (ctx) => {
  const id = ctx.document.breachId;
  if (!id) return {};
  const [exists] = await ctx.db.query('select 1 from breaches where company_id = $1 and id = $2', [ctx.companyId, id]);
  if (!exists) return {};
  const b = await breachRecord(ctx.db, ctx.companyId, id);
  const t = breachTexts[ctx.lang].breach;
  const when = (at: string | null) => (at ? formatDate(at, ctx.lang, true) : null);
  const count = (n: number | null, estimated: boolean) =>
    n === null ? null : `${n.toLocaleString(ctx.lang === 'th' ? 'th-TH' : 'en-GB')}${estimated ? ` ${t.letter.estimated}` : ''}`;
  return {
    'breach.title': b.title,
    'breach.code': b.code,
    'breach.occurredAt': when(b.occurredAt),
    'breach.discoveredAt': when(b.awareAt),
    'breach.awareAt': when(b.awareAt),
    'breach.affectedCount': count(b.subjectsCount, b.subjectsEstimated),
    'breach.recordsCount': count(b.recordsCount, b.recordsEstimated),
    'breach.description': b.discovery || null,
    'breach.cause': b.cause || null,
    'breach.measures': b.containment || null,
    'breach.consequences': b.consequences || null,
    'breach.dataCategories': b.dataCategories.map((c) => c.name),
    'breach.systems': [...b.affectedSystems.map((s) => s.name), ...b.systems],
    'breach.riskLevel': b.assessment ? t.risk[b.assessment.level] : null,
    'breach.officeNotifiedAt': when(b.officeNotifiedAt),
  };
};
