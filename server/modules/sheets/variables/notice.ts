import { consentDraft, LAWFUL_BASES } from '../../../../contract/consent';
import consentTexts from '../../../../i18n/consent';
import type { SourceResolver } from './types';

/** `notice.*`: the privacy notice the document is attached to, read only within the session's company. */
export const noticeVariables: SourceResolver = async (ctx) => {
  const noticeId = ctx.document.noticeId;
  if (!noticeId) return {};
  const [form] = await ctx.db.query<{ draft: unknown; version: number | null }>(
    `select f.draft, (select max(v.version) from consent_form_versions v where v.form_id = f.id and v.company_id = f.company_id)::int as version
       from consent_forms f where f.company_id = $1 and f.id = $2`,
    [ctx.companyId, noticeId],
  );
  if (!form) return {};
  const draft = consentDraft.parse(form.draft);
  const ids = [...draft.objective, ...draft.consent.list];
  const items = ids.length
    ? await ctx.db.query<{ id: string; name: string }>(
        'select id::text, name from consent_items where company_id = $1 and id::text = any ($2::text[])',
        [ctx.companyId, ids],
      )
    : [];
  const nameOf = (id: string) => items.find((i) => i.id === id)?.name;
  const names = (list: string[]) => list.map(nameOf).filter((n): n is string => Boolean(n));
  const bases = consentTexts[ctx.lang].consent.builder.bases;
  return {
    'notice.name': draft.header.projectName || null,
    'notice.purposes': names(draft.objective),
    'notice.dataCollected': names(draft.consent.list),
    'notice.bases': LAWFUL_BASES.filter((b) => draft[b.key].active).map((b) => bases[b.key]),
    'notice.version': form.version ? String(form.version) : null,
  };
};
