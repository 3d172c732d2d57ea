import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { openDb, type Db } from './client';
import { migrate } from './migrate';
import { openReplica } from './replica';

/** The configured database, migrated to the latest schema. */
export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'pgPoolSize'> & { embeddedFsync?: boolean; databaseReplicaUrl?: string },
): Promise<Db> {
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
    poolSize: config.pgPoolSize,
    embeddedFsync: config.embeddedFsync,
  });
  await migrate(db);
  if (!config.databaseReplicaUrl) return db;
  const replica = await openReplica(config.databaseReplicaUrl, db, { poolSize: config.pgPoolSize });
  const close = db.close.bind(db);
  return Object.assign(db, {
    replica,
    async close() {
      await replica.close();
      await close();
    },
  });
}
