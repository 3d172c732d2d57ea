import type { TransferChoices } from '../../contract/transfers';
import { apiCall, fileCall, type CallsOf, type ResourceDefinition } from '../types';

/** The register of transfers abroad (menu 16), by the REST convention: `/transfers`. */
const definition = {
  name: 'transfers',
  menu: 'dataManage',
  api: { rest: '/transfers' },
  calls: {
    transferChoices: apiCall({ method: 'GET', path: () => '/transfer-choices', reply: (body) => body as unknown as TransferChoices }),
    downloadTransferEvidence: fileCall({
      method: 'GET',
      path: ({ id }: { id: string; name: string }) => `/transfers/${encodeURIComponent(id)}/evidence`,
      fileName: ({ name }) => name,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
