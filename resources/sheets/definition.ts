import type { SheetAction, SheetDetail } from '../../contract/sheets';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../types';

export interface SheetPreview {
  version: number;
  html: string;
  missing: string[];
  pending: string[];
}

/**
 * Document sheets (menu 7): documents by the REST convention (`/sheets`), and the calls that are not
 * CRUD: a state change, one saved version, the preview with live data, the PDF and DOCX.
 */
const definition = {
  name: 'sheets',
  menu: 'sheets',
  api: { rest: '/sheets' },
  calls: {
    /** moves the document (submit, approve, reject, publish, revise, archive): the document as it now is */
    sheetAction: apiCall({
      method: 'POST',
      path: ({ id }: { id: string; action: SheetAction }) => `/sheets/${encodeURIComponent(id)}/state`,
      body: ({ action }) => ({ action }),
      reply: (body) => body.data as SheetDetail,
    }),
    sheetVersion: apiCall({
      method: 'GET',
      path: ({ id, version }: { id: string; version: number }) => `/sheets/${encodeURIComponent(id)}/versions/${version}`,
      reply: (body) => body.data as { version: number; title: string; body: string; frozen: boolean },
    }),
    sheetPreview: apiCall({
      method: 'GET',
      path: ({ id }: { id: string; version?: number }) => `/sheets/${encodeURIComponent(id)}/preview`,
      query: ({ version }) => ({ version }),
      reply: (body) => body.data as SheetPreview,
    }),
    exportSheet: fileCall({
      method: 'GET',
      path: ({ id }: { id: string; format: 'pdf' | 'docx'; version?: number; name: string }) => `/sheets/${encodeURIComponent(id)}/export`,
      query: ({ format, version }) => ({ format, version }),
      fileName: ({ name, format }) => `${name}.${format}`,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}

/** The templates (shipped and the company's own) by the REST convention. */
export const sheetTemplates = { name: 'sheet-templates', menu: 'sheets', api: { rest: '/sheet-templates' } } satisfies ResourceDefinition;
