import type { z } from 'zod';
import {
  consentCountReply,
  dashboardQuery,
  databreachListReply,
  expireConsentReply,
  expireDsrReply,
  fetchGraphReply,
  postureReply,
  riskListReply,
  sumStatReply,
  summaryDsrReply,
  type DashboardQuery,
} from '../../../contract/dashboard';
import { MENU, type MenuKey } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import type { Lang } from '../../http/messages';
import { route } from '../../http/route';
import type { Session } from '../auth/sessions';
import * as feeds from './feeds';
import { periodOf, type Period } from './period';
import { menuFiguresRoute } from './menuFigures';
import { boardReportRoute } from './report';
import { dsrTaskOnTimeReply } from '../../../contract/dsrTasks';
import { taskOnTime } from '../dsr/taskOnTime';

const read = { menuId: MENU.dashboard.menuId } as const;

interface FeedInput {
  db: Queryable;
  session: Session;
  period: Period;
  has: feeds.Has;
  lang: Lang;
}

/**
 * One dashboard feed. A feed about one module is that module's call (`needs`: its menu; without it,
 * 403 rather than that module's figures); the summary and the posture are the dashboard's (menu 2) and
 * leave out what the viewer's menus do not cover.
 */
const feed = (url: string, reply: z.ZodType, needs: MenuKey | null, compute: (f: FeedInput) => Promise<Record<string, unknown>>) =>
  route({
    method: 'GET',
    url: `/user/dashboard/${url}`,
    access: needs ? { menuId: MENU[needs].menuId } : read,
    query: dashboardQuery,
    reply,
    // figures a second old are as good: the hot standby answers when there is one
    handler: async ({ reader, session, query, lang }) =>
      compute({ db: reader, session, period: periodOf(query as DashboardQuery), has: feeds.hasOf(session.menus), lang }),
  });

/** The dashboard's calls, the seed's eight feeds and the compliance posture (menu 2). */
export const dashboardRoutes = [
  feed('sum-stat', sumStatReply, null, (f) => feeds.sumStat(f.db, f.session.companyId, f.period, f.has, f.lang)),
  feed('fetch-graph', fetchGraphReply, 'consents', (f) => feeds.fetchGraph(f.db, f.session.companyId, f.period)),
  feed('summary-dsr', summaryDsrReply, 'consents', (f) => feeds.summaryDsr(f.db, f.session.companyId, f.period)),
  feed('expire-dsr', expireDsrReply, 'consents', (f) => feeds.expireDsr(f.db, f.session.companyId)),
  feed('expire-consent', expireConsentReply, 'consents', (f) => feeds.expireConsent(f.db, f.session.companyId)),
  feed('consent-count', consentCountReply, 'consents', (f) => feeds.consentCount(f.db, f.session.companyId, f.period, f.lang)),
  feed('risk-list', riskListReply, 'riskManagement', (f) => feeds.riskList(f.db, f.session.companyId)),
  feed('databreach-list', databreachListReply, 'dataBreach', (f) => feeds.databreachList(f.db, f.session.companyId, f.period)),
  feed('dsr-task-on-time', dsrTaskOnTimeReply, 'consents', (f) =>
    taskOnTime(f.db, f.session.companyId, f.period.start, f.period.end, f.period.departmentId),
  ),
  feed('posture', postureReply, null, (f) => feeds.posture(f.db, f.session.companyId, f.period, f.has)),
  boardReportRoute,
  menuFiguresRoute,
];
