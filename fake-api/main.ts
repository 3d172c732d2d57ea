import { API_BASE } from '../contract/http';
import { startFakeApi } from './app';

const port = Number(process.env.FAKE_API_PORT ?? 3001);
const { url } = await startFakeApi({ port, logger: true });
console.log(`FAKE API (the recorded demo data, in memory, reset on every start): ${url}${API_BASE}`);
