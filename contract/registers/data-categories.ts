import { z } from 'zod';
import { register, registerText } from '../register';

/**
 * The company's data categories (the data map's vocabulary, picked by ROPA records): a name, whether
 * it is sensitive data under s.26 of the PDPA (explicit consent or another s.26 basis needed), and a
 * description.
 */
export default register({
  name: 'data-categories',
  menu: 'dataManage',
  fields: {
    name: { kind: 'text', rule: registerText(200).min(1), search: true, required: true },
    sensitive: { kind: 'boolean', rule: z.boolean() },
    description: { kind: 'longText', rule: registerText(2000), search: true },
  },
  columns: ['name', 'sensitive', 'description'],
  texts: { area: 'datamap', prefix: 'datamap.categories' },
  codes: { list: 'DMC#001', save: 'DMC#002', remove: 'DMC#003' },
});
