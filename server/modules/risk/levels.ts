import { LEVELS, levelListQuery, levelUpdateBody, type RiskCategory } from '../../../contract/risk';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import type { Lang } from '../../http/messages';
import { route } from '../../http/route';
import riskTexts from '../../../i18n/risk';

const access = { menuId: MENU.riskManagement.menuId } as const;

/** The company's level names of a category; the defaults (in the reader's language) until saved. */
export async function levelNames(q: Queryable, companyId: string, category: RiskCategory, lang: Lang) {
  const rows = await q.query<{ level: number; name: string }>(
    'select level, name from risk_levels where company_id = $1 and category = $2 order by level',
    [companyId, category],
  );
  const defaults = riskTexts[lang].risk.level_defaults;
  return LEVELS.map((level) => ({
    level,
    name: rows.find((r) => r.level === level)?.name ?? defaults[level],
  }));
}

export const levelRoutes = [
  route({
    method: 'GET',
    url: '/datarisk/level/list',
    access,
    query: levelListQuery,
    handler: async ({ db, session, query, lang }) => ({
      levelDetail: await levelNames(db, session.companyId, query.type, lang),
    }),
  }),

  route({
    method: 'POST',
    url: '/datarisk/level/update',
    access: { ...access, write: true },
    body: levelUpdateBody,
    handler: async ({ db, session, body }) => {
      await db.tx(async (q) => {
        for (const { level, name } of body.detail) {
          await q.query(
            `insert into risk_levels (company_id, category, level, name) values ($1, $2, $3, $4)
             on conflict (company_id, category, level) do update set name = excluded.name`,
            [session.companyId, body.type, level, name],
          );
        }
      });
      return { levelDetail: body.detail.toSorted((a, b) => a.level - b.level) };
    },
  }),
];
