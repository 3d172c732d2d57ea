// What the embedded database's durable mode (EMBEDDED_FSYNC, server/db/durablePglite.ts) costs:
// the same stream of single-row commits on disk with fsync on and off. `npx tsx bench/durability.ts [commits]`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../server/db/client';
import { durabilityStats } from '../server/db/durablePglite';

const commits = Number(process.argv[2] ?? 300);
for (const fsync of [false, true]) {
  const dir = mkdtempSync(join(tmpdir(), 'pdpa-durability-'));
  const db = await openDb({ dataDir: dir, embeddedFsync: fsync });
  await db.exec('create table t (id serial primary key, body text not null)');
  const before = durabilityStats.fsyncs;
  const started = performance.now();
  for (let i = 0; i < commits; i++) await db.tx((q) => q.query('insert into t (body) values ($1)', [`row ${i}`]));
  const ms = performance.now() - started;
  console.log(
    `EMBEDDED_FSYNC=${fsync ? 1 : 0}: ${commits} commits in ${ms.toFixed(0)} ms = ${(ms / commits).toFixed(2)} ms a commit, ` +
      `${((commits / ms) * 1000).toFixed(0)} commits/s, fsync calls ${durabilityStats.fsyncs - before}`,
  );
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
