import { describe, expect, it } from 'vitest';
import { makePng } from '../tests/contract/png';
import { LOGO_MAX_BYTES, companyDetail, companyDetailInput, isThaiTaxId, logoProblem, normalizeTaxId } from './company';

describe('the Thai tax id', () => {
  it('takes 13 digits whose last is the check digit, dashes and spaces aside', () => {
    for (const id of ['0105561000003', '0107562000009', '0994000165510']) expect(isThaiTaxId(id), id).toBe(true);
    for (const id of ['0105561000001', '010556100000', '01055610000031', '010556100000a', '']) expect(isThaiTaxId(id), id).toBe(false);
    expect(normalizeTaxId('0-1055-61000-00-3 ')).toBe('0105561000003');
  });
});

describe('the profile rules', () => {
  const base = { nameTh: ' บริษัท ทดสอบ จำกัด ', address: 'กรุงเทพมหานคร', taxId: '0 1055 61000 00 3' };

  it('trims, normalizes the tax id, adds the website scheme and fills what is left out', () => {
    expect(companyDetailInput.parse({ ...base, website: 'www.example.co.th' })).toEqual({
      nameTh: 'บริษัท ทดสอบ จำกัด',
      nameEn: '',
      address: 'กรุงเทพมหานคร',
      taxId: '0105561000003',
      phone: '',
      email: '',
      website: 'https://www.example.co.th',
      dpoContact: { name: '', email: '', phone: '' },
    });
  });

  it('names the rule a field breaks with a message of i18n/server.ts', () => {
    const message = (extra: object) => companyDetailInput.safeParse({ ...base, ...extra }).error?.issues[0].message;
    expect(message({ taxId: '0105561000001' })).toBe('server.company_tax_id');
    expect(message({ email: 'a@' })).toBe('server.company_email');
    expect(message({ phone: '1234' })).toBe('server.company_phone');
    expect(message({ website: 'ftp://example.com' })).toBe('server.company_website');
    expect(message({ nameEn: 'x'.repeat(201) })).toBe('server.company_too_long');
    expect(message({ nameEn: 'bell \u0007' })).toBe('server.company_control_chars');
    for (const phone of ['02-123-4567', '081 234 5678', '+66 2 123 4567', '(02) 123-4567 ต่อ 12', '02-123-4567 ext. 9']) {
      expect(message({ phone }), phone).toBeUndefined();
    }
  });

  it('reads any stored profile without refusing it, the DPO contact of old as its name', () => {
    expect(companyDetail.parse({ nameTh: 'ก', dpoContact: 'คุณ ข dpo@example.com', taxId: 42 })).toMatchObject({
      nameTh: 'ก',
      taxId: '',
      dpoContact: { name: 'คุณ ข dpo@example.com', email: '', phone: '' },
    });
  });
});

describe("the form's logo check", () => {
  const head = (bytes: Uint8Array) => bytes.subarray(0, 12);
  it('takes PNG, JPEG and WebP signatures up to 2 MB', () => {
    expect(logoProblem(100, head(makePng(2, 2, () => [0, 0, 0])))).toBeUndefined();
    expect(logoProblem(100, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBeUndefined();
    expect(logoProblem(100, new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBP'))).toBeUndefined();
    expect(logoProblem(LOGO_MAX_BYTES + 1, head(makePng(2, 2, () => [0, 0, 0])))).toBe('company_logo_too_large');
    expect(logoProblem(100, new TextEncoder().encode('GIF89a......'))).toBe('company_logo_type');
    expect(logoProblem(100, new TextEncoder().encode('<svg xmlns='))).toBe('company_logo_type');
  });
});
