import { buildApp } from './app';
import { configOrExit } from './config';
import { openDatabase } from './db/open';
import { seedDemo } from './db/seed';
import { startTimedWork } from './jobs';

const config = configOrExit();
const db = await openDatabase(config);
if (config.seedDemo && (await seedDemo(db))) {
  console.log(
    'Demo data seeded: company DEMO (admin/admin1234, viewer/viewer1234, contact1/contact1234, dpo/dpo1234567) and SIAM (admin/admin1234).',
  );
}
const app = await buildApp(db, config);
const stopTimedWork = startTimedWork(db, (error) => app.log.error(error, 'timed work failed'), config.mail);

const shutdown = async () => {
  stopTimedWork();
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
console.log(
  `PDPA back office: http://localhost:${config.port} (${db.kind === 'pg' ? 'PostgreSQL server' : `embedded database in ${config.dataDir}`})`,
);
