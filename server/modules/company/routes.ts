import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  COMPANY_SAVE_FIELDS,
  companyDetail,
  isProfileComplete,
  type CompanyDetail,
  companyFetchReply,
  companySaveReply,
  companySaveParts,
} from '../../../contract/company';
import { MENU } from '../../../contract/menus';
import type { Db, Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import type { ServerConfig } from '../../config';
import { logoExtension, readCompanyDetail } from './profile';
import { cleanImage } from '../../http/images';

interface CompanyRow {
  id: string;
  code: string;
  detail: Record<string, unknown>;
  logo: string | null;
}

/** The only names the server gives logo files; anything else in the column is never touched on disk. */
const LOGO_FILE = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** Where a company's logo is served: `<CDN_HOST>/<company _id>/<file>`, by default the server's own uploads. */
export const logoUrl = (config: ServerConfig, companyId: string, logo: string | null) =>
  logo ? `${config.cdnHost}/${companyId}/${encodeURIComponent(logo)}` : null;

/** The folder of a company's uploads (served under `/uploads/<company _id>/`). */
const uploadsOf = (config: ServerConfig, companyId: string) => join(config.dataDir, 'uploads', companyId);

/** The session's company as `/setting/company/fetch` and `/setting/company/save` reply it. */
async function companyReply(q: Queryable, config: ServerConfig, companyId: string) {
  const [row] = await q.query<CompanyRow>('select id, code, detail, logo from companies where id = $1', [companyId]);
  const detail = companyDetail.parse(row.detail);
  return {
    init: isProfileComplete(detail),
    company: {
      _id: row.id,
      companyCode: row.code,
      companyDetail: detail,
      logo: row.logo,
      logoUrl: logoUrl(config, row.id, row.logo),
    },
  };
}

/** One part of a multipart body as @fastify/multipart attaches it (`attachFieldsToBody: true`). */
type AttachedPart = { type: 'file'; filename: string; _buf: Buffer | null } | { type: 'field'; value: unknown; valueTruncated: boolean };

/**
 * The save call's fields, read before the handler runs (so no upload holds a database connection):
 * the logo's bytes, when a file was chosen, and the companyDetail text.
 */
function readSaveParts(body: unknown) {
  const parts = (body ?? {}) as Record<string, AttachedPart | AttachedPart[] | undefined>;
  const one = (name: string) => {
    const part = parts[name];
    if (Array.isArray(part)) throw new ApiError(400, 'bad_request');
    return part;
  };
  for (const [name, part] of Object.entries(parts)) {
    const files = [part].flat().filter((p) => p?.type === 'file');
    if (files.length && name !== COMPANY_SAVE_FIELDS.file) throw new ApiError(400, 'bad_request');
  }
  const file = one(COMPANY_SAVE_FIELDS.file);
  const detail = one(COMPANY_SAVE_FIELDS.detail);
  if (file && file.type !== 'file') throw new ApiError(400, 'bad_request');
  if (detail && detail.type !== 'field') throw new ApiError(400, 'bad_request');
  if (detail?.valueTruncated) throw new ApiError(413, 'too_large');
  const bytes = file?._buf ?? Buffer.alloc(0);
  return {
    // an empty file input of a browser form: no new logo
    logo: file && (bytes.length > 0 || file.filename) ? bytes : undefined,
    // a part sent as application/json arrives parsed
    detailText: detail === undefined ? undefined : typeof detail.value === 'string' ? detail.value : JSON.stringify(detail.value),
  };
}

/** What the upload scope's parser refuses, as the caller should read it. */
export function uploadError(err: { code?: string; statusCode?: number; message?: string }): unknown {
  switch (err.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, 'company_logo_too_large');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new ApiError(400, 'malformed_json');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ApiError(413, 'too_large');
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return new ApiError(400, 'bad_request');
  }
  // busboy's own errors (a body that is not well-formed multipart) carry no code
  if (!err.code && !err.statusCode && !(err instanceof ApiError) && /multipart|part|boundary|form/i.test(err.message ?? '')) {
    return new ApiError(400, 'bad_request');
  }
  return err;
}

/** Busboy's limits of the save call (the logo's size is the contract's). */
export const COMPANY_SAVE_LIMITS = { fields: 4, files: 1, parts: 6, fieldSize: 64 * 1024 };

export const companyRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/setting/company/fetch',
    // the shell shows the company's name and logo to everyone signed in
    access: 'session',
    reply: companyFetchReply,
    handler: ({ db, session }) => companyReply(db, config, session.companyId),
  }),

  route({
    method: 'POST',
    url: '/setting/company/save',
    access: { menuId: MENU.settings.menuId, write: true },
    describedBody: companySaveParts,
    reply: companySaveReply,
    multipart: true,
    handler: async ({ db, req, session, lang }) => {
      if (!req.isMultipart()) throw new ApiError(415, 'company_multipart');
      const { logo, detailText } = readSaveParts(req.body);
      const read = readCompanyDetail(detailText, lang);
      if ('problem' in read) throw new ApiError(read.problem.status, read.problem.key, read.problem.params);
      const extension = logo ? await logoExtension(logo) : undefined;
      if (logo && !extension) throw new ApiError(400, 'company_logo_type');
      // decoded and encoded again: no metadata, nothing hidden after or inside the picture (server/http/images.ts)
      const cleanLogo = logo && extension ? await cleanImage(logo, extension as 'png' | 'jpg' | 'webp') : undefined;

      // all or nothing: the new file first, then the row; a failed row takes the file away again
      const dir = uploadsOf(config, session.companyId);
      const fileName = logo ? `${randomBytes(16).toString('hex')}.${extension}` : null;
      if (cleanLogo && fileName) {
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, fileName), cleanLogo, { flag: 'wx' });
      }
      let previous: string | null;
      try {
        previous = await saveProfile(db, session.companyId, read.detail, fileName);
      } catch (err) {
        if (fileName) await rm(join(dir, fileName), { force: true });
        throw err;
      }
      if (fileName && previous && previous !== fileName && LOGO_FILE.test(previous)) {
        const old = join(dir, previous);
        const removeOld = () => rm(old, { force: true }).catch((err) => req.log.warn({ err }, 'old logo not removed'));
        // the old file goes once the row no longer names it: after the request's transaction commits
        if (db.afterCommit) db.afterCommit(removeOld);
        else await removeOld();
      }
      return companyReply(db, config, session.companyId);
    },
  }),
];

/** Writes the profile (and the new logo's name) in one transaction; returns the logo it replaced. */
function saveProfile(db: Db, companyId: string, detail: CompanyDetail, logo: string | null) {
  return db.tx(async (q) => {
    const [row] = await q.query<{ logo: string | null }>('select logo from companies where id = $1 for update', [companyId]);
    // keys other modules keep in the profile survive; the settings' own are replaced
    await q.query('update companies set detail = detail || $2::jsonb, logo = coalesce($3, logo) where id = $1', [
      companyId,
      JSON.stringify(detail),
      logo,
    ]);
    return row.logo;
  });
}
