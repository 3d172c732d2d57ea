// `npm start`: builds the UI when it is missing or older than its sources, then serves UI + API on
// one port (PORT, default 3000) on the embedded database in DATA_DIR (default ./data) or DATABASE_URL.
import { spawn } from 'node:child_process';
import { buildUiIfStale } from './ui-build.mjs';

buildUiIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
