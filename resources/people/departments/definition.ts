import type { ResourceDefinition } from '../../types';
import { contactMasterApi } from './contactMasterApi';

/**
 * The company's departments by the seed's calls: `GET /user/contact/department` and
 * `POST/PUT/DELETE /user/contact/department` with `dataId, value, type` (`type: 'department'`).
 */
export default { name: 'departments', menu: 'contacts', api: contactMasterApi('department') } satisfies ResourceDefinition;
