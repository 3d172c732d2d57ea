import { z } from 'zod';
import { END_ACTIONS, PERIOD_MAX, PERIOD_UNITS, RETENTION_LAW_KEYS, START_EVENTS, retentionRuleBody } from '../../../contract/retention';
import type { ResourceUiDefinition } from '../../types';
import { CategoryCell, LawCell, PeriodCell, SystemCell } from './cells';
import definition from './definition';

const choices = (keys: readonly string[], prefix: string) => keys.map((id) => ({ id, name: `${prefix}.${id}` }));
const shape = retentionRuleBody.shape;

export const RULE_CODES = { list: 'RTR#001', save: 'RTR#002', remove: 'RTR#003' } as const;

/** The retention rules: the list (category, system, period, law, end action, open items) and the add/edit modal, from these fields. */
export default {
  ...definition,
  fields: {
    categoryId: {
      kind: 'reference',
      label: 'retention.rules.category',
      reference: { resource: 'data-categories', optionText: 'name' },
      rule: shape.categoryId,
      cell: CategoryCell,
    },
    systemId: {
      kind: 'reference',
      label: 'retention.rules.system',
      reference: { resource: 'datamap-systems', optionText: 'name' },
      rule: shape.systemId,
      cell: SystemCell,
    },
    period: {
      kind: 'number',
      label: 'retention.rules.period',
      rule: z
        .number({ message: 'server.retention_period_range' })
        .int({ message: 'server.retention_period_range' })
        .min(1, { message: 'server.retention_period_range' })
        .max(PERIOD_MAX.days, { message: 'server.retention_period_range' }),
      cell: PeriodCell,
    },
    unit: { kind: 'select', label: 'retention.rules.unit', choices: choices(PERIOD_UNITS, 'retention.units'), rule: shape.unit },
    startEvent: { kind: 'select', label: 'retention.rules.start_event', choices: choices(START_EVENTS, 'retention.events'), rule: shape.startEvent },
    law: {
      kind: 'select',
      label: 'retention.rules.law',
      choices: choices(RETENTION_LAW_KEYS, 'retention.laws').map((c) => ({ ...c, name: `${c.name}.name` })),
      rule: shape.law,
      cell: LawCell,
    },
    legalReason: { kind: 'longText', label: 'retention.rules.legal_reason', rule: shape.legalReason },
    endAction: { kind: 'select', label: 'retention.rules.end_action', choices: choices(END_ACTIONS, 'retention.actions'), rule: shape.endAction },
    openItems: { kind: 'number', label: 'retention.rules.open_items' },
  },
  table: { columns: ['categoryId', 'systemId', 'period', 'law', 'endAction', 'openItems'], search: true, codes: RULE_CODES },
  form: {
    rows: ['categoryId', 'systemId', ['period', 'unit'], 'startEvent', 'law', 'legalReason', 'endAction'],
    requiredKey: 'common.required',
  },
  texts: { prefix: 'retention.rules', addButton: 'retention.rules.add', area: 'retention' },
} satisfies ResourceUiDefinition;
