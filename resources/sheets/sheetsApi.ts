import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/** Screen codes of the document screens' error toasts (README "Document sheets"). */
export const CODES = {
  list: 'SHT#001',
  load: 'SHT#002',
  save: 'SHT#003',
  action: 'SHT#004',
  export: 'SHT#005',
  templates: 'SHT#006',
  templateSave: 'SHT#007',
  create: 'SHT#008',
  remove: 'SHT#009',
} as const;

export const useSheetsApi = () => useDataProvider<AppDataProvider>();

export const STATE_COLOURS = { draft: 'default', review: 'warning', approved: 'info', published: 'success', archived: 'default' } as const;
