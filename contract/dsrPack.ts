import { z } from 'zod';

/**
 * The access pack (PDPA s.30, s.31): the answer to an access or portability request — a letter (PDF) and a
 * machine-readable copy (JSON and CSV in a zip) of what the company holds about the person. Built as a
 * draft, reviewed by staff, then marked sent (how, when, by whom, the files' digests), unchangeable after.
 */

/** The rights a pack answers. */
export const PACK_RIGHTS = ['access', 'portability'] as const;
/** How a pack reached the requester. */
export const PACK_CHANNELS = ['email', 'post', 'in_person'] as const;
export type PackChannel = (typeof PACK_CHANNELS)[number];
/** Why an activity is in the pack: the request's form belongs to it, it concerns the same type of data subject, the person consented under one of its notices, or (none of these known) every live activity of the company. */
export const PACK_MATCHES = ['form', 'subject_type', 'notice', 'company'] as const;

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const id = z.string().uuid();

export const dsrPackQuery = z.object({ requestId: id });
export const dsrPackBuildBody = z.object({ requestId: id }).strict();
export const dsrPackSendBody = z
  .object({
    requestId: id,
    channel: z.enum(PACK_CHANNELS),
    /** the Bangkok day it was posted or handed over (e-mail: the moment it is sent) */
    sentOn: z.iso.date().nullish(),
    note: z
      .string()
      .trim()
      .max(1000)
      .refine((s) => !CONTROL.test(s), { message: 'server.dsr_control_chars' })
      .default(''),
  })
  .refine((b) => b.channel === 'email' || !!b.sentOn, { message: 'server.dsr_pack_sent_on_required', path: ['sentOn'] });
export type DsrPackSendBody = z.input<typeof dsrPackSendBody>;

/** One value of a row a connected database returned: kept as text, number, true/false or empty. */
const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** What the pack says, in the requester's language (names resolved when it was built). */
export const dsrPackContent = z.object({
  lang: z.enum(['th', 'en']),
  request: z.object({
    referenceCode: z.string(),
    receivedAt: z.string(),
    rights: z.array(z.string()),
    name: z.string(),
    email: z.string(),
  }),
  controller: z.object({ name: z.string(), address: z.string(), email: z.string(), phone: z.string() }),
  dpo: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  activities: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      matchedBy: z.array(z.enum(PACK_MATCHES)),
      purposes: z.array(z.object({ purpose: z.string(), bases: z.array(z.string()) })),
      categories: z.array(z.string()),
      subjects: z.array(z.string()),
      source: z.string(),
      recipients: z.array(z.string()),
      transfers: z.array(z.object({ country: z.string(), recipient: z.string(), mechanism: z.string() })),
      retention: z.string(),
    }),
  ),
  consents: z.array(
    z.object({
      notice: z.string(),
      version: z.number().int(),
      textHash: z.string(),
      purpose: z.string(),
      action: z.enum(['given', 'withdrawn']),
      channel: z.string(),
      at: z.string(),
    }),
  ),
  requests: z.array(
    z.object({
      referenceCode: z.string(),
      rights: z.array(z.string()),
      status: z.string(),
      receivedAt: z.string(),
      answeredAt: z.string().nullable(),
    }),
  ),
  /** rows found in the company's connected databases, per system and table */
  connectorRows: z.array(z.object({ system: z.string(), table: z.string(), rows: z.array(z.record(z.string(), cell)) })),
});
export type DsrPackContent = z.infer<typeof dsrPackContent>;
export type PackConnectorRows = DsrPackContent['connectorRows'];

export const dsrPackFile = z.object({ name: z.string(), mime: z.string(), size: z.number().int(), sha256: z.string() });

export const dsrPack = z.object({
  _id: z.string(),
  requestId: z.string(),
  state: z.enum(['draft', 'sent']),
  builtAt: z.string(),
  builtBy: z.string().nullable(),
  content: dsrPackContent,
  sent: z
    .object({
      at: z.string(),
      by: z.string().nullable(),
      channel: z.enum(PACK_CHANNELS),
      sentOn: z.string(),
      to: z.string(),
      note: z.string(),
      files: z.array(dsrPackFile),
    })
    .nullable(),
});
export type DsrPack = z.infer<typeof dsrPack>;
export const dsrPackReply = z.object({ status: z.literal(200), pack: dsrPack.nullable() });
