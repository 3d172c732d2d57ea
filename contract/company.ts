import { z } from 'zod';

// ---- the logo ---------------------------------------------------------------------------------
/** The largest logo the server takes (a larger one: 413, nothing saved). The form checks it too. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The logo's accepted types, by content (the server reads the file's bytes), and their file extensions. */
export const LOGO_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type LogoType = keyof typeof LOGO_TYPES;
export const isLogoType = (type: string): type is LogoType => Object.hasOwn(LOGO_TYPES, type);

/**
 * The form's own check of a chosen logo, from its size and first 12 bytes (the images' signatures):
 * a `server.*` message key, or undefined when it may be sent. The server decides by the whole
 * content (file-type); this spares the user an upload that would be refused.
 */
export function logoProblem(size: number, head: Uint8Array): 'company_logo_too_large' | 'company_logo_type' | undefined {
  if (size > LOGO_MAX_BYTES) return 'company_logo_too_large';
  const at = (offset: number, ...bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  const png = at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  const jpeg = at(0, 0xff, 0xd8, 0xff);
  const webp = at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50);
  return png || jpeg || webp ? undefined : 'company_logo_type';
}

// ---- the Thai tax id --------------------------------------------------------------------------
/** The tax id as typed (`0-1055-61000-00-3`) without its spaces and dashes. */
export const normalizeTaxId = (text: string) => text.replace(/[\s-]/g, '');

/**
 * A Thai tax id (13 digits, the Revenue Department's and the citizen id's scheme): the 13th digit is
 * (11 - (sum of digit i x (13 - i), i = 0..11) mod 11) mod 10.
 */
export function isThaiTaxId(id: string): boolean {
  if (!/^\d{13}$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(id[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(id[12]);
}

// ---- the profile as saved ---------------------------------------------------------------------
// Messages named `server.<key>` are texts of i18n/server.ts: the form shows them translated, the server
// words them in the caller's language.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'server.company_too_long' })
    .refine((s) => !CONTROL_CHARS.test(s), { message: 'server.company_control_chars' });
const required = (max: number) => text(max).min(1);
/** A field that may stay blank, else must pass `valid`. */
const optional = (max: number, valid: (s: string) => boolean = () => true, message?: string) =>
  text(max)
    .refine((s) => s === '' || valid(s), { message })
    .default('');

const isEmail = (s: string) => z.email().safeParse(s).success;
/** Digits, spaces, + - ( ), an optional extension (`ต่อ 12`, `ext. 12`); 9 to 15 digits before it. */
const PHONE = /^\+?[0-9(][0-9 ()-]*[0-9](\s*(ต่อ|ext\.?|x)\s*[0-9]{1,6})?$/i;
function isPhone(s: string) {
  const digits = s.split(/ต่อ|ext|x/i)[0].replace(/\D/g, '').length;
  return PHONE.test(s) && digits >= 9 && digits <= 15;
}
/** An http(s) address with a dotted host; `www.example.co.th` is taken as `https://www.example.co.th`. */
export const withScheme = (s: string) => (s === '' || /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`);
function isWebsite(s: string) {
  try {
    const url = new URL(s);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /\.[^.]+$/.test(url.hostname);
  } catch {
    return false;
  }
}
const taxId = text(30).min(1).transform(normalizeTaxId).refine(isThaiTaxId, { message: 'server.company_tax_id' });

/** The DPO's contact: who data subjects write to (PDPA s. 41-42). */
export const dpoContactInput = z.object({
  name: optional(200),
  email: optional(200, isEmail, 'server.company_email'),
  phone: optional(50, isPhone, 'server.company_phone'),
});

/**
 * What `POST /setting/company/save` takes as `companyDetail` (JSON text), and what the settings form
 * checks: the Thai name, the address and the tax id are required (a data controller's identity in
 * every privacy notice); the rest may be blank, but must be well formed when given.
 */
export const companyDetailInput = z.object({
  nameTh: required(200),
  nameEn: optional(200),
  address: required(1000),
  taxId,
  phone: optional(50, isPhone, 'server.company_phone'),
  email: optional(200, isEmail, 'server.company_email'),
  website: text(200)
    .transform(withScheme)
    .refine((s) => s === '' || isWebsite(s), { message: 'server.company_website' })
    .default(''),
  dpoContact: dpoContactInput.default({ name: '', email: '', phone: '' }),
});
export type CompanyDetailInput = z.input<typeof companyDetailInput>;

// ---- the profile as stored and fetched --------------------------------------------------------
const stored = z.string().catch('').default('');
const storedDpo = z.object({ name: stored, email: stored, phone: stored });

/**
 * The profile as read from the database (and replied by `/setting/company/fetch`): never refuses
 * what is stored. A company made before the DPO contact had its own fields kept it as one text: it
 * becomes the name.
 */
export const companyDetail = z.object({
  nameTh: stored,
  nameEn: stored,
  address: stored,
  taxId: stored,
  phone: stored,
  email: stored,
  website: stored,
  dpoContact: z.preprocess(
    (value) => (typeof value === 'string' ? { name: value } : (value ?? {})),
    storedDpo.catch({ name: '', email: '', phone: '' }),
  ),
});
export type CompanyDetail = z.infer<typeof companyDetail>;

/** Whether the company's profile has been filled in: what the save call requires is there. */
export const isProfileComplete = (detail: CompanyDetail) => Boolean(detail.nameTh && detail.address && detail.taxId);

export const companyProfile = z.object({
  _id: z.string(),
  companyCode: z.string(),
  companyDetail,
  /** the logo's file name, null: none */
  logo: z.string().nullable(),
  /** where the logo is served: `<CDN_HOST>/<_id>/<logo>` */
  logoUrl: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof companyProfile>;

export const companyFetchReply = z.object({
  status: z.literal(200),
  /** false until the company's profile has been filled in */
  init: z.boolean(),
  company: companyProfile,
});
export type CompanyFetchReply = z.infer<typeof companyFetchReply>;

/** `POST /setting/company/save` answers like the fetch: the profile as now stored. */
export const companySaveReply = companyFetchReply;

/** The multipart fields of `POST /setting/company/save`. */
export const COMPANY_SAVE_FIELDS = { file: 'file', detail: 'companyDetail' } as const;

/**
 * The multipart parts of `POST /setting/company/save`, as the API's description shows them: the logo,
 * when one is chosen, and `companyDetail`, the companyDetailInput above as JSON text. The server reads
 * the parts itself (server/modules/company/routes.ts), before any database work.
 */
export const companySaveParts = z.object({
  [COMPANY_SAVE_FIELDS.file]: z
    .file()
    .max(LOGO_MAX_BYTES)
    .mime(Object.keys(LOGO_TYPES) as LogoType[])
    .optional(),
  [COMPANY_SAVE_FIELDS.detail]: z.string().min(1).describe('companyDetailInput as JSON text'),
});

/** The settings form: the profile and, until saved, the logo chosen (its bytes checked by the form, as the server does). */
export const companySettingsForm = companyDetailInput.extend({ logo: z.file().optional() });
