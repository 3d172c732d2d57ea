// The crash test's writer (server/db/durability.test.ts): commits one row at a time on the embedded
// database in argv[2] and prints each row's id once its commit has returned, until it is killed.
import { openDb } from '../../server/db/client';

const db = await openDb({ dataDir: process.argv[2] });
await db.exec('create table if not exists crash_writes (id integer primary key, body text not null)');
for (let id = 1; ; id++) {
  await db.tx((q) => q.query('insert into crash_writes (id, body) values ($1, $2)', [id, 'x'.repeat(200)]));
  process.stdout.write(`${id}\n`);
}
