import { MENU_FIGURE_MENUS, menuFiguresReply, type MenuFigure, type MenuFigureKey } from '../../../contract/dashboard';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { route } from '../../http/route';
import type { Session } from '../auth/sessions';
import { staffPassCounts } from '../quiz/passRate';
import { ropaCounts } from '../ropa/dashboard';
import { documentsInReview, dpoState, hasOf, highRiskCount, openBreachCounts, openDsrCounts } from './feeds';

type Figure = { value: number; detail: number | null };

/**
 * Each module's one figure on the main menu (its menu: MENU_FIGURE_MENUS), read by the dashboard's own
 * aggregates (feeds.ts) so a count is written once.
 */
const COUNTS: Record<MenuFigureKey, (q: Queryable, s: Session) => Promise<Figure>> = {
  dsr: (q, s) => openDsrCounts(q, s.companyId).then((r) => ({ value: r.open, detail: r.overdue })),
  breach: (q, s) => openBreachCounts(q, s.companyId).then((r) => ({ value: r.open, detail: r.overdue })),
  ropa: (q, s) => ropaCounts(q, s.companyId).then((r) => ({ value: r.overdue, detail: null })),
  cookie: (q, s) =>
    q
      .query<{ n: number }>('select count(*)::int as n from cookie_domains where company_id = $1', [s.companyId])
      .then(([r]) => ({ value: r.n, detail: null })),
  sheets: (q, s) => documentsInReview(q, s.companyId).then((n) => ({ value: n, detail: null })),
  risk: (q, s) => highRiskCount(q, s.companyId).then((n) => ({ value: n, detail: null })),
  dpo: (q, s) => dpoState(q, s.companyId).then((d) => ({ value: d.appointed ? 1 : 0, detail: d.officeInformed ? 1 : 0 })),
  // the person's own tests (menu 19 is taking them): passed of assigned
  knowledge: (q, s) => staffPassCounts(q, s.companyId, undefined, undefined, s.userId).then((r) => ({ value: r.passed, detail: r.assigned })),
};
const FIGURE_KEYS = Object.keys(COUNTS) as MenuFigureKey[];

/** The menus that have a figure on the main menu. */
export const FIGURE_MENU_IDS = FIGURE_KEYS.map((key) => MENU[MENU_FIGURE_MENUS[key]].menuId);

/** The main menu's figures of the modules the session may open, in the company of the session. */
export async function menuFigures(q: Queryable, session: Session): Promise<MenuFigure[]> {
  const has = hasOf(session.menus);
  const mine = FIGURE_KEYS.filter((key) => has(MENU_FIGURE_MENUS[key]));
  const counted = await Promise.all(mine.map((key) => COUNTS[key](q, session)));
  return mine.map((key, i) => ({ menuId: MENU[MENU_FIGURE_MENUS[key]].menuId, key, ...counted[i] }));
}

/** `GET /user/menu-figures`: the main menu (menu 15, every signed-in person) asks once for all its tiles. */
export const menuFiguresRoute = route({
  method: 'GET',
  url: '/user/menu-figures',
  access: { menuId: MENU.main.menuId },
  reply: menuFiguresReply,
  handler: async ({ db, session }) => ({ data: await menuFigures(db, session) }),
});
