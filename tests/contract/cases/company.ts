import { afterAll, beforeAll, describe, expect } from 'vitest';
import { LOGO_MAX_BYTES, companyFetchReply, companySaveReply, type CompanyDetail, type CompanyFetchReply } from '../../../contract/company';
import { serverMessage } from '../../../server/http/messages';
import type { Reply } from '../client';
import { expectFailure, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import sharp from 'sharp';
import { makePng, pixelsOf, withTextChunk } from '../png';

interface LogoFile {
  bytes: Uint8Array;
  name: string;
  type: string;
}

const RED_PNG = makePng(8, 8, () => [200, 30, 40]);
const BLUE_PNG = makePng(16, 4, (x) => [20, 40, 10 * x]);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** DEMO's profile as the suite changes it: every field, the tax id typed with dashes, the website without its scheme. */
const DEMO_EDIT = {
  nameTh: 'บริษัท ไทยดิจิทัลเซอร์วิส จำกัด',
  nameEn: 'Thai Digital Service Co., Ltd.',
  address: '88 อาคารทดสอบ ชั้น 5 ถนนสีลม แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500',
  taxId: '0-1055-61123-45-8',
  phone: '02-555-0101 ต่อ 12',
  email: 'contact@thaidigital.example',
  website: 'www.thaidigital.example',
  dpoContact: { name: 'คุณมานี มีสุข', email: 'dpo@thaidigital.example', phone: '081 234 5678' },
};

/** GET /setting/company/fetch and POST /setting/company/save: each session sees and changes its own company only. */
export function companyCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const fetchCompany = async (token: string, query = ''): Promise<CompanyFetchReply> => {
    const reply = await ctx.api.get(`/setting/company/fetch${query}`, { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return companyFetchReply.parse(reply.body);
  };

  /** The save call as the settings form makes it: `companyDetail` as JSON text, the logo as `file`. */
  const save = (token: string | undefined, detail: unknown, logo?: LogoFile, lang?: 'th' | 'en') => {
    const form = new FormData();
    form.append('companyDetail', typeof detail === 'string' ? detail : JSON.stringify(detail));
    if (logo) form.append('file', new Blob([new Uint8Array(logo.bytes)], { type: logo.type }), logo.name);
    return ctx.api.call('POST', '/setting/company/save', { token, form, lang });
  };
  const saved = (reply: Reply) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return companySaveReply.parse(reply.body);
  };
  /** What a logo address serves (absolute with a CDN host, else on the target). */
  const download = (logoUrl: string) => fetch(new URL(logoUrl, ctx.api.baseUrl));

  describe('GET /setting/company/fetch', () => {
    shape.it("returns DEMO's profile to DEMO's admin", async () => {
      const body = await fetchCompany(ctx.demoAdmin.access_token);
      expect(body.init).toBe(true);
      expect(body.company).toMatchObject({ companyCode: 'DEMO', logo: null, logoUrl: null });
      expect(body.company.companyDetail).toMatchObject({
        nameTh: 'บริษัท ไทยดิจิทัลเซอร์วิส จำกัด',
        nameEn: 'Thai Digital Service Co., Ltd.',
        taxId: '0105561000003',
        dpoContact: { name: 'คุณสมศรี ใจดี', email: 'dpo@thaidigital.example', phone: '02-123-4568' },
      });
    });

    shape.it("returns SIAM's own profile to SIAM's admin, never DEMO's", async () => {
      const demo = await fetchCompany(ctx.demoAdmin.access_token);
      const siam = await fetchCompany(ctx.siamAdmin.access_token);
      expect(siam.company.companyCode).toBe('SIAM');
      expect(siam.company._id).not.toBe(demo.company._id);
      expect(siam.company.companyDetail).toMatchObject({ nameTh: 'บริษัท สยามค้าปลีก จำกัด (มหาชน)', taxId: '0107562000009' });
      expect(JSON.stringify(siam)).not.toContain('ไทยดิจิทัล');
    });

    shape.it('takes the company from the session, not from the request', async () => {
      const demo = await fetchCompany(ctx.demoAdmin.access_token);
      const siam = await fetchCompany(ctx.siamAdmin.access_token, `?companyCode=DEMO&companyId=${demo.company._id}`);
      expect(siam.company.companyCode).toBe('SIAM');
    });

    shape.it('shows the company to every signed-in user of it, the viewer and contact users included', async () => {
      const demo = await fetchCompany(ctx.demoAdmin.access_token);
      expect((await fetchCompany(ctx.demoViewer.access_token)).company._id).toBe(demo.company._id);
      expect((await fetchCompany(ctx.demoContact.access_token)).company._id).toBe(demo.company._id);
    });

    shape.it('refuses a call without a valid token (401)', async () => {
      expectMessage(await ctx.api.get('/setting/company/fetch'), 401, 'not_signed_in');
      expectMessage(await ctx.api.get('/setting/company/fetch', { token: 'z'.repeat(64), lang: 'en' }), 401, 'session_expired', 'en');
    });
  });

  describe('POST /setting/company/save', () => {
    let original: CompanyDetail;
    const admin = () => ctx.demoAdmin.access_token;
    /** Runs `refused` and checks that DEMO's profile (detail and logo) is exactly as before. */
    const nothingSaved = async (refused: () => Promise<void>) => {
      const before = await fetchCompany(admin());
      await refused();
      expect(await fetchCompany(admin())).toEqual(before);
    };

    beforeAll(async () => {
      original = (await fetchCompany(admin())).company.companyDetail;
    });
    // the suite's later cases (the risk report) print DEMO's name as seeded
    afterAll(async () => {
      // (only when a case changed it: a save that was refused changed nothing)
      if (JSON.stringify((await fetchCompany(admin())).company.companyDetail) !== JSON.stringify(original)) saved(await save(admin(), original));
    });

    rule.it('saves the profile and the fetch returns it: the tax id without its dashes, the website with its scheme', async () => {
      const body = saved(await save(admin(), DEMO_EDIT));
      const expected = { ...DEMO_EDIT, taxId: '0105561123458', website: 'https://www.thaidigital.example' };
      expect(body.init).toBe(true);
      expect(body.company.companyDetail).toEqual(expected);
      expect(body.company.logo).toBeNull();
      const fetched = await fetchCompany(admin());
      expect(fetched).toEqual(body);
      // the viewer reads what the admin saved
      expect((await fetchCompany(ctx.demoViewer.access_token)).company.companyDetail).toEqual(expected);
    });

    rule.it('keeps the optional fields blank when they are left out', async () => {
      const { nameTh, address, taxId } = DEMO_EDIT;
      const body = saved(await save(admin(), { nameTh, address, taxId }));
      expect(body.company.companyDetail).toEqual({
        nameTh,
        nameEn: '',
        address,
        taxId: '0105561123458',
        phone: '',
        email: '',
        website: '',
        dpoContact: { name: '', email: '', phone: '' },
      });
    });

    rule.it('takes a PNG logo and serves it at the returned address; a new logo replaces (and removes) the old one', async () => {
      const first = saved(await save(admin(), DEMO_EDIT, { bytes: RED_PNG, name: 'logo.png', type: 'image/png' }));
      expect(first.company.logo).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(first.company.logoUrl).toBe(`/uploads/${first.company._id}/${first.company.logo}`);
      const served = await download(first.company.logoUrl!);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\/png/);
      // re-encoded by the server (no metadata): the same picture
      expect(await pixelsOf(Buffer.from(await served.arrayBuffer()))).toEqual(await pixelsOf(RED_PNG));
      expect((await fetchCompany(admin())).company.logoUrl).toBe(first.company.logoUrl);

      // a PNG whatever its name and declared type say
      const second = saved(await save(admin(), DEMO_EDIT, { bytes: BLUE_PNG, name: 'โลโก้ใหม่.bin', type: 'application/octet-stream' }));
      expect(second.company.logo).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(second.company.logo).not.toBe(first.company.logo);
      expect(await pixelsOf(Buffer.from(await (await download(second.company.logoUrl!)).arrayBuffer()))).toEqual(await pixelsOf(BLUE_PNG));
      const gone = await download(first.company.logoUrl!);
      await gone.arrayBuffer();
      expect(gone.status).toBe(404);

      // a save without a file keeps the logo
      const third = saved(await save(admin(), DEMO_EDIT));
      expect(third.company.logo).toBe(second.company.logo);
    });

    rule.it('refuses a logo over 2 MB with 413 and a Thai message, and saves nothing', async () => {
      const huge = Buffer.concat([RED_PNG, Buffer.alloc(LOGO_MAX_BYTES + 1 - RED_PNG.length)]);
      expect(huge.length).toBe(LOGO_MAX_BYTES + 1);
      await nothingSaved(async () => {
        const reply = await save(admin(), { ...DEMO_EDIT, nameEn: 'not saved' }, { bytes: huge, name: 'logo.png', type: 'image/png' });
        expectMessage(reply, 413, 'company_logo_too_large');
      });
    });

    rule.it('takes a logo of exactly 2 MB, keeping the picture only (what follows it is dropped)', async () => {
      const limit = Buffer.concat([RED_PNG, Buffer.alloc(LOGO_MAX_BYTES - RED_PNG.length)]);
      const body = saved(await save(admin(), DEMO_EDIT, { bytes: limit, name: 'logo.png', type: 'image/png' }));
      const served = Buffer.from(await (await download(body.company.logoUrl!)).arrayBuffer());
      expect(served.length).toBeLessThan(1000);
      expect(await pixelsOf(served)).toEqual(await pixelsOf(RED_PNG));
    });

    rule.it('re-encodes a PNG that is also HTML: the served logo holds the picture and no HTML', async () => {
      const html = '<html><body><script>alert(document.cookie)</script></body></html>';
      // HTML after the image's end, and in a text chunk inside it
      const polyglot = Buffer.concat([withTextChunk(RED_PNG, html), Buffer.from(html)]);
      expect(polyglot.includes(Buffer.from('<script>'))).toBe(true);
      const body = saved(await save(admin(), DEMO_EDIT, { bytes: polyglot, name: 'logo.png', type: 'image/png' }));
      const served = await download(body.company.logoUrl!);
      expect(served.headers.get('content-type')).toMatch(/^image\/png/);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.includes(Buffer.from('<script'))).toBe(false);
      expect(bytes.includes(Buffer.from('<html'))).toBe(false);
      expect(await pixelsOf(bytes)).toEqual(await pixelsOf(RED_PNG));
    });

    rule.it("strips a photo's metadata (EXIF with its GPS position) from a JPEG logo", async () => {
      const photo = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 10, g: 120, b: 200 } } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'Somchai' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 45/1 0/1' } })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const body = saved(await save(admin(), DEMO_EDIT, { bytes: photo, name: 'photo.jpg', type: 'image/jpeg' }));
      expect(body.company.logo).toMatch(/\.jpg$/);
      const served = Buffer.from(await (await download(body.company.logoUrl!)).arrayBuffer());
      const meta = await sharp(served).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(served.includes(Buffer.from('Somchai'))).toBe(false);
    });

    rule.it('refuses a PNG that does not decode (cut short, or junk after its signature) with 400, and saves nothing', async () => {
      await nothingSaved(async () => {
        const cut = RED_PNG.subarray(0, RED_PNG.length - 20);
        expectMessage(
          await save(admin(), { ...DEMO_EDIT, nameEn: 'not saved' }, { bytes: cut, name: 'logo.png', type: 'image/png' }),
          400,
          'image_not_clean',
        );
        const junk = Buffer.concat([RED_PNG.subarray(0, 40), Buffer.from('<html><script>alert(1)</script>')]);
        expectMessage(await save(admin(), DEMO_EDIT, { bytes: junk, name: 'logo.png', type: 'image/png' }), 400, 'image_not_clean');
      });
    });

    rule.it('refuses a text file named .png, and a GIF, with 400 and a Thai message, and saves nothing', async () => {
      await nothingSaved(async () => {
        const text = new TextEncoder().encode('<svg onload="alert(1)"></svg> not an image');
        expectMessage(
          await save(admin(), { ...DEMO_EDIT, nameEn: 'not saved' }, { bytes: text, name: 'logo.png', type: 'image/png' }),
          400,
          'company_logo_type',
        );
        expectMessage(await save(admin(), DEMO_EDIT, { bytes: GIF, name: 'logo.gif', type: 'image/gif' }), 400, 'company_logo_type');
        expectMessage(await save(admin(), DEMO_EDIT, { bytes: GIF, name: 'logo.png', type: 'image/png' }, 'en'), 400, 'company_logo_type', 'en');
      });
    });

    rule.it('stores HTML in names as text and returns it exactly as sent', async () => {
      const html = {
        ...DEMO_EDIT,
        nameEn: '<b>Thai Digital</b> <script>alert("x")</script> & Co.',
        dpoContact: { ...DEMO_EDIT.dpoContact, name: '<img src=x onerror=alert(1)>คุณมานี' },
      };
      const body = saved(await save(admin(), html));
      expect(body.company.companyDetail.nameEn).toBe(html.nameEn);
      expect(body.company.companyDetail.dpoContact.name).toBe(html.dpoContact.name);
      expect((await fetchCompany(admin())).company.companyDetail.nameEn).toBe(html.nameEn);
    });

    shape.it('refuses those without the settings menu (403) and a call without a session (401), and saves nothing', async () => {
      await nothingSaved(async () => {
        const png = { bytes: RED_PNG, name: 'logo.png', type: 'image/png' };
        expectMessage(await save(ctx.demoViewer.access_token, DEMO_EDIT, png), 403, 'forbidden');
        expectMessage(await save(ctx.demoContact.access_token, DEMO_EDIT), 403, 'forbidden');
        expectMessage(await save(undefined, DEMO_EDIT), 401, 'not_signed_in');
      });
    });

    rule.it("changes only the caller's company: SIAM's save never touches DEMO, and SIAM never sees DEMO's profile", async () => {
      const demoBefore = await fetchCompany(admin());
      const siamOriginal = (await fetchCompany(ctx.siamAdmin.access_token)).company.companyDetail;
      const siam = saved(
        await save(ctx.siamAdmin.access_token, { ...siamOriginal, phone: '02-765-4399' }, { bytes: BLUE_PNG, name: 'siam.png', type: 'image/png' }),
      );
      expect(siam.company.companyCode).toBe('SIAM');
      expect(siam.company.logoUrl).toContain(`/${siam.company._id}/`);
      expect(siam.company.companyDetail.phone).toBe('02-765-4399');
      expect(JSON.stringify(siam)).not.toContain('ไทยดิจิทัล');
      expect(JSON.stringify(siam)).not.toContain(demoBefore.company.logo!);
      expect(await fetchCompany(admin())).toEqual(demoBefore);
      // DEMO's logo is still served, under DEMO's id
      const demoLogo = await download(demoBefore.company.logoUrl!);
      await demoLogo.arrayBuffer();
      expect(demoLogo.status).toBe(200);
      saved(await save(ctx.siamAdmin.access_token, siamOriginal));
    });

    rule.it('refuses companyDetail that is not JSON, or missing, with 400, and saves nothing', async () => {
      await nothingSaved(async () => {
        const png = { bytes: RED_PNG, name: 'logo.png', type: 'image/png' };
        expectMessage(await save(admin(), '{"nameTh": "ไม่ปิดวงเล็บ"', png), 400, 'malformed_json');
        expectMessage(await save(admin(), 'not json at all'), 400, 'malformed_json');
        const onlyFile = new FormData();
        onlyFile.append('file', new Blob([new Uint8Array(RED_PNG)], { type: 'image/png' }), 'logo.png');
        expectMessage(await ctx.api.call('POST', '/setting/company/save', { token: admin(), form: onlyFile }), 400, 'company_detail_missing');
      });
    });

    rule.it('refuses a body that is not the call’s form: a file under another name, a field twice, broken multipart (400)', async () => {
      await nothingSaved(async () => {
        const text = JSON.stringify(DEMO_EDIT);
        const otherFile = new FormData();
        otherFile.append('companyDetail', text);
        otherFile.append('logo', new Blob([new Uint8Array(RED_PNG)], { type: 'image/png' }), 'logo.png');
        const twice = new FormData();
        twice.append('companyDetail', text);
        twice.append('companyDetail', text);
        const detailAsFile = new FormData();
        detailAsFile.append('companyDetail', new Blob([text], { type: 'application/json' }), 'detail.json');
        for (const form of [otherFile, twice, detailAsFile]) {
          expectMessage(await ctx.api.call('POST', '/setting/company/save', { token: admin(), form }), 400, 'bad_request');
        }
        const broken = '--b\r\nContent-Disposition: form-data; name="companyDetail"\r\n\r\n{"nameTh":';
        expectMessage(
          await ctx.api.call('POST', '/setting/company/save', {
            token: admin(),
            raw: broken,
            headers: { 'content-type': 'multipart/form-data; boundary=b' },
          }),
          400,
          'bad_request',
        );
      });
    });

    rule.it('refuses an invalid profile with 400 naming the field, in the reader language, and saves nothing', async () => {
      const refused = async (detail: unknown, field: string, lang: 'th' | 'en' = 'th') => {
        const body = expectFailure(await save(admin(), detail, { bytes: RED_PNG, name: 'logo.png', type: 'image/png' }, lang), 400);
        expect(body.msg).toContain(`"companyDetail.${field}"`);
        return body.msg;
      };
      await nothingSaved(async () => {
        expect(await refused({ ...DEMO_EDIT, taxId: '0105561000001' }, 'taxId')).toContain(serverMessage('th', 'company_tax_id'));
        expect(await refused({ ...DEMO_EDIT, taxId: '0105561000001' }, 'taxId', 'en')).toContain(serverMessage('en', 'company_tax_id'));
        expect(await refused({ ...DEMO_EDIT, taxId: '12345' }, 'taxId')).toContain(serverMessage('th', 'company_tax_id'));
        await refused({ ...DEMO_EDIT, nameTh: '   ' }, 'nameTh');
        await refused({ ...DEMO_EDIT, address: undefined }, 'address');
        expect(await refused({ ...DEMO_EDIT, email: 'not-an-email' }, 'email')).toContain(serverMessage('th', 'company_email'));
        expect(await refused({ ...DEMO_EDIT, phone: '12' }, 'phone')).toContain(serverMessage('th', 'company_phone'));
        expect(await refused({ ...DEMO_EDIT, website: 'javascript:alert(1)' }, 'website')).toContain(serverMessage('th', 'company_website'));
        expect(await refused({ ...DEMO_EDIT, dpoContact: { email: 'dpo@' } }, 'dpoContact.email')).toContain(serverMessage('th', 'company_email'));
        await refused({ ...DEMO_EDIT, nameEn: 'x'.repeat(201) }, 'nameEn');
        await refused({ ...DEMO_EDIT, nameEn: 'NUL \u0000 inside' }, 'nameEn');
        await refused({ ...DEMO_EDIT, nameTh: 42 }, 'nameTh');
        expectFailure(await save(admin(), '["an array"]'), 400);
      });
    });

    rule.it('takes multipart only here: JSON on the save is 415, multipart on another call is 415', async () => {
      await nothingSaved(async () => {
        expectMessage(await ctx.api.post('/setting/company/save', { companyDetail: DEMO_EDIT }, { token: admin() }), 415, 'company_multipart');
        const form = new FormData();
        form.append('riskMasterData', 'เหตุการณ์จากฟอร์ม');
        form.append('type', '1');
        expectFailure(await ctx.api.call('POST', '/datarisk/create', { token: admin(), form }), 415);
      });
    });
  });
}
