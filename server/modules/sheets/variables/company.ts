import { join } from 'node:path';
import { companyDetail } from '../../../../contract/company';
import type { SourceResolver } from './types';

/** `company.*`: the company settings (menu 13) of the session's company. */
export const companyVariables: SourceResolver = async (ctx) => {
  const [row] = await ctx.db.query<{ detail: unknown; logo: string | null }>('select detail, logo from companies where id = $1', [ctx.companyId]);
  const d = companyDetail.parse(row?.detail ?? {});
  return {
    'company.name': (ctx.lang === 'en' ? d.nameEn || d.nameTh : d.nameTh || d.nameEn) || null,
    'company.nameTh': d.nameTh || null,
    'company.nameEn': d.nameEn || null,
    'company.address': d.address || null,
    'company.taxId': d.taxId || null,
    'company.phone': d.phone || null,
    'company.email': d.email || null,
    'company.website': d.website || null,
    'company.logo': row?.logo ? { image: { path: join(ctx.uploads.dir, row.logo), url: ctx.uploads.url(row.logo) } } : null,
  };
};
