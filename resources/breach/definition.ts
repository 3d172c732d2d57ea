import type { z } from 'zod';
import type { BreachNoticeBody, BreachOptions, BreachRecord, DraftRiskFactors, LetterKind, riskSuggestionReply } from '../../contract/breach';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../types';

const record = (body: Record<string, unknown>) => body.data as BreachRecord;
const at = (id: string, tail = '') => `/databreach/${encodeURIComponent(id)}${tail}`;

/**
 * The breach log (menu 17): the REST convention under `/databreach` (list, one, create, update), and the
 * record's own calls: the assessment, a notice sent, a state change, a note, attachments and the letters.
 */
const definition = {
  name: 'breaches',
  menu: 'dataBreach',
  api: { rest: '/databreach' },
  bulk: { export: '/databreach/export' },
  calls: {
    breachOptions: apiCall({
      method: 'GET',
      path: () => '/databreach/options',
      reply: (body) => body as unknown as BreachOptions,
    }),
    assessBreach: apiCall({
      method: 'PUT',
      path: ({ id }: { id: string; level: string; factors: Record<string, unknown>; rationale: string }) => at(id, '/assessment'),
      body: ({ id: _, ...body }) => body,
      reply: record,
    }),
    recordBreachNotice: apiCall({
      method: 'POST',
      path: ({ id }: BreachNoticeBody & { id: string }) => at(id, '/notices'),
      body: ({ id: _, ...body }) => body,
      reply: record,
    }),
    changeBreachState: apiCall({
      method: 'POST',
      path: ({ id }: { id: string; status: string; note: string; subjectsWaiver: string }) => at(id, '/state'),
      body: ({ id: _, ...body }) => body,
      reply: record,
    }),
    addBreachNote: apiCall({
      method: 'POST',
      path: ({ id }: { id: string; note: string }) => at(id, '/notes'),
      body: ({ id: _, ...body }) => body,
      reply: record,
    }),
    attachBreachFile: apiCall({
      method: 'POST',
      path: ({ id }: { id: string; file: { name: string; contentBase64: string } }) => at(id, '/files'),
      body: ({ id: _, ...body }) => body,
      reply: record,
    }),
    downloadBreachFile: fileCall({
      method: 'GET',
      path: ({ id, fileId }: { id: string; fileId: string; name: string }) => at(id, `/files/${encodeURIComponent(fileId)}`),
      fileName: ({ name }) => name,
    }),
    /** the level the factors chosen so far suggest (the rule is the server's) */
    breachRiskSuggestion: apiCall({
      method: 'POST',
      path: (_: { factors: DraftRiskFactors }) => '/databreach/risk-suggestion',
      body: (body) => body,
      reply: (body) => body as unknown as Omit<z.infer<typeof riskSuggestionReply>, 'status'>,
    }),
    issueBreachLetter: apiCall({
      method: 'POST',
      path: ({ id }: { id: string; kind: LetterKind; signatoryName: string; signatoryPosition: string }) => at(id, '/letters'),
      body: ({ id: _, ...body }) => body,
      reply: record,
    }),
    breachLetter: fileCall({
      method: 'GET',
      path: ({ id }: { id: string; code: string; kind: LetterKind }) => at(id, '/letter'),
      query: ({ kind }) => ({ kind }),
      fileName: ({ code, kind }) => `${code}-${{ office: 'pdpc-office', subjects: 'data-subjects', controller: 'controller' }[kind]}.pdf`,
    }),
    breachReport: fileCall({
      method: 'GET',
      path: ({ id }: { id: string; code: string }) => at(id, '/report'),
      fileName: ({ code }) => `${code}-report.pdf`,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
