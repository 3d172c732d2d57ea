import { register, registerText } from '../register';

/** The company's data subject categories (customers, staff, job applicants…): the data map's and ROPA's vocabulary. */
export default register({
  name: 'data-subject-categories',
  menu: 'dataManage',
  fields: {
    name: { kind: 'text', rule: registerText(200).min(1), search: true, required: true },
    description: { kind: 'longText', rule: registerText(2000), search: true },
  },
  columns: ['name', 'description'],
  texts: { area: 'datamap', prefix: 'datamap.subjects' },
  codes: { list: 'DMS#001', save: 'DMS#002', remove: 'DMS#003' },
});
