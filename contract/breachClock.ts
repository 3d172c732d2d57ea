import { TZDate } from '@date-fns/tz';
import { addHours, differenceInMilliseconds } from 'date-fns';
import { millisecondsInHour } from 'date-fns/constants';
import { BANGKOK } from './clock';

/**
 * The breach clock of PDPA s.37(4): the PDPC Office is to be told within 72 hours of the moment the
 * company became aware of the breach (`awareAt`), unless the breach is unlikely to risk people's rights
 * and freedoms. A late notice carries its reasons (the Office accepts them up to 15 days late). Hours are
 * real hours: Bangkok keeps UTC+7 all year, so 72 hours are also three Bangkok calendar days.
 */
export const BREACH_NOTIFY_HOURS = 72;
/** The bell warns when this many hours have passed since `awareAt` (24 h and 12 h left), and at overdue. */
export const BREACH_WARN_HOURS = [48, 60] as const;
/** How late the Office still accepts a notice with its reasons. */
export const BREACH_LATE_ACCEPTED_DAYS = 15;

export type BreachRiskLevel = 'none' | 'risk' | 'high';

/** When the Office is to have been told. */
export const breachDeadline = (awareAt: Date | string): Date => addHours(new Date(awareAt), BREACH_NOTIFY_HOURS);

/**
 * Whole hours from `now` to the deadline, as the list shows them ("24 h left"): a part of an hour left
 * counts as an hour; 0 or less means the deadline has passed.
 */
export function hoursLeft(awareAt: Date | string, now: Date = new Date()): number {
  const ms = differenceInMilliseconds(breachDeadline(awareAt), now);
  return ms > 0 ? Math.ceil(ms / millisecondsInHour) : -Math.floor(-ms / millisecondsInHour);
}

/** Whole hours since `awareAt` (what the 48 h and 60 h warnings count). */
export const hoursSinceAware = (awareAt: Date | string, now: Date = new Date()) =>
  Math.floor(differenceInMilliseconds(now, new Date(awareAt)) / millisecondsInHour);

/**
 * Where a breach stands against its clock:
 * - `running`: the Office is still to be told and the deadline has not passed;
 * - `overdue`: still to be told, the deadline passed;
 * - `met`: told in time; `late`: told after the deadline (the notice carries its reasons);
 * - `not_required`: assessed as no risk, nothing to notify (the rationale is kept);
 * - `stopped`: closed without a notice to the Office (only a no-risk breach may be).
 */
export type BreachClockState = 'running' | 'overdue' | 'met' | 'late' | 'not_required' | 'stopped';

export interface BreachClock {
  deadlineAt: string;
  /** whole hours left (ceil); negative: hours overdue (floor) */
  hoursLeft: number;
  state: BreachClockState;
  /** the last warning the clock has reached: 0 none, 48, 60, or 72 (overdue) */
  stage: 0 | 48 | 60 | 72;
}

export function breachClock(
  b: { awareAt: Date | string; riskLevel: BreachRiskLevel | null; officeNotifiedAt: Date | string | null; closed: boolean },
  now: Date = new Date(),
): BreachClock {
  const deadline = breachDeadline(b.awareAt);
  const left = hoursLeft(b.awareAt, now);
  const since = hoursSinceAware(b.awareAt, now);
  let state: BreachClockState;
  if (b.officeNotifiedAt) state = new Date(b.officeNotifiedAt).getTime() > deadline.getTime() ? 'late' : 'met';
  else if (b.riskLevel === 'none') state = 'not_required';
  else if (b.closed) state = 'stopped';
  else state = now.getTime() >= deadline.getTime() ? 'overdue' : 'running';
  const stage = state !== 'running' && state !== 'overdue' ? 0 : state === 'overdue' ? 72 : since >= 60 ? 60 : since >= 48 ? 48 : 0;
  return { deadlineAt: deadline.toISOString(), hoursLeft: left, state, stage };
}

/** Whether a notice to the Office sent at `sentAt` is late, and so must carry its reasons. */
export const isLateOfficeNotice = (awareAt: Date | string, sentAt: Date | string) => new Date(sentAt).getTime() > breachDeadline(awareAt).getTime();

/** A moment as the form's `datetime-local` value in Bangkok time: `YYYY-MM-DDTHH:mm`. */
export function toBangkokLocal(at: Date | string): string {
  const d = new TZDate(new Date(at).getTime(), BANGKOK);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `YYYY-MM-DDTHH:mm` typed in Bangkok time as the instant it names (ISO), or undefined when it is not one. */
export function fromBangkokLocal(local: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  const d = new TZDate(year, month - 1, day, hour, minute, BANGKOK);
  if (Number.isNaN(d.getTime()) || d.getMonth() !== month - 1 || d.getDate() !== day) return undefined;
  return new Date(d.getTime()).toISOString();
}
