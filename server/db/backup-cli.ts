// npm run backup [-- <folder>]   and   npm run restore -- <folder>
// The database (pg_dump, or the embedded database's data directory: stop the server first) and
// DATA_DIR's files (logos, data subjects' encrypted files and their key). See docs/operations.md, "Backup and restore".
import { join, resolve } from 'node:path';
import { configOrExit } from '../config';
import { backup, restore } from './backup';

const [command, folder] = process.argv.slice(2);
const config = configOrExit();
if (command === 'backup') {
  const outDir = resolve(folder ?? join('backups', new Date().toISOString().replace(/[:.]/g, '-')));
  const manifest = await backup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, outDir });
  console.log(`Backup (${manifest.mode === 'pg' ? 'PostgreSQL' : 'embedded database'}, files: ${manifest.files.join(', ') || 'none'}) in ${outDir}`);
} else if (command === 'restore' && folder) {
  const manifest = await restore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, fromDir: resolve(folder) });
  console.log(`Restored the backup of ${manifest.createdAt} into ${config.databaseUrl ? 'the PostgreSQL database' : config.dataDir}`);
} else {
  console.error('usage: npm run backup [-- <folder>] | npm run restore -- <folder>');
  process.exit(2);
}
