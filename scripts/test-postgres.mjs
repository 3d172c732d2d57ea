// The server suite's PostgreSQL pass (CI runs it after `npm test` on the embedded database): only the test
// files whose databases or targets follow DATABASE_URL (server/db/testDatabases.ts, tests/contract/targets.ts,
// or process.env.DATABASE_URL itself; not a file that only names the variable, as config.test.ts and replica.test.ts do), each on the PostgreSQL server alone (TEST_ONLY_POSTGRES=1): what PGlite and the
// fake-api answer was checked by the first pass, and the other files never reach the server.
//
//   DATABASE_URL=postgres://root@127.0.0.1:5432/test npm run test:postgres
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

if (!process.env.DATABASE_URL) {
  console.error('npm run test:postgres needs DATABASE_URL (postgres://user@host:port/database of a server it may create databases on)');
  process.exit(2);
}

const FOLLOWS_DATABASE_URL = /testDatabases|process\.env\.DATABASE_URL|from '\.\/targets'/;
const files = ['server', 'tests/contract', 'tests/unit']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)))
  .filter((f) => f.endsWith('.test.ts') && FOLLOWS_DATABASE_URL.test(readFileSync(f, 'utf8')))
  .sort();
console.log(`PostgreSQL pass: ${files.length} test files\n  ${files.join('\n  ')}`);

const run = spawnSync('npx', ['vitest', 'run', '--project', 'node', ...files], {
  stdio: 'inherit',
  env: { ...process.env, TEST_ONLY_POSTGRES: '1' },
});
process.exit(run.status ?? 1);
