/**
 * Company settings (menu 13) in the fake: the profile calls of server/modules/company with the
 * server's shapes, statuses and messages. Logos are kept in memory and served under /uploads/.
 */
import { randomBytes } from 'node:crypto';
import type { Handler, Request } from 'json-server';
import { COMPANY_SAVE_FIELDS, LOGO_MAX_BYTES, companyDetail, isProfileComplete } from '../contract/company';
import { MENU } from '../contract/menus';
import { logoExtension, readCompanyDetail } from '../server/modules/company/profile';
import { COMPANY_SAVE_LIMITS } from '../server/modules/company/routes';
import { Failure, route, type FakeData } from './routes';

/** The save call's path under /api/v1: its multipart body is left for its handler (see checkBody). */
export const COMPANY_SAVE_PATH = '/setting/company/save';

/** The most a save's body may hold: the logo and a little for the other fields and the boundaries. */
const SAVE_BODY_MAX = LOGO_MAX_BYTES + 128 * 1024;

/** Reads a request's body, or fails with 413 once it passes `max` bytes (the rest is drained, unread). */
function readBody(req: Request, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    req.on('end', () => (size > max ? reject(new Failure(413, 'company_logo_too_large')) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

export function companyRoutes(data: () => FakeData) {
  /** company id -> file name -> the logo's bytes and type */
  const logos = new Map<string, Map<string, { bytes: Buffer; type: string }>>();

  const reply = (companyId: string) => {
    const company = data().companies.find((c) => c.id === companyId)!;
    const detail = companyDetail.parse(company.detail);
    return {
      init: isProfileComplete(detail),
      company: {
        _id: company.id,
        companyCode: company.code,
        companyDetail: detail,
        logo: company.logo,
        logoUrl: company.logo ? `/uploads/${company.id}/${encodeURIComponent(company.logo)}` : null,
      },
    };
  };

  const routes = [
    route({
      method: 'get',
      url: '/setting/company/fetch',
      access: 'session',
      handler: ({ session }) => reply(session.user.companyId),
    }),

    route({
      method: 'post',
      url: COMPANY_SAVE_PATH,
      access: { menuId: MENU.settings.menuId, write: true },
      handler: async ({ req, session, lang }) => {
        const type = req.headers['content-type'] ?? '';
        if (!/^multipart\/form-data\b/i.test(type)) throw new Failure(415, 'company_multipart');
        const body = await readBody(req, SAVE_BODY_MAX);
        let form: FormData;
        try {
          form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
        } catch {
          throw new Failure(400, 'bad_request');
        }
        // the server's rules: a file only as `file`, each field at most once, companyDetail as text
        for (const [name, value] of form.entries()) {
          if (value instanceof Blob && name !== COMPANY_SAVE_FIELDS.file) throw new Failure(400, 'bad_request');
        }
        for (const name of Object.values(COMPANY_SAVE_FIELDS)) {
          if (form.getAll(name).length > 1) throw new Failure(400, 'bad_request');
        }
        const file = form.get(COMPANY_SAVE_FIELDS.file);
        // an empty file input of a browser form may arrive as an empty text: no new logo
        if (typeof file === 'string' && file !== '') throw new Failure(400, 'bad_request');
        const logo = file instanceof Blob && (file.size > 0 || (file as File).name) ? file : undefined;
        if (logo && logo.size > LOGO_MAX_BYTES) throw new Failure(413, 'company_logo_too_large');
        const detailText = (form.get(COMPANY_SAVE_FIELDS.detail) as string | null) ?? undefined;
        if (detailText && Buffer.byteLength(detailText) > COMPANY_SAVE_LIMITS.fieldSize) throw new Failure(413, 'too_large');
        const read = readCompanyDetail(detailText, lang);
        if ('problem' in read) throw new Failure(read.problem.status, read.problem.key, read.problem.params);
        const bytes = logo ? Buffer.from(await logo.arrayBuffer()) : undefined;
        const extension = bytes ? await logoExtension(bytes) : undefined;
        if (bytes && !extension) throw new Failure(400, 'company_logo_type');

        const companyId = session.user.companyId;
        const company = data().companies.find((c) => c.id === companyId)!;
        company.detail = { ...company.detail, ...read.detail };
        if (bytes && extension) {
          const files = logos.get(companyId) ?? new Map();
          if (company.logo) files.delete(company.logo);
          company.logo = `${randomBytes(16).toString('hex')}.${extension}`;
          files.set(company.logo, { bytes, type: `image/${extension === 'jpg' ? 'jpeg' : extension}` });
          logos.set(companyId, files);
        }
        return reply(companyId);
      },
    }),
  ];

  /** `GET /uploads/<company _id>/<file>`: the fake's CDN. */
  const serveLogo: Handler = (req, res) => {
    const logo = logos.get(req.params.companyId)?.get(req.params.file);
    if (!logo) {
      res.status(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': logo.type, 'content-length': logo.bytes.length, 'x-content-type-options': 'nosniff' });
    res.end(logo.bytes);
  };

  return { routes, serveLogo };
}
