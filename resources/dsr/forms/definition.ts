import type { RaRecord } from 'react-admin';
import type { DsrForm } from '../../../contract/dsr';
import type { ResourceDefinition } from '../../types';

const withId = (form: DsrForm) => ({ ...form, id: form._id }) as RaRecord;
const one = (body: Record<string, unknown>) => ({ data: withId(body.data as DsrForm) });
/** the form's fields as the calls take them: the record's own keys left out */
const input = (data: Record<string, unknown>) => {
  const { id: _id, _id: _key, publicLink: _link, requestCount: _count, created_dt: _created, updated_dt: _updated, ...fields } = data;
  return fields;
};

/** The company's data subject request forms (consents, menu 5) and their public links. */
export default {
  name: 'dsr-forms',
  menu: 'consents',
  api: {
    getList: {
      method: 'GET',
      path: () => '/consents/datasubject/fetch/list',
      query: ({ pagination }) => ({ currentPage: pagination?.page ?? 1, limit: pagination?.perPage ?? 20 }),
      reply: (body) => ({ data: (body.formList as DsrForm[]).map(withId), total: body.totalItem as number }),
    },
    create: { method: 'POST', path: () => '/consents/datasubject/form', body: ({ data }) => input(data), reply: one },
    update: {
      method: 'PUT',
      path: () => '/consents/datasubject/form',
      body: ({ id, data }) => ({ ...input(data), dataId: String(id) }),
      reply: one,
    },
    delete: {
      method: 'DELETE',
      path: () => '/consents/datasubject/form',
      query: ({ id }) => ({ dataId: String(id) }),
      reply: (_body, { id, previousData }) => ({ data: previousData ?? { id } }),
    },
  },
} satisfies ResourceDefinition;
