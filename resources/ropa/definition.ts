import type { z } from 'zod';
import type {
  RopaChoices,
  RopaDetail,
  RopaReportProgress,
  RopaReportQuery,
  RopaState,
  expireRopaReply,
  relateConsentReply,
  relateDepartmentReply,
  sumRopaReply,
} from '../../contract/ropa';
import type { RopaInformBody, RopaInformTask } from '../../contract/ropaInform';
import type { RopaComment, RopaReviewer } from '../../contract/ropaReview';
import type { SmeAnswers, SmeAssessment } from '../../contract/ropaSme';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../types';

/**
 * Records of processing (menu 11): activities by the REST convention (`/ropa/activity`), the state
 * moves, the form's choices, the seed's dashboard calls and the register's export.
 */
const definition = {
  name: 'ropa-activities',
  menu: 'ropa',
  api: { rest: '/ropa/activity' },
  bulk: { import: '/ropa/activity', export: '/ropa/activity/export' },
  calls: {
    ropaChoices: apiCall({ method: 'GET', path: () => '/ropa/choices', reply: (body) => body as unknown as RopaChoices }),
    moveRopaActivity: apiCall({
      method: 'POST',
      path: ({ id }: { id: string; state: RopaState; reviewerId?: string | null }) => `/ropa/activity/${encodeURIComponent(id)}/state`,
      body: ({ state, reviewerId }) => (reviewerId ? { state, reviewerId } : { state }),
      reply: (body) => body.data as RopaDetail,
    }),
    ropaVersion: apiCall({
      method: 'GET',
      path: ({ id }: { id: string; version?: number; on?: string }) => `/ropa/activity/${encodeURIComponent(id)}/version`,
      query: ({ version, on }) => (on ? { on } : { version }),
      reply: (body) => ({
        detail: body.data as RopaDetail,
        version: body.version as number,
        approved_dt: body.approved_dt as string,
      }),
    }),
    // ROPA review: who may be asked, and the comment thread of an activity
    ropaReviewers: apiCall({ method: 'GET', path: () => '/ropa/reviewers', reply: (body) => body.data as RopaReviewer[] }),
    ropaComments: apiCall({
      method: 'GET',
      path: ({ id }: { id: string }) => `/ropa/activity/${encodeURIComponent(id)}/comments`,
      reply: (body) => body.data as RopaComment[],
    }),
    addRopaComment: apiCall({
      method: 'POST',
      path: ({ id }: { id: string; body: string }) => `/ropa/activity/${encodeURIComponent(id)}/comments`,
      body: ({ body }) => ({ body }),
      reply: (body) => body.data as RopaComment[],
    }),
    // s.25: close the activity's task to inform the subjects of data from other sources, or open it again
    closeRopaInform: apiCall({
      method: 'POST',
      path: ({ id }: { id: string; body: RopaInformBody }) => `/ropa/activity/${encodeURIComponent(id)}/inform`,
      body: ({ body }) => body,
      reply: (body) => body.data as RopaInformTask,
    }),
    smeAssessments: apiCall({
      method: 'GET',
      path: () => '/ropa/sme',
      query: () => ({ limit: 20 }),
      reply: (body) => body.assessments as SmeAssessment[],
    }),
    saveSmeAssessment: apiCall({
      method: 'POST',
      path: () => '/ropa/sme',
      body: (answers: SmeAnswers) => answers,
      reply: (body) => body.data as SmeAssessment,
    }),
    sumRopa: apiCall({ method: 'GET', path: () => '/ropa/fetch/sumropa', reply: (body) => body.sumropa as z.infer<typeof sumRopaReply>['sumropa'] }),
    expireRopa: apiCall({
      method: 'GET',
      path: () => '/ropa/fetch/expire-ropa',
      query: ({ days }: { days: number }) => ({ days, currentPage: 1, limit: 100 }),
      reply: (body) => body as unknown as z.infer<typeof expireRopaReply>,
    }),
    relateDepartment: apiCall({
      method: 'GET',
      path: () => '/ropa/fetch/relate-department',
      reply: (body) => body.relateDepartment as z.infer<typeof relateDepartmentReply>['relateDepartment'],
    }),
    relateConsent: apiCall({
      method: 'GET',
      path: () => '/ropa/fetch/relate-consent',
      query: ({ currentPage }: { currentPage: number }) => ({ currentPage, limit: 20 }),
      reply: (body) => body as unknown as z.infer<typeof relateConsentReply>,
    }),
    exportRopaReport: fileCall({
      method: 'GET',
      path: () => '/ropa/report',
      query: (q: RopaReportQuery) => ({ ...q }),
      fileName: (q) => `ropa-register.${q.format}`,
    }),
    ropaReportProgress: apiCall({
      method: 'GET',
      path: () => '/ropa/report/progress',
      query: ({ job }: { job: string }) => ({ job }),
      reply: (body) => body as unknown as RopaReportProgress,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
