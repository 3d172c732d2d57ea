import { readFileSync } from 'node:fs';
import { openApiDocument, type OpenApiDocument, type RouteModule } from '../../http/openapi';
import { route } from '../../http/route';

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The API's description of itself. Public: it tells what the calls are and who may make them, which
 * the client application already shows anyone; it holds no data, and every call it lists still
 * checks its own access.
 */
export function docsRoutes(modules: () => RouteModule[]) {
  let document: OpenApiDocument | undefined;
  return [
    route({
      method: 'GET',
      url: '/openapi.json',
      access: 'public',
      handler: async ({ reply }) => {
        // the routes never change while the process runs: made once, on the first call
        document ??= openApiDocument(modules(), version);
        await reply.type('application/json; charset=utf-8').send(document);
        return undefined;
      },
    }),
  ];
}
