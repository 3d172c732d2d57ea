import { companyDetail } from '../../../contract/company';
import { route } from '../../http/route';
import type { ServerConfig } from '../../config';

interface CompanyRow {
  id: string;
  code: string;
  detail: Record<string, unknown>;
  logo: string | null;
}

/** Where a company's logo is served: `<CDN_HOST>/<company _id>/<file>`, by default the server's own uploads. */
export const logoUrl = (config: ServerConfig, companyId: string, logo: string | null) =>
  logo ? `${config.cdnHost}/${companyId}/${encodeURIComponent(logo)}` : null;

export const companyRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/setting/company/fetch',
    // the shell shows the company's name and logo to everyone signed in
    access: 'session',
    handler: async ({ db, session }) => {
      const [row] = await db.query<CompanyRow>('select id, code, detail, logo from companies where id = $1', [
        session.companyId,
      ]);
      const detail = companyDetail.parse(row.detail);
      return {
        init: Boolean(detail.nameTh || detail.nameEn),
        company: {
          _id: row.id,
          companyCode: row.code,
          companyDetail: detail,
          logo: row.logo,
          logoUrl: logoUrl(config, row.id, row.logo),
        },
      };
    },
  }),
];
