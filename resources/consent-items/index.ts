import { consentItemName, type ConsentItemType } from '../../contract/consent';
import type { ResourceUiDefinition } from '../types';
import { itemDefinition } from './itemApi';
import { ItemStatusSwitch } from './ItemStatusSwitch';

/** A consent item list (name, sensitive, active), generated: search, add, rename, toggle, typed delete. */
const itemUi = (type: ConsentItemType) =>
  ({
    ...itemDefinition(type),
    fields: {
      name: { kind: 'longText', label: 'consent.item.name', rule: consentItemName, truncate: 80 },
      sensitive: { kind: 'boolean', label: 'consent.item.sensitive' },
      status: { kind: 'boolean', label: 'consent.item.status', cell: ItemStatusSwitch },
      created_dt: { kind: 'date', label: 'common.created' },
    },
    table: { columns: ['name', 'sensitive', 'status', 'created_dt'], search: true, codes: { list: 'CSI#001', save: 'CSI#002', remove: 'CSI#003' } },
    form: { rows: ['name', 'sensitive'], requiredKey: 'common.required' },
    texts: { prefix: `consent.item.${type}`, addButton: `consent.item.${type}.add` },
  }) satisfies ResourceUiDefinition;

export const consentSourcesUi = itemUi('source');
export const consentObjectivesUi = itemUi('objective');
export const consentStoresUi = itemUi('store');
