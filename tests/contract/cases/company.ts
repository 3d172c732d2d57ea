import { describe, expect, it } from 'vitest';
import { companyFetchReply } from '../../../contract/company';
import { expectMessage, type Ctx } from '../expectations';

/** GET /setting/company/fetch: each session sees its own company, whatever the request says. */
export function companyCases(ctx: Ctx) {
  const fetchCompany = async (token: string, query = '') => {
    const reply = await ctx.api.get(`/setting/company/fetch${query}`, { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return companyFetchReply.parse(reply.body);
  };

  describe('GET /setting/company/fetch', () => {
    it("returns DEMO's profile to DEMO's admin", async () => {
      const body = await fetchCompany(ctx.demoAdmin.access_token);
      expect(body.init).toBe(true);
      expect(body.company).toMatchObject({ companyCode: 'DEMO', logo: null, logoUrl: null });
      expect(body.company.companyDetail).toMatchObject({
        nameTh: 'บริษัท ไทยดิจิทัลเซอร์วิส จำกัด',
        nameEn: 'Thai Digital Service Co., Ltd.',
        taxId: '0105561000001',
      });
    });

    it("returns SIAM's own profile to SIAM's admin, never DEMO's", async () => {
      const demo = await fetchCompany(ctx.demoAdmin.access_token);
      const siam = await fetchCompany(ctx.siamAdmin.access_token);
      expect(siam.company.companyCode).toBe('SIAM');
      expect(siam.company._id).not.toBe(demo.company._id);
      expect(siam.company.companyDetail).toMatchObject({ nameTh: 'บริษัท สยามค้าปลีก จำกัด (มหาชน)', taxId: '0107562000002' });
      expect(JSON.stringify(siam)).not.toContain('ไทยดิจิทัล');
    });

    it('takes the company from the session, not from the request', async () => {
      const demo = await fetchCompany(ctx.demoAdmin.access_token);
      const siam = await fetchCompany(ctx.siamAdmin.access_token, `?companyCode=DEMO&companyId=${demo.company._id}`);
      expect(siam.company.companyCode).toBe('SIAM');
    });

    it('shows the company to every signed-in user of it, the viewer and contact users included', async () => {
      const demo = await fetchCompany(ctx.demoAdmin.access_token);
      expect((await fetchCompany(ctx.demoViewer.access_token)).company._id).toBe(demo.company._id);
      expect((await fetchCompany(ctx.demoContact.access_token)).company._id).toBe(demo.company._id);
    });

    it('refuses a call without a valid token (401)', async () => {
      expectMessage(await ctx.api.get('/setting/company/fetch'), 401, 'not_signed_in');
      expectMessage(await ctx.api.get('/setting/company/fetch', { token: 'z'.repeat(64), lang: 'en' }), 401, 'session_expired', 'en');
    });
  });
}
