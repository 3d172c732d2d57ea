import type { RaRecord } from 'react-admin';
import type { IrregularApi } from '../../types';

const withId = (row: { _id: string }) => ({ ...row, id: row._id });
const one = (body: Record<string, unknown>) => ({ data: withId(body.data as { _id: string }) as RaRecord });

/**
 * The seed's calls of the two master lists: `GET /user/contact/<type>` (reply key `<type>`, total
 * `totalDoc`); writes through `/user/contact/department` with `dataId, value, type`, but for a new
 * position, which `POST /user/contact/position {departmentId, value}` adds. A position's form also
 * carries its `departmentId` (a move).
 */
export function contactMasterApi(type: 'department' | 'position'): IrregularApi {
  const path = () => '/user/contact/department';
  return {
    getList: {
      method: 'GET',
      path: () => `/user/contact/${type}`,
      query: ({ pagination, filter }) => ({
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? 20,
        search: filter?.search,
        departmentId: filter?.departmentId || undefined,
      }),
      reply: (body) => ({ data: (body[type] as { _id: string }[]).map(withId), total: body.totalDoc as number }),
    },
    create: {
      method: 'POST',
      path: () => `/user/contact/${type}`,
      body: ({ data }) => ({
        value: data.name,
        type,
        departmentId: data.departmentId,
        headUserId: type === 'department' ? data.headUserId : undefined,
      }),
      reply: one,
    },
    update: {
      method: 'PUT',
      path,
      body: ({ id, data }) => ({
        dataId: id,
        value: data.name,
        type,
        departmentId: data.departmentId,
        headUserId: type === 'department' ? data.headUserId : undefined,
      }),
      reply: one,
    },
    delete: {
      method: 'DELETE',
      path,
      query: ({ id }) => ({ dataId: String(id), type }),
      reply: (_body, { previousData, id }) => ({ data: previousData ?? { id } }),
    },
  };
}
