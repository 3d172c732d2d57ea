import { z } from 'zod';

/** Sign-in body of `POST /user/signin/{timestamp}`. */
export const signinBody = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  companyCode: z.string().trim().min(1).max(50),
  /** the sign-in page used: staff (/login) or contact (/contact-login); absent (the seed's call) accepts either */
  page: z.enum(['staff', 'contact']).optional(),
});
export type SigninBody = z.infer<typeof signinBody>;

/** How far the client's timestamp may be from the server's clock. */
export const SIGNIN_CLOCK_SKEW_MS = 5 * 60 * 1000;

export const signinParams = z.object({ timestamp: z.string().regex(/^\d{1,16}$/) });

/** The signed-in person, as every auth reply carries it. Never any password material. */
export const sessionUser = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  companyCode: z.string(),
  subId: z.string().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const signinReply = z.object({
  status: z.literal(200),
  access_token: z.string().min(32),
  user: sessionUser,
});
export type SigninReply = z.infer<typeof signinReply>;

/** `GET /user/validate?menuId&parentId` */
export const validateQuery = z.object({
  menuId: z.coerce.number().int().min(0).max(100_000).optional(),
  parentId: z.coerce.number().int().min(0).max(100_000).optional(),
});

export const validateReply = z.object({
  status: z.boolean(),
  forbidden: z.boolean(),
  user: sessionUser.optional(),
});
export type ValidateReply = z.infer<typeof validateReply>;

export const menuItem = z.object({
  menuId: z.number().int(),
  parentId: z.number().int(),
  menuName: z.string(),
  path: z.string(),
  icon: z.string(),
  /** the role may change this menu's records (a view-only role may only read) */
  canEdit: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const menuReply = z.object({ status: z.literal(200), menu: z.array(menuItem) });
