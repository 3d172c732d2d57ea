import { z } from 'zod';

/** The company's profile as the settings screen edits it (issue: company settings). */
export const companyDetail = z.object({
  nameTh: z.string().max(200).default(''),
  nameEn: z.string().max(200).default(''),
  address: z.string().max(1000).default(''),
  taxId: z.string().max(20).default(''),
  phone: z.string().max(50).default(''),
  email: z.string().max(200).default(''),
  website: z.string().max(200).default(''),
  dpoContact: z.string().max(500).default(''),
});
export type CompanyDetail = z.infer<typeof companyDetail>;

export const companyFetchReply = z.object({
  status: z.literal(200),
  /** false until the company's profile has been filled in once */
  init: z.boolean(),
  company: z.object({
    _id: z.string(),
    companyCode: z.string(),
    companyDetail,
    logo: z.string().nullable(),
    logoUrl: z.string().nullable(),
  }),
});
