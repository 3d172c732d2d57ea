import { z } from 'zod';

/**
 * ROPA review: who may be chosen as a reviewer, and the comment thread of an activity.
 * `GET /ropa/reviewers`: the company's active people with edit rights on ROPA (menu 11), the asker excluded.
 * `GET|POST /ropa/activity/:id/comments`: the thread, oldest first.
 */
export const ropaReviewer = z.object({ id: z.string(), name: z.string() });
export type RopaReviewer = z.infer<typeof ropaReviewer>;
export const ropaReviewersReply = z.object({ data: z.array(ropaReviewer) });

export const ROPA_COMMENT_MAX = 4000;
export const ropaComment = z.object({
  id: z.string(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  body: z.string(),
  created_dt: z.string(),
});
export type RopaComment = z.infer<typeof ropaComment>;
export const ropaCommentsReply = z.object({ data: z.array(ropaComment) });
export const ropaCommentBody = z
  .object({
    body: z.string().trim().min(1, { message: 'server.ropa_comment_required' }).max(ROPA_COMMENT_MAX, { message: 'server.ropa_comment_too_long' }),
  })
  .strict();
export type RopaCommentBody = z.infer<typeof ropaCommentBody>;

/** Sending for review as the form asks it: a reviewer must be chosen when anyone could review. */
export const ropaReviewChoice = z.object({ reviewerId: z.uuid() });
/** …and when nobody else could (a one-person company), none is. */
export const ropaReviewNoChoice = z.object({ reviewerId: z.uuid().nullish() });
