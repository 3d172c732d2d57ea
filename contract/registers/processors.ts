import { z } from 'zod';
import { register, registerText } from '../register';

/**
 * The processors the company hands personal data to (the s.40 register): who they are, in which
 * country, the date of the data processing agreement, and whom to contact.
 */
export default register({
  name: 'processors',
  menu: 'dataManage',
  fields: {
    name: { kind: 'text', rule: registerText(200).min(1), search: true, required: true },
    country: { kind: 'text', rule: registerText(100), search: true },
    contractDate: { kind: 'date', rule: z.iso.date().nullable() },
    contact: { kind: 'text', rule: registerText(300), search: true },
  },
  columns: ['name', 'country', 'contractDate', 'contact'],
  texts: { area: 'datamap', prefix: 'datamap.processors' },
  codes: { list: 'DMP#001', save: 'DMP#002', remove: 'DMP#003' },
});
