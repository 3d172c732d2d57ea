import { consentItemName, consentItemNameEn, type ConsentItemType } from '../../../contract/consent';
import type { ResourceUiDefinition } from '../../types';
import { itemDefinition } from './itemApi';
import { ItemNameCell } from './ItemNameCell';
import { ItemStatusSwitch } from './ItemStatusSwitch';

/**
 * A consent item list (name in the reader's language, sensitive, active), generated: search, add,
 * rename (Thai and English), toggle, typed delete.
 */
const itemUi = (type: ConsentItemType) =>
  ({
    ...itemDefinition(type),
    fields: {
      name: { kind: 'longText', label: 'consent.item.name_th', column: 'consent.item.name', rule: consentItemName, cell: ItemNameCell },
      name_en: { kind: 'longText', label: 'consent.item.name_en', rule: consentItemNameEn },
      sensitive: { kind: 'boolean', label: 'consent.item.sensitive' },
      status: { kind: 'boolean', label: 'consent.item.status', cell: ItemStatusSwitch },
      created_dt: { kind: 'date', label: 'common.created' },
    },
    table: { columns: ['name', 'sensitive', 'status', 'created_dt'], search: true, codes: { list: 'CSI#001', save: 'CSI#002', remove: 'CSI#003' } },
    form: { rows: ['name', 'name_en', 'sensitive'], requiredKey: 'common.required' },
    texts: { prefix: `consent.item.${type}`, addButton: `consent.item.${type}.add` },
  }) satisfies ResourceUiDefinition;

export const consentSourcesUi = itemUi('source');
export const consentObjectivesUi = itemUi('objective');
export const consentStoresUi = itemUi('store');
