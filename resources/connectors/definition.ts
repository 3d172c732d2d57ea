import {
  catalogueReply,
  connectionReply,
  connectionTestReply,
  requestConnectorsReply,
  runReply,
  runRowsReply,
  runsReply,
  type ConnectionBody,
  type ConnectorTablesBody,
} from '../../contract/connectors';
import { apiCall, fileCall, type CallsOf, type ResourceDefinition } from '../types';

const connection = (systemId: string, rest = '') => `/datamap-systems/${encodeURIComponent(systemId)}/connection${rest}`;
const run = (id: string, rest: string) => `/connector-runs/${encodeURIComponent(id)}${rest}`;

/**
 * A request's runs on the connected systems (the DSR menu): listed by request, started, approved; and
 * the connection of a data-map system (its calls, under the data map's menu on the server).
 */
const definition = {
  name: 'connector-runs',
  menu: 'consents',
  api: {
    getList: {
      method: 'GET',
      path: ({ filter }) => `/consents/datasubject/${encodeURIComponent(String(filter?.requestId ?? ''))}/connectors`,
      reply: (body) => {
        const reply = requestConnectorsReply.parse(body);
        return { data: reply.data, total: reply.data.length, meta: { systems: reply.systems } };
      },
    },
  },
  calls: {
    connectorConnection: apiCall({
      method: 'GET',
      path: ({ systemId }: { systemId: string }) => connection(systemId),
      reply: (body) => connectionReply.parse(body).data,
    }),
    saveConnectorConnection: apiCall({
      method: 'PUT',
      path: ({ systemId }: { systemId: string; body: ConnectionBody }) => connection(systemId),
      body: ({ body }) => body,
      reply: (body) => connectionReply.parse(body).data,
    }),
    removeConnectorConnection: apiCall({
      method: 'DELETE',
      path: ({ systemId }: { systemId: string }) => connection(systemId),
      reply: () => undefined,
    }),
    testConnectorConnection: apiCall({
      method: 'POST',
      path: ({ systemId }: { systemId: string }) => connection(systemId, '/test'),
      body: () => ({}),
      reply: (body) => connectionTestReply.parse(body).data,
    }),
    connectorCatalogue: apiCall({
      method: 'GET',
      path: ({ systemId }: { systemId: string }) => connection(systemId, '/catalogue'),
      reply: (body) => catalogueReply.parse(body).data,
    }),
    saveConnectorTables: apiCall({
      method: 'PUT',
      path: ({ systemId }: { systemId: string; body: ConnectorTablesBody }) => connection(systemId, '/tables'),
      body: ({ body }) => body,
      reply: (body) => connectionReply.parse(body).data,
    }),
    runConnectorAccess: apiCall({
      method: 'POST',
      path: ({ requestId }: { requestId: string }) => `/consents/datasubject/${encodeURIComponent(requestId)}/connectors/access`,
      body: () => ({}),
      reply: (body) => runsReply.parse(body).data,
    }),
    runConnectorErasure: apiCall({
      method: 'POST',
      path: ({ requestId }: { requestId: string }) => `/consents/datasubject/${encodeURIComponent(requestId)}/connectors/erasure`,
      body: () => ({}),
      reply: (body) => runsReply.parse(body).data,
    }),
    approveConnectorRun: apiCall({
      method: 'POST',
      path: ({ id }: { id: string }) => run(id, '/approve'),
      body: () => ({}),
      reply: (body) => runReply.parse(body).data,
    }),
    cancelConnectorRun: apiCall({
      method: 'POST',
      path: ({ id }: { id: string }) => run(id, '/cancel'),
      body: () => ({}),
      reply: (body) => runReply.parse(body).data,
    }),
    connectorRunRows: apiCall({
      method: 'GET',
      path: ({ id }: { id: string }) => run(id, '/rows'),
      reply: (body) => runRowsReply.parse(body).data,
    }),
    connectorCertificate: fileCall({
      method: 'GET',
      path: ({ id }: { id: string; number: string }) => run(id, '/certificate'),
      fileName: ({ number }) => `erasure-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
