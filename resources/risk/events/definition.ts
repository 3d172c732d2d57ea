import { RISK_TYPE } from '../../../contract/risk';
import { masterApi } from '../masterApi';
import type { ResourceDefinition } from '../../types';

/** Risk events (seed type 1): what could happen, and which of C, I and A it would hurt. */
export default { name: 'risk-events', menu: 'riskManagement', api: masterApi(RISK_TYPE.event) } satisfies ResourceDefinition;
