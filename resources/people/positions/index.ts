import { z } from 'zod';
import { masterName } from '../../../contract/people';
import type { ResourceUiDefinition } from '../../types';
import definition from './definition';

/** Positions: the list (search, department filter, its department, people holding it) and the add/edit modal. */
export default {
  ...definition,
  fields: {
    name: { kind: 'text', label: 'people.position.name', rule: masterName },
    departmentId: {
      kind: 'reference',
      label: 'people.position.department',
      reference: { resource: 'departments', optionText: 'name' },
      rule: z.uuid(),
    },
    userCount: { kind: 'number', label: 'people.position.users' },
    created_dt: { kind: 'date', label: 'common.created' },
  },
  table: {
    columns: ['name', 'departmentId', 'userCount', 'created_dt'],
    search: true,
    codes: { list: 'CON#008', save: 'CON#009', remove: 'CON#010' },
  },
  form: { rows: ['departmentId', 'name'], requiredKey: 'common.required' },
  texts: { prefix: 'people.position', addButton: 'people.position.add' },
} satisfies ResourceUiDefinition;
