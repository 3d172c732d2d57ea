import { masterName } from '../../../contract/people';
import type { ResourceUiDefinition } from '../../types';
import definition from './definition';

/** Departments: the list (search, its head, positions and people in each, created date) and the add/edit modal. */
export default {
  ...definition,
  fields: {
    name: { kind: 'text', label: 'people.department.name', rule: masterName },
    // a staff member who sees the department's standing in the knowledge tests (the server refuses a contact)
    headUserId: {
      kind: 'reference',
      label: 'people.department.head',
      reference: { resource: 'people', optionText: 'name', filter: { kind: 'staff' } },
    },
    headName: { kind: 'text', label: 'people.department.head' },
    positionCount: { kind: 'number', label: 'people.department.positions' },
    userCount: { kind: 'number', label: 'people.department.users' },
    created_dt: { kind: 'date', label: 'common.created' },
  },
  table: {
    columns: ['name', 'headName', 'positionCount', 'userCount', 'created_dt'],
    search: true,
    codes: { list: 'CON#005', save: 'CON#006', remove: 'CON#007' },
  },
  form: { rows: ['name', 'headUserId'], requiredKey: 'common.required' },
  texts: { prefix: 'people.department', addButton: 'people.department.add' },
} satisfies ResourceUiDefinition;
