import type { DashboardFeed, DashboardQuery } from '../../contract/dashboard';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../types';

/**
 * The dashboard (menu 2): the seed's feeds under `/user/dashboard/` and the board report. Not a list of
 * records: its screen is the page at `/dashboard` (resources/dashboard/DashboardPage.tsx).
 */
const definition = {
  name: 'dashboard-feeds',
  menu: 'dashboard',
  api: {},
  calls: {
    dashboardFeed: apiCall({
      method: 'GET',
      path: ({ feed }: { feed: DashboardFeed; query: DashboardQuery }) => `/user/dashboard/${feed}`,
      query: ({ query }) => ({ ...query }),
      reply: (body) => body,
    }),
    boardReport: fileCall({
      method: 'GET',
      path: () => '/user/dashboard/board-report',
      query: (query: DashboardQuery) => ({ ...query }),
      fileName: () => 'board-report.pdf',
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
