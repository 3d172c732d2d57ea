import type { SortPayload } from 'react-admin';
import type { ImportPreview, SavedFilter } from '../contract/bulk';
import type { ApiCall, ResourceDefinition } from '../resources/types';
import { ApiFailure, callApi, downloadFile } from './http';

/** What a file chosen in the import dialog is sent as: its name and its bytes in base64. */
export interface ImportFile {
  name: string;
  contentBase64: string;
}

/** The shared list calls: a resource opts in by `bulk` in its definition. */
export interface BulkCalls {
  importTemplate(resource: string): Promise<void>;
  previewImport(resource: string, file: ImportFile): Promise<ImportPreview>;
  commitImport(resource: string, file: ImportFile): Promise<{ imported: number }>;
  exportList(resource: string, params: { filter: Record<string, unknown>; sort?: SortPayload }): Promise<void>;
  savedFilters(list: string): Promise<SavedFilter[]>;
  saveFilter(body: { list: string; name: string; filter: Record<string, unknown> }): Promise<SavedFilter>;
  deleteSavedFilter(id: string): Promise<void>;
}

/** The query a list's getList sends for this filter and sort, without its page: what its export takes. */
export function listQuery(definition: ResourceDefinition, filter: Record<string, unknown>, sort?: SortPayload) {
  const getList = definition.api.getList as ApiCall<unknown, unknown> | undefined;
  if (getList?.query) {
    const { currentPage: _p, limit: _l, ...query } = getList.query({ pagination: { page: 1, perPage: 20 }, filter, sort } as never);
    return query;
  }
  const clean = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
  return { ...(sort?.field ? { sort: JSON.stringify([sort.field, sort.order]) } : {}), filter: JSON.stringify(clean) };
}

export function bulkCalls(table: Map<string, ResourceDefinition>): BulkCalls {
  const bulkOf = (resource: string, kind: 'import' | 'export') => {
    const path = table.get(resource)?.bulk?.[kind];
    if (!path) throw new ApiFailure(404, undefined, 'errors.generic');
    return path;
  };
  return {
    importTemplate: (resource) => downloadFile(`${bulkOf(resource, 'import')}/import/template`, { method: 'GET' }, 'template.xlsx'),
    previewImport: (resource, file) =>
      callApi<ImportPreview & { status: number }>(`${bulkOf(resource, 'import')}/import/preview`, { method: 'POST', body: { file } }),
    commitImport: (resource, file) => callApi<{ imported: number }>(`${bulkOf(resource, 'import')}/import`, { method: 'POST', body: { file } }),
    exportList: (resource, { filter, sort }) => {
      const definition = table.get(resource);
      if (!definition) throw new ApiFailure(404, undefined, 'errors.generic');
      return downloadFile(bulkOf(resource, 'export'), { method: 'GET', query: listQuery(definition, filter, sort) }, `${resource}.xlsx`);
    },
    savedFilters: async (list) => (await callApi<{ data: SavedFilter[] }>('/saved-filters', { query: { list } })).data,
    saveFilter: async (body) => (await callApi<{ data: SavedFilter }>('/saved-filters', { method: 'POST', body })).data,
    deleteSavedFilter: async (id) => {
      await callApi(`/saved-filters/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
  };
}
