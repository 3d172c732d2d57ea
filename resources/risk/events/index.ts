import { riskCreateBody } from '../../../contract/risk';
import { CiaBadges } from '../CiaBadges';
import type { ResourceUiDefinition } from '../../types';
import definition from './definition';

/** Risk events: the list (search, C/I/A badges, created date) and the add/edit modal, from these fields. */
export default {
  ...definition,
  fields: {
    name: { kind: 'longText', label: 'risk.event.name', column: 'risk.columns.event', rule: riskCreateBody.shape.riskMasterData },
    confidentiality: { kind: 'boolean', label: 'risk.cia.confidentiality' },
    integrity: { kind: 'boolean', label: 'risk.cia.integrity' },
    availability: { kind: 'boolean', label: 'risk.cia.availability' },
    impact: { kind: 'text', label: 'risk.columns.impact', cell: CiaBadges },
    created_dt: { kind: 'date', label: 'risk.columns.created' },
  },
  table: { columns: ['name', 'impact', 'created_dt'], search: true, codes: { list: 'RKE#001', save: 'RKE#002', remove: 'RKE#003' } },
  form: { rows: ['name', 'confidentiality', 'integrity', 'availability'], requiredKey: 'risk.required' },
  texts: { prefix: 'risk.event', addButton: 'risk.add' },
} satisfies ResourceUiDefinition;
