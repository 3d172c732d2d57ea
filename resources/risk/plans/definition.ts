import { RISK_TYPE } from '../../../contract/risk';
import { masterApi } from '../masterApi';
import type { ResourceDefinition } from '../../types';

/** Current measures / risk plans (seed type 2): picked as treatment plans in evaluations. */
export default { name: 'risk-plans', menu: 'riskManagement', api: masterApi(RISK_TYPE.plan) } satisfies ResourceDefinition;
