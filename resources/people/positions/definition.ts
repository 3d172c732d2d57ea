import { contactMasterApi } from '../departments/contactMasterApi';
import type { ResourceDefinition } from '../../types';

/**
 * The departments' positions by the seed's calls: `GET /user/contact/position?departmentId`,
 * `POST /user/contact/position {departmentId, value}`; renamed, moved and deleted through
 * `/user/contact/department` with `type: 'position'`.
 */
export default { name: 'positions', menu: 'contacts', api: contactMasterApi('position') } satisfies ResourceDefinition;
