import type { ResourceDefinition } from '../../types';
import { listTotal } from '../listTotal';

/** Risk-treatment plans (RTP): one row per risk event, with the plan written for it or none yet. */
export default {
  name: 'risk-treatments',
  menu: 'riskManagement',
  api: {
    getList: {
      method: 'GET',
      path: () => '/datarisk/handle/list',
      query: ({ pagination, filter }) => ({
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? 20,
        type: filter?.type ?? 'all',
        search: filter?.search,
      }),
      reply: (body) => ({
        data: (body.riskData as { _id: string }[]).map((r) => ({ ...r, id: r._id })),
        ...listTotal(body),
      }),
    },
    update: {
      method: 'POST',
      path: () => '/datarisk/handle/update',
      body: ({ id, data }) => ({ riskId: id, handleRisk: data.handleRisk }),
      reply: (_body, { id, data, previousData }) => ({ data: { ...previousData, ...data, id } }),
    },
    // the seed deletes a treatment plan by sending the event's id alone: the plan is cleared
    delete: {
      method: 'POST',
      path: () => '/datarisk/handle/update',
      body: ({ id }) => ({ riskId: id }),
      reply: (_body, { id, previousData }) => ({ data: { ...previousData, id, handleRisk: null } }),
    },
  },
} satisfies ResourceDefinition;
