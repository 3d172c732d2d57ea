import { consentApiCheckQuery, consentApiCheckReply } from '../../../contract/consentApi';
import { route } from '../../http/route';
import { checkConsent } from './check';

export const checkRoutes = [
  route({
    method: 'GET',
    url: '/consent-api/check',
    access: { apiScope: 'consent:read' },
    reply: consentApiCheckReply,
    query: consentApiCheckQuery,
    handler: async ({ db, apiKey, query }) => checkConsent(db, apiKey.companyId, query),
  }),
];
