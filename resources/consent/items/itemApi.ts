import type { RaRecord } from 'react-admin';
import type { ConsentItemType } from '../../../contract/consent';
import type { IrregularApi, ResourceDefinition } from '../../types';

const withId = <T extends { _id: string }>(row: T) => ({ ...row, id: row._id });

/**
 * The seed's calls for one kind of consent item: `GET /consents/object?type=source|objective`, or
 * `GET /consents/list` for the stores (both reply `consents` + `totalDoc`); writes under `/consents/object`.
 */
export function itemApi(type: ConsentItemType): IrregularApi {
  const body = (data: Partial<RaRecord>) => ({
    name: data.name,
    name_en: typeof data.name_en === 'string' ? data.name_en : '',
    sensitive: Boolean(data.sensitive),
    ...(typeof data.status === 'boolean' ? { status: data.status } : {}),
  });
  return {
    getList: {
      method: 'GET',
      path: () => (type === 'store' ? '/consents/list' : '/consents/object'),
      query: ({ pagination, filter }) => ({
        ...(type === 'store' ? {} : { type }),
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? 20,
        search: filter?.search,
        active: filter?.active,
      }),
      reply: (reply) => ({ data: (reply.consents as { _id: string }[]).map(withId), total: reply.totalDoc as number }),
    },
    create: {
      method: 'POST',
      path: () => '/consents/object',
      body: ({ data }) => ({ type, ...body(data) }),
      reply: (reply) => ({ data: withId(reply.data as { _id: string }) }),
    },
    update: {
      method: 'PUT',
      path: ({ id }) => `/consents/object/${id}`,
      body: ({ data }) => body(data),
      reply: (reply) => ({ data: withId(reply.data as { _id: string }) }),
    },
    delete: {
      method: 'DELETE',
      path: ({ id }) => `/consents/object/${id}`,
      reply: (_reply, { previousData, id }) => ({ data: previousData ?? { id } }),
    },
  };
}

/** The three kinds, each its own resource (its own list, cache and screen codes). */
export const ITEM_RESOURCES: Record<ConsentItemType, string> = {
  source: 'consent-sources',
  objective: 'consent-objectives',
  store: 'consent-stores',
};

export const itemDefinition = (type: ConsentItemType) =>
  ({ name: ITEM_RESOURCES[type], menu: 'consents', api: itemApi(type) }) satisfies ResourceDefinition;
