import { register, registerText } from '../register';

/** The company's purposes of processing, picked per data category by ROPA records (s.39(2)). */
export default register({
  name: 'processing-purposes',
  menu: 'dataManage',
  fields: {
    name: { kind: 'text', rule: registerText(200).min(1), search: true, required: true },
    description: { kind: 'longText', rule: registerText(2000), search: true },
  },
  columns: ['name', 'description'],
  texts: { area: 'datamap', prefix: 'datamap.purposes' },
  codes: { list: 'DMU#001', save: 'DMU#002', remove: 'DMU#003' },
});
