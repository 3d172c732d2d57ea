/**
 * Company settings (menu 13) over the `companies` collection: the profile, and the logo kept in
 * memory and served under /uploads/ (the fake's CDN). What the server checks of a logo's bytes
 * (its real type) and the profile's rules are tested on the server.
 */
import { randomBytes } from 'node:crypto';
import type { Handler, Request } from 'json-server';
import { z } from 'zod';
import {
  COMPANY_SAVE_FIELDS,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  companyDetail,
  companyDetailInput,
  isProfileComplete,
  type LogoType,
} from '../../contract/company';
import { MENU } from '../../contract/menus';
import type { FakeDb } from '../collections';
import { Failure, parse, route, type Fake, type RawBody } from '../engine';

export const COMPANY_SAVE_PATH = '/setting/company/save';
/** the save's multipart body is read by its handler */
export const companyRawBody: RawBody = { paths: [COMPANY_SAVE_PATH], limit: LOGO_MAX_BYTES + 128 * 1024, kind: 'multipart' };

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

/** A logo's type by its first bytes (PNG, JPEG, WebP), whatever its name says. */
function logoType(bytes: Buffer): LogoType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

const profile = (db: FakeDb, companyId: string) => {
  const company = db.companies.find((c) => c._id === companyId)!;
  const detail = companyDetail.parse(company.detail);
  return {
    init: isProfileComplete(detail),
    company: {
      _id: company._id,
      companyCode: company.code,
      companyDetail: detail,
      logo: company.logo,
      logoUrl: company.logo ? `/uploads/${company._id}/${encodeURIComponent(company.logo)}` : null,
    },
  };
};

export const companyRoutes = [
  route({ method: 'get', url: '/setting/company/fetch', access: 'session', handler: (call) => profile(call.db, call.companyId) }),
  route({
    method: 'post',
    url: COMPANY_SAVE_PATH,
    access: { menuId: MENU.settings.menuId, write: true },
    handler: async (call) => {
      const type = call.req.headers['content-type'] ?? '';
      if (!/^multipart\/form-data\b/i.test(type)) throw new Failure(415, 'company_multipart');
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(await readBody(call.req, companyRawBody.limit)), { headers: { 'content-type': type } }).formData();
      } catch (err) {
        if (err instanceof Failure) throw err;
        throw new Failure(400, 'bad_request');
      }
      // a file only as `file`, each field at most once
      const names = [...form.keys()];
      if ([...form.entries()].some(([name, v]) => v instanceof Blob && name !== COMPANY_SAVE_FIELDS.file) || names.length !== new Set(names).size) {
        throw new Failure(400, 'bad_request');
      }
      const text = form.get(COMPANY_SAVE_FIELDS.detail);
      if (typeof text !== 'string' || !text.trim()) throw new Failure(400, 'company_detail_missing');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new Failure(400, 'malformed_json');
      }
      const { companyDetail: detail } = parse(z.object({ companyDetail: companyDetailInput }), { companyDetail: json }, call.lang);
      const file = form.get(COMPANY_SAVE_FIELDS.file);
      const logo = file instanceof Blob && file.size > 0 ? file : undefined;
      if (logo && logo.size > LOGO_MAX_BYTES) throw new Failure(413, 'company_logo_too_large');
      const bytes = logo && Buffer.from(await logo.arrayBuffer());
      const logoKind = bytes && logoType(bytes);
      if (bytes && !logoKind) throw new Failure(400, 'company_logo_type');
      const company = call.db.companies.find((c) => c._id === call.companyId)!;
      company.detail = { ...company.detail, ...detail };
      if (bytes && logoKind) {
        if (company.logo) call.fake.files.delete(`logo/${company._id}/${company.logo}`);
        company.logo = `${randomBytes(16).toString('hex')}.${LOGO_TYPES[logoKind]}`;
        call.fake.files.set(`logo/${company._id}/${company.logo}`, { bytes, type: logoKind });
      }
      return profile(call.db, call.companyId);
    },
  }),
];

/** `GET /uploads/<company _id>/<file>`: the fake's CDN. */
export const serveLogo =
  (fake: Fake): Handler =>
  (req, res) => {
    const logo = fake.files.get(`logo/${req.params.companyId}/${req.params.file}`);
    if (!logo) {
      res.status(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': logo.type, 'content-length': logo.bytes.length, 'x-content-type-options': 'nosniff' });
    res.end(logo.bytes);
  };
