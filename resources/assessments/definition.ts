import type { AssessmentDetail, Candidate, CandidateFlags, TemplateDetail } from '../../contract/assessments';
import { apiCall, fileCall, type CallsOf, type ResourceDefinition } from '../types';

const at = (id: string, tail = '') => `/assessments/${encodeURIComponent(id)}${tail}`;

/**
 * Assessments (menu 20) by the REST convention under `/assessments`: DPIA and LIA of the ROPA's activities,
 * and the calls that are not CRUD (the DPO's opinion, the sign-off, the next round, the PDF/XLSX export).
 */
export const assessments = {
  name: 'assessments',
  menu: 'assessments',
  api: { rest: '/assessments' },
  calls: {
    giveAssessmentOpinion: apiCall({
      method: 'POST',
      path: ({ id }: { id: string; opinion: string }) => at(id, '/opinion'),
      body: ({ id: _, ...body }) => body,
      reply: (body) => body.data as AssessmentDetail,
    }),
    signAssessment: apiCall({
      method: 'POST',
      path: ({ id }: { id: string }) => at(id, '/sign'),
      body: () => ({}),
      reply: (body) => body.data as AssessmentDetail,
    }),
    nextAssessmentRound: apiCall({
      method: 'POST',
      path: ({ id }: { id: string }) => at(id, '/round'),
      body: () => ({}),
      reply: (body) => body.data as AssessmentDetail,
    }),
    exportAssessment: fileCall({
      method: 'GET',
      path: ({ id }: { id: string; format: 'pdf' | 'xlsx'; name: string }) => at(id, '/export'),
      query: ({ format }) => ({ format }),
      fileName: ({ format, name }) => `${name}.${format}`,
    }),
  },
} satisfies ResourceDefinition;

/** The ROPA activities with their DPIA triggers and LIA need (`:id` the activity); `update` sets the triggers no field gives. */
export const assessmentCandidates = {
  name: 'assessment-candidates',
  menu: 'assessments',
  api: { rest: '/assessment-candidates' },
  calls: {
    setCandidateFlags: apiCall({
      method: 'PUT',
      path: ({ id }: { id: string } & CandidateFlags) => `/assessment-candidates/${encodeURIComponent(id)}`,
      body: ({ id: _, ...flags }) => flags,
      reply: (body) => body.data as Candidate,
    }),
  },
} satisfies ResourceDefinition;

/** The questionnaire templates (built-in and the company's, every version kept); a copy to edit. */
export const assessmentTemplates = {
  name: 'assessment-templates',
  menu: 'assessments',
  api: { rest: '/assessment-templates' },
  calls: {
    copyAssessmentTemplate: apiCall({
      method: 'POST',
      path: ({ id }: { id: string }) => `/assessment-templates/${encodeURIComponent(id)}/copy`,
      body: () => ({}),
      reply: (body) => body.data as TemplateDetail,
    }),
  },
} satisfies ResourceDefinition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof assessments>, CallsOf<typeof assessmentCandidates>, CallsOf<typeof assessmentTemplates> {}
}
