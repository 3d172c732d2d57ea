import { menuFiguresReply, type MenuFigure, type MenuFigureKey } from '../../../contract/dashboard';
import { MENU, type MenuKey } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { route } from '../../http/route';
import type { Session } from '../auth/sessions';
import { staffPassCounts } from '../quiz/passRate';
import { ropaCounts } from '../ropa/dashboard';
import { documentsInReview, dpoState, hasOf, highRiskCount, openBreachCounts, openDsrCounts } from './feeds';

type Figure = { value: number; detail: number | null };

/**
 * Each module's one figure on the main menu, read by the dashboard's own aggregates (feeds.ts) so a
 * count is written once: the module's menu, the figure's key and how it is counted.
 */
const FIGURES: { menu: MenuKey; key: MenuFigureKey; count: (q: Queryable, s: Session) => Promise<Figure> }[] = [
  { menu: 'consents', key: 'dsr', count: (q, s) => openDsrCounts(q, s.companyId).then((r) => ({ value: r.open, detail: r.overdue })) },
  { menu: 'dataBreach', key: 'breach', count: (q, s) => openBreachCounts(q, s.companyId).then((r) => ({ value: r.open, detail: r.overdue })) },
  { menu: 'ropa', key: 'ropa', count: (q, s) => ropaCounts(q, s.companyId).then((r) => ({ value: r.overdue, detail: null })) },
  {
    menu: 'cookie',
    key: 'cookie',
    count: (q, s) =>
      q
        .query<{ n: number }>('select count(*)::int as n from cookie_domains where company_id = $1', [s.companyId])
        .then(([r]) => ({ value: r.n, detail: null })),
  },
  { menu: 'sheets', key: 'sheets', count: (q, s) => documentsInReview(q, s.companyId).then((n) => ({ value: n, detail: null })) },
  { menu: 'riskManagement', key: 'risk', count: (q, s) => highRiskCount(q, s.companyId).then((n) => ({ value: n, detail: null })) },
  {
    menu: 'dpo',
    key: 'dpo',
    count: (q, s) => dpoState(q, s.companyId).then((d) => ({ value: d.appointed ? 1 : 0, detail: d.officeInformed ? 1 : 0 })),
  },
  {
    menu: 'knowledge',
    key: 'knowledge',
    count: (q, s) => staffPassCounts(q, s.companyId, undefined, undefined, s.userId).then((r) => ({ value: r.passed, detail: r.assigned })),
  },
];

/** The menus that have a figure on the main menu. */
export const FIGURE_MENU_IDS = FIGURES.map((f) => MENU[f.menu].menuId);

/** The main menu's figures of the modules the session may open, in the company of the session. */
export async function menuFigures(q: Queryable, session: Session): Promise<MenuFigure[]> {
  const has = hasOf(session.menus);
  const mine = FIGURES.filter((f) => has(f.menu));
  const counted = await Promise.all(mine.map((f) => f.count(q, session)));
  return mine.map((f, i) => ({ menuId: MENU[f.menu].menuId, key: f.key, ...counted[i] }));
}

/** `GET /user/menu-figures`: the main menu (menu 15, every signed-in person) asks once for all its tiles. */
export const menuFiguresRoute = route({
  method: 'GET',
  url: '/user/menu-figures',
  access: { menuId: MENU.main.menuId },
  reply: menuFiguresReply,
  handler: async ({ db, session }) => ({ data: await menuFigures(db, session) }),
});
