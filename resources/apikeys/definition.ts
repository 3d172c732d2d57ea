import type { ResourceDefinition } from '../types';

/** API keys (settings, menu 13) by the regular REST convention: `GET/POST /api-keys`, `GET /api-keys/:id`; `DELETE` revokes. */
export default { name: 'api-keys', menu: 'settings', api: { rest: '/api-keys' } } satisfies ResourceDefinition;
