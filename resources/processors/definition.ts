import type { z } from 'zod';
import type {
  diligenceRecord,
  questionnairePageReply,
  questionnaireSendReply,
  questionnaireSubmitReply,
  QuestionnaireAnswers,
} from '../../contract/processors';
import { apiCall, fileCall, type CallsOf, type ResourceDefinition } from '../types';

const at = (id: string, rest = '') => `/processor-diligence/${encodeURIComponent(id)}${rest}`;
const publicAt = (token: string) => `/public/processor-questionnaire/${encodeURIComponent(token)}`;

/** Processors' due diligence (menu 16), by the REST convention: `/processor-diligence` (one row a processor of the register). */
const definition = {
  name: 'processor-diligence',
  menu: 'dataManage',
  api: { rest: '/processor-diligence' },
  bulk: { import: '/processor-diligence', export: '/processor-diligence/export' },
  calls: {
    sendProcessorQuestionnaire: apiCall({
      method: 'POST',
      path: ({ id }: { id: string; sentTo: string; lang: 'th' | 'en' }) => at(id, '/questionnaires'),
      body: ({ id: _, ...body }) => body,
      reply: (body) => body as unknown as Omit<z.infer<typeof questionnaireSendReply>, never>,
    }),
    openProcessorRiskEvent: apiCall({
      method: 'POST',
      path: ({ id, questionnaireId }: { id: string; questionnaireId: string }) =>
        at(id, `/questionnaires/${encodeURIComponent(questionnaireId)}/risk-event`),
      reply: (body) => body as unknown as { data: z.infer<typeof diligenceRecord> },
    }),
    downloadProcessorDpa: fileCall({
      method: 'GET',
      path: ({ id }: { id: string; name: string }) => at(id, '/dpa'),
      fileName: ({ name }) => name,
    }),
    processorQuestionnaire: apiCall({
      method: 'GET',
      path: ({ token }: { token: string }) => publicAt(token),
      reply: (body) => body as unknown as z.infer<typeof questionnairePageReply>,
    }),
    submitProcessorQuestionnaire: apiCall({
      method: 'POST',
      path: ({ token }: { token: string; respondentName: string; answers: QuestionnaireAnswers }) => publicAt(token),
      body: ({ token: _, ...body }) => body,
      reply: (body) => body as unknown as z.infer<typeof questionnaireSubmitReply>,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
