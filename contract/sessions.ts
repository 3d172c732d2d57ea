import { z } from 'zod';

/** One of the signed-in person's own open sessions (`GET /user/sessions`). */
export const ownSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** the session making this call */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSession>;

export const ownSessionsReply = z.object({ status: z.literal(200), data: z.array(ownSession) });

/** `DELETE /user/sessions/:id`: ends one of one's own sessions. */
export const ownSessionParams = z.object({ id: z.uuid() });

/** `POST /user/sessions/revoke-all`: signs out everywhere; `keepCurrent` keeps this device signed in. */
export const revokeAllBody = z.object({ keepCurrent: z.boolean().default(false) });
export const revokeAllReply = z.object({ status: z.literal(200), revoked: z.number().int() });
