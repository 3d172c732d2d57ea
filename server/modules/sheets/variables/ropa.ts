import { formatDate } from '../../../../i18n/dates';
import { LAWFUL_BASES } from '../../../../contract/consent';
import { ropaRecordFields, SENSITIVE_BASES } from '../../../../contract/ropa';
import consentTexts from '../../../../i18n/consent';
import ropaTexts from '../../../../i18n/ropa';
import type { SourceResolver } from './types';

/**
 * `ropa.*`: the processing activity (menu 11) the document is attached to, read only within the
 * session's company: its name, purposes, lawful bases, data collected, subjects, systems, retention,
 * recipients and security measures (PDPA s.39), as the activity holds them now.
 */
export const ropaVariables: SourceResolver = async (ctx) => {
  const id = ctx.document.ropaActivityId;
  if (!id) return {};
  const [activity] = await ctx.db.query<{ name: string; record: unknown; department: string | null }>(
    `select a.name, a.record, d.name as department
       from ropa_activities a left join departments d on d.company_id = a.company_id and d.id = a.department_id
      where a.company_id = $1 and a.id = $2`,
    [ctx.companyId, id],
  );
  if (!activity) return {};
  const record = ropaRecordFields.parse(activity.record);
  const names = (sql: string, params: unknown[]) => ctx.db.query<{ name: string }>(sql, params).then((rows) => rows.map((r) => r.name));
  const purposeIds = record.purposes.map((p) => p.purposeId).filter((p): p is string => Boolean(p));
  const [categories, systems, subjects, registered] = await Promise.all([
    names(
      `select c.name from ropa_activity_categories rc join data_categories c on c.id = rc.category_id
        where rc.activity_id = $2 and c.company_id = $1 order by c.name`,
      [ctx.companyId, id],
    ),
    names(
      `select s.name from ropa_activity_systems rs join datamap_systems s on s.company_id = rs.company_id and s.id = rs.system_id
        where rs.company_id = $1 and rs.activity_id = $2 order by s.name`,
      [ctx.companyId, id],
    ),
    record.subjectIds.length
      ? names('select name from data_subject_categories where company_id = $1 and id = any($2::uuid[]) order by name', [
          ctx.companyId,
          record.subjectIds,
        ])
      : Promise.resolve([]),
    purposeIds.length
      ? ctx.db.query<{ id: string; name: string }>('select id::text, name from processing_purposes where company_id = $1 and id = any($2::uuid[])', [
          ctx.companyId,
          purposeIds,
        ])
      : Promise.resolve([]),
  ]);
  const purposes = record.purposes.map((p) => p.text || registered.find((r) => r.id === p.purposeId)?.name || '').filter(Boolean);
  const consentBases = consentTexts[ctx.lang].consent.builder.bases as Record<string, string>;
  const sensitiveBases = ropaTexts[ctx.lang].ropa.bases as Record<string, string>;
  const basisName = (key: string) =>
    (LAWFUL_BASES.some((b) => b.key === key) ? consentBases[key] : undefined) ??
    (SENSITIVE_BASES.some((b) => b.key === key) ? sensitiveBases[key] : undefined) ??
    key;
  const bases = [...new Set(record.purposes.flatMap((p) => p.bases))].map(basisName);
  return {
    'ropa.activityName': activity.name,
    'ropa.purpose': purposes.join('; ') || null,
    'ropa.purposes': purposes,
    'ropa.bases': bases,
    'ropa.dataItems': categories,
    'ropa.subjects': subjects,
    'ropa.systems': systems,
    'ropa.department': activity.department,
    'ropa.retention': record.retention || null,
    'ropa.recipients': record.disclosures || null,
    'ropa.security': record.security || null,
    'ropa.description': record.description || null,
    'ropa.source': record.source || null,
    'ropa.otherSourceOn': record.otherSourceOn ? formatDate(record.otherSourceOn, ctx.lang) : null,
  };
};
