import { z } from 'zod';
import { bangkokDayStart, bangkokDaysBetween } from './clock';
import { DSR_CHANNELS, DSR_FILE_MAX_BYTES, dsrFileInput, dsrRequestFields, representativeGiven, representativeIssue } from './dsr';

/**
 * How a data subject request comes in besides being filed at once: staff recording one received by
 * e-mail, telephone, post or in person (its clock runs from the day it was received), and the
 * public form's e-mail verification (a one-time code before the request is filed).
 */

// ---- staff intake ---------------------------------------------------------------------------------
/** The channels staff record (the public form is `web`). */
export const DSR_STAFF_CHANNELS = DSR_CHANNELS.filter((c) => c !== 'web') as Exclude<(typeof DSR_CHANNELS)[number], 'web'>[];
/** The oldest receipt staff may record: the PDPC's longest time to complete a request. */
export const DSR_INTAKE_MAX_AGE_DAYS = 90;
/** Scans of the letter (or the e-mail, the note of the call) at most. */
export const DSR_INTAKE_MAX_LETTERS = 2;
/** Identity evidence, proof of authority and the letters, in base64, and the texts. */
export const DSR_INTAKE_BODY_LIMIT = (2 + DSR_INTAKE_MAX_LETTERS) * Math.ceil((DSR_FILE_MAX_BYTES * 4) / 3) + 256 * 1024;

/** Days from a Bangkok day (`YYYY-MM-DD`) to today, Bangkok's (negative: a day still to come). */
export const daysSince = (day: string, now = new Date()) => bangkokDaysBetween(bangkokDayStart(day), now);

export const dsrIntakeBody = dsrRequestFields
  .omit({ consent: true })
  .extend({
    channel: z.enum(DSR_STAFF_CHANNELS as [(typeof DSR_STAFF_CHANNELS)[number], ...(typeof DSR_STAFF_CHANNELS)[number][]]),
    /** the Bangkok day the company received it: the 30-day clock runs from it */
    receivedOn: z.iso
      .date()
      .refine((d) => daysSince(d) >= 0, { message: 'server.dsr_received_future' })
      .refine((d) => daysSince(d) <= DSR_INTAKE_MAX_AGE_DAYS, { message: 'server.dsr_received_too_old' }),
    letters: z.array(dsrFileInput).max(DSR_INTAKE_MAX_LETTERS).default([]),
  })
  .refine(representativeGiven, representativeIssue);
export type DsrIntakeBody = z.input<typeof dsrIntakeBody>;
export const dsrIntakeReply = z.object({ status: z.literal(200), requestId: z.string(), referenceCode: z.string(), dueAt: z.string() });

// ---- the public form's one-time code ---------------------------------------------------------------
export const DSR_CODE_DIGITS = 6;
export const DSR_CODE_MINUTES = 15;
export const DSR_CODE_TRIES = 5;
/** Codes one e-mail address may be sent an hour while none of them is given back. */
export const DSR_CODE_MAILS_PER_HOUR = 3;
/** An unverified submission is reminded once after a day and dropped after a week. */
export const DSR_PENDING_REMIND_HOURS = 24;
export const DSR_PENDING_DROP_DAYS = 7;

/** `POST /consents/datasubject/add`'s answer: the request waits for the code sent to `email`. */
export const dsrPendingReply = z.object({
  status: z.literal(200),
  verificationId: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export const dsrVerifyBody = z.object({
  verificationId: z.string().uuid(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'server.dsr_code_format' }),
});
export const dsrResendBody = z.object({ verificationId: z.string().uuid() });
