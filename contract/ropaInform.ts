import { z } from 'zod';

/**
 * Data collected from other sources (PDPA s.25): when a ROPA activity receives personal data from
 * someone other than the data subject (`record.otherSourceOn`, the day it was received), the product
 * opens a task to inform those subjects without delay and within 30 days of collection, of the s.23
 * items — unless one of s.25's exceptions applies, which the task records with its reason.
 *
 * `POST /ropa/activity/:id/inform`: closes the activity's open task (informed, or exempt), or opens it
 * again. The task itself is read with the activity (`ropaDetail.inform`).
 */
export const INFORM_DAYS = 30;
export const ROPA_INFORM_STATES = ['to_do', 'done', 'exempt'] as const;
export type RopaInformState = (typeof ROPA_INFORM_STATES)[number];
/** s.25 para. 1: the subject already knows; informing is impossible or would defeat the purpose; urgent by law; a duty of confidentiality. */
export const ROPA_INFORM_EXEMPTIONS = ['already_knows', 'impossible', 'urgent_law', 'confidential'] as const;
/** How the subjects were told. */
export const ROPA_INFORM_METHODS = ['letter', 'email', 'sms', 'first_contact', 'website', 'other'] as const;

const person = z.object({ id: z.string(), name: z.string() }).nullable();
export const ropaInformTask = z.object({
  id: z.string(),
  collectedOn: z.string(),
  dueOn: z.string(),
  state: z.enum(ROPA_INFORM_STATES),
  /** still to do after its due day (Bangkok) */
  overdue: z.boolean(),
  informedOn: z.string().nullable(),
  method: z.enum(ROPA_INFORM_METHODS).nullable(),
  exemption: z.enum(ROPA_INFORM_EXEMPTIONS).nullable(),
  note: z.string(),
  /** the latest s.25 letter made for the activity (a document sheet of kind `indirectNotice` attached to it), if any */
  letter: z.object({ id: z.string(), title: z.string(), state: z.string() }).nullable(),
  closedBy: person,
  closed_dt: z.string().nullable(),
});
export type RopaInformTask = z.infer<typeof ropaInformTask>;

const note = z.string().trim().max(2000, { message: 'server.ropa_inform_note_too_long' });
/** What closing the task takes: the day and the way they were told; or the exception and why it applies; or `to_do` to open it again. */
export const ropaInformBody = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('done'),
    informedOn: z.iso.date({ message: 'server.ropa_inform_day_required' }),
    method: z.enum(ROPA_INFORM_METHODS, { message: 'server.ropa_inform_method_required' }),
    note: note.default(''),
  }),
  z.object({
    state: z.literal('exempt'),
    exemption: z.enum(ROPA_INFORM_EXEMPTIONS, { message: 'server.ropa_inform_exemption_required' }),
    note: note.min(1, { message: 'server.ropa_inform_reason_required' }),
  }),
  z.object({ state: z.literal('to_do') }),
]);
export type RopaInformBody = z.input<typeof ropaInformBody>;
export const ropaInformReply = z.object({ data: ropaInformTask });
