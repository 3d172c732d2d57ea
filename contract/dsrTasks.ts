import { z } from 'zod';
import { plainText, restRange } from './datamap';
import { dsrFileInput } from './dsr';
import { jsonParam, restSort } from './http';

/**
 * The work behind a data subject request: a task per data-map system that holds the request's data
 * categories (made when the request is accepted; staff add one by hand for a system the data map lacks).
 * A request cannot be fulfilled while one of its tasks is still to do.
 */
export const DSR_TASK_STATES = ['to_do', 'done', 'not_held', 'failed'] as const;
export type DsrTaskState = (typeof DSR_TASK_STATES)[number];
/** A task is due this many days before its request (never after the request, never before tomorrow). */
export const DSR_TASK_LEAD_DAYS = 5;
/** The owner hears of a task this many days before it is due. */
export const DSR_TASK_REMIND_DAYS = 2;
/** A task's evidence: one file in base64 and its texts. */
export const DSR_TASK_BODY_LIMIT = Math.ceil((10 * 1024 * 1024 * 4) / 3) + 64 * 1024;

const id = z.uuid();

/** A task added by hand, for a system the data map lacks. */
export const dsrTaskCreateBody = z.object({
  requestId: id,
  systemName: plainText(200).min(1),
  departmentId: id.nullable().default(null),
  ownerId: id.nullable().default(null),
  note: plainText(2000).default(''),
});
export type DsrTaskCreateBody = z.infer<typeof dsrTaskCreateBody>;

/** A task's work: its state (a failure says why), its note, its owner and, optionally, one more evidence file. */
export const dsrTaskUpdateBody = z
  .object({
    state: z.enum(DSR_TASK_STATES),
    reason: plainText(2000).default(''),
    note: plainText(2000).default(''),
    ownerId: id.nullable().default(null),
    evidence: dsrFileInput.optional(),
  })
  .refine((b) => b.state !== 'failed' || b.reason.length > 0, { message: 'server.dsr_task_reason_required', path: ['reason'] });
export type DsrTaskUpdateBody = z.infer<typeof dsrTaskUpdateBody>;

const person = z.object({ id: z.string(), name: z.string() }).nullable();

export const dsrTask = z.object({
  id: z.string(),
  requestId: z.string(),
  referenceCode: z.string(),
  systemId: z.string().nullable(),
  systemName: z.string(),
  departmentId: z.string().nullable(),
  department: z.string().nullable(),
  ownerId: z.string().nullable(),
  owner: person,
  dueAt: z.string(),
  state: z.enum(DSR_TASK_STATES),
  reason: z.string(),
  note: z.string(),
  /** still to do and past its due date */
  overdue: z.boolean(),
  files: z.array(z.object({ id: z.string(), name: z.string(), mime: z.string(), size: z.number().int() })),
  createdBy: person,
  created_dt: z.string(),
  closedBy: person,
  closed_dt: z.string().nullable(),
});
export type DsrTask = z.infer<typeof dsrTask>;

export const DSR_TASK_SORTS = ['dueAt', 'created_dt', 'systemName', 'state'] as const;
/** `GET /dsr-tasks?sort&range&filter`: a request's tasks, or (`mine`) the signed-in person's (theirs, or their department's unowned ones). */
export const dsrTaskListQuery = z.object({
  sort: restSort(DSR_TASK_SORTS, ['dueAt', 'ASC']),
  range: restRange,
  filter: jsonParam(
    z.object({
      requestId: id.optional(),
      mine: z.boolean().optional(),
      state: z.enum(DSR_TASK_STATES).optional(),
    }),
  )
    .optional()
    .transform((f) => f ?? {}),
});
export const dsrTaskListReply = z.object({ data: z.array(dsrTask), total: z.number().int() });
export const dsrTaskReply = z.object({ data: dsrTask });
export const dsrTaskParams = z.object({ id });
export const dsrTaskFileQuery = z.object({ fileId: id });

/** The dashboard's on-time rate of finished (or overdue) tasks, per system and per department. */
const onTimeRow = z.object({ name: z.string(), onTime: z.number().int(), late: z.number().int(), rate: z.number().nullable() });
export const dsrTaskOnTimeReply = z.object({ status: z.literal(200), systems: z.array(onTimeRow), departments: z.array(onTimeRow) });
export type DsrTaskOnTime = z.infer<typeof dsrTaskOnTimeReply>;
