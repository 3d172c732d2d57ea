import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a backup folder holds (manifest.json). */
interface Manifest {
  format: 1;
  createdAt: string;
  mode: 'pg' | 'pglite';
  /** the database: `db.dump` (pg_dump's custom format) or `pglite.tar.gz` (PGlite's data directory) */
  database: string;
  /** DATA_DIR's files, copied as they are: logos (uploads/), data subjects' encrypted files (private/), file.key */
  files: string[];
}

/** DATA_DIR's entries a backup carries besides the database (the encrypted files and their key included). */
const FILE_ENTRIES = ['uploads', 'private', 'file.key'];

/**
 * Backs up the database and DATA_DIR's files into `outDir` (a new folder).
 * - PostgreSQL (`databaseUrl`): `pg_dump --format=custom`, consistent while the servers run.
 * - Embedded: PGlite's data directory as a tarball (`dumpDataDir`); the server must be stopped (one
 *   process opens the embedded database).
 * The data subjects' files stay encrypted; `file.key` is copied beside them unless FILE_KEY is used
 * (then keep that key with the backup yourself).
 */
export async function backup(opts: { dataDir: string; databaseUrl?: string; outDir: string }): Promise<Manifest> {
  mkdirSync(opts.outDir, { recursive: true });
  if (readdirSync(opts.outDir).length) throw new Error(`${opts.outDir} is not empty`);
  let database: string;
  if (opts.databaseUrl) {
    database = 'db.dump';
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${join(opts.outDir, database)}`, opts.databaseUrl]);
  } else {
    database = 'pglite.tar.gz';
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const lite = await PGlite.create(join(opts.dataDir, 'pglite'), { extensions: { pg_trgm } });
    try {
      const dump = await lite.dumpDataDir('gzip');
      writeFileSync(join(opts.outDir, database), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await lite.close();
    }
  }
  const files = FILE_ENTRIES.filter((entry) => existsSync(join(opts.dataDir, entry)));
  for (const entry of files) cpSync(join(opts.dataDir, entry), join(opts.outDir, 'files', entry), { recursive: true });
  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), mode: opts.databaseUrl ? 'pg' : 'pglite', database, files };
  writeFileSync(join(opts.outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/**
 * Restores a backup of `backup()` into an EMPTY database (PostgreSQL: `pg_restore`; embedded: a
 * DATA_DIR without `pglite/`) and DATA_DIR's files. Refuses to overwrite anything.
 */
export async function restore(opts: { dataDir: string; databaseUrl?: string; fromDir: string }): Promise<Manifest> {
  const manifest = JSON.parse(readFileSync(join(opts.fromDir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error('not a backup of this product');
  if ((manifest.mode === 'pg') !== Boolean(opts.databaseUrl)) {
    throw new Error(
      `a ${manifest.mode === 'pg' ? 'PostgreSQL' : 'embedded'} backup restores into the same mode (DATABASE_URL ${opts.databaseUrl ? 'set' : 'unset'})`,
    );
  }
  for (const entry of manifest.files) if (existsSync(join(opts.dataDir, entry))) throw new Error(`${join(opts.dataDir, entry)} exists already`);
  if (opts.databaseUrl) {
    await run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${opts.databaseUrl}`, join(opts.fromDir, manifest.database)]);
  } else {
    const target = join(opts.dataDir, 'pglite');
    if (existsSync(target) && readdirSync(target).length) throw new Error(`${target} is not empty`);
    mkdirSync(target, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const tarball = new Blob([readFileSync(join(opts.fromDir, manifest.database))]);
    const lite = await PGlite.create(target, { loadDataDir: tarball, extensions: { pg_trgm } });
    await lite.close();
  }
  mkdirSync(opts.dataDir, { recursive: true });
  for (const entry of manifest.files) cpSync(join(opts.fromDir, 'files', entry), join(opts.dataDir, entry), { recursive: true });
  return manifest;
}
