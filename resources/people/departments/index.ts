import { masterName } from '../../../contract/people';
import type { ResourceUiDefinition } from '../../types';
import definition from './definition';

/** Departments: the list (search, positions and people in each, created date) and the add/rename modal. */
export default {
  ...definition,
  fields: {
    name: { kind: 'text', label: 'people.department.name', rule: masterName },
    positionCount: { kind: 'number', label: 'people.department.positions' },
    userCount: { kind: 'number', label: 'people.department.users' },
    created_dt: { kind: 'date', label: 'common.created' },
  },
  table: {
    columns: ['name', 'positionCount', 'userCount', 'created_dt'],
    search: true,
    codes: { list: 'CON#005', save: 'CON#006', remove: 'CON#007' },
  },
  form: { rows: ['name'], requiredKey: 'common.required' },
  texts: { prefix: 'people.department', addButton: 'people.department.add' },
} satisfies ResourceUiDefinition;
