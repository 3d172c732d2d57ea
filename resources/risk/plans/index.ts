import { riskCreateBody } from '../../../contract/risk';
import type { ResourceUiDefinition } from '../../types';
import definition from './definition';

/** Current measures (plans): the list and the add/edit modal, which Esc or the backdrop cannot close. */
export default {
  ...definition,
  fields: {
    name: { kind: 'longText', label: 'risk.plan.name', column: 'risk.columns.plan', rule: riskCreateBody.shape.riskMasterData },
    created_dt: { kind: 'date', label: 'risk.columns.created' },
  },
  table: { columns: ['name', 'created_dt'], search: true, codes: { list: 'RKP#001', save: 'RKP#002', remove: 'RKP#003' } },
  form: { rows: ['name'], requiredKey: 'risk.required', strictModal: true },
  texts: { prefix: 'risk.plan', addButton: 'risk.create' },
} satisfies ResourceUiDefinition;
