import { fileCall, type ResourceDefinition, type CallsOf } from '../../types';

/**
 * Risk evaluations: the seed's header list and delete, and the regular REST convention
 * (`/risk-evaluations/:id`) for reading, creating and updating one.
 */
const definition = {
  name: 'risk-evaluations',
  menu: 'riskManagement',
  api: {
    rest: '/risk-evaluations',
    getList: {
      method: 'GET',
      path: () => '/datarisk/evalution/header',
      query: ({ pagination, filter }) => ({
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? 20,
        search: filter?.search,
      }),
      reply: (body) => ({
        data: (body.headerList as { _id: string }[]).map((r) => ({ ...r, id: r._id })),
        total: body.totalDoc as number,
      }),
    },
    delete: {
      method: 'DELETE',
      path: ({ id }) => `/datarisk/evaluation/delete/${encodeURIComponent(String(id))}`,
      reply: (_body, { id, previousData }) => ({ data: previousData ?? { id } }),
    },
  },
  calls: {
    /** the selected evaluations as one report, PDF or XLSX, the Thai font embedded */
    exportRiskEvaluations: fileCall({
      method: 'POST',
      path: () => '/datarisk/evaluation/export',
      body: ({ riskIds, format }: { riskIds: string[]; format: 'pdf' | 'xlsx' }) => ({ riskIds, format }),
      fileName: ({ format }) => `risk-evaluations.${format}`,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
