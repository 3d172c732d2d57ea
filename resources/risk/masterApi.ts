import type { RaRecord } from 'react-admin';
import { RISK_TYPE } from '../../contract/risk';
import type { IrregularApi } from '../types';
import { listTotal } from './listTotal';

type MasterType = (typeof RISK_TYPE)[keyof typeof RISK_TYPE];
const withId = <T extends { _id: string }>(row: T) => ({ ...row, id: row._id });

/**
 * The seed's calls for risk events (type 1) and plans (type 2): one list, one create/update path,
 * one delete. `name` is the form's field for the seed's `riskMasterData`.
 */
export function masterApi(type: MasterType): IrregularApi {
  const cia = (data: Partial<RaRecord>) =>
    type === RISK_TYPE.event
      ? { riskCia: { confidentiality: !!data.confidentiality, integrity: !!data.integrity, availability: !!data.availability } }
      : {};
  return {
    getList: {
      method: 'GET',
      path: () => '/datarisk/list',
      query: ({ pagination, filter }) => ({
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? 20,
        type,
        search: filter?.search,
      }),
      reply: (body) => ({ data: (body.riskData as { _id: string }[]).map(withId), ...listTotal(body) }),
    },
    create: {
      method: 'POST',
      path: () => '/datarisk/create',
      body: ({ data }) => ({ riskMasterData: data.name, type, ...cia(data) }),
      reply: (body) => ({ data: withId(body.data as { _id: string }) }),
    },
    update: {
      method: 'PUT',
      path: () => '/datarisk/create',
      body: ({ id, data }) => ({ dataId: id, riskMasterData: data.name, type, ...cia(data) }),
      reply: (body) => ({ data: withId(body.data as { _id: string }) }),
    },
    delete: {
      method: 'POST',
      path: () => '/datarisk/delete/',
      body: ({ id }) => ({ dataId: id, type }),
      reply: (_body, { previousData, id }) => ({ data: previousData ?? { id } }),
    },
  };
}
