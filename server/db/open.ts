import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { openDb, type Db } from './client';
import { migrate } from './migrate';

/** The configured database, migrated to the latest schema. */
export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'pgPoolSize'> & { embeddedFsync?: boolean }): Promise<Db> {
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
    poolSize: config.pgPoolSize,
    embeddedFsync: config.embeddedFsync,
  });
  await migrate(db);
  return db;
}
