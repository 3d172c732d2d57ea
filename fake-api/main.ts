import { API_BASE } from '../contract/http';
import { startFakeApi } from './middleware';

const port = Number(process.env.FAKE_API_PORT ?? 3001);
const { url } = await startFakeApi({ port, logger: true });
console.log(`FAKE API (fixtures of fake-api/db.json, in memory, reset on every start): ${url}${API_BASE}`);
console.log(`json-server's generic router over the same fixtures: ${url}/fake/`);
