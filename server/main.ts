import cluster from 'node:cluster';
import { buildApp } from './app';
import { configOrExit, type ServerConfig } from './config';
import { openDatabase } from './db/open';
import { seedDemo } from './db/seed';
import { startTimedWork } from './jobs';
import { fileKey } from './modules/dsr/files';
import { runPrimary } from './workers';

/** Requests in flight at a stop get this long to finish (SIGTERM: no new ones are taken meanwhile). */
const DRAIN_MS = 10_000;

/** The one-time start-up work: the schema, the demo data, the file key; done once, before any worker takes a request. */
async function prepare(config: ServerConfig) {
  const db = await openDatabase(config);
  if (config.seedDemo && (await seedDemo(db))) {
    console.log(
      'Demo data seeded: company DEMO (admin/admin1234, viewer/viewer1234, contact1/contact1234, dpo/dpo1234567) and SIAM (admin/admin1234).',
    );
  }
  fileKey(config);
  return db;
}

/** One API process: the whole server when WORKERS is 1, else one of the workers sharing the port. */
async function serve(config: ServerConfig) {
  const db = cluster.isWorker ? await openDatabase(config) : await prepare(config);
  const app = await buildApp(db, config);
  const stopTimedWork = startTimedWork(db, (error) => app.log.error(error, 'timed work failed'), config.mail);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    stopTimedWork();
    // stops taking connections, closes the idle ones, and waits for the requests in flight (at most DRAIN_MS)
    const drained = await Promise.race([app.close().then(() => true), new Promise<false>((r) => setTimeout(() => r(false), DRAIN_MS).unref())]);
    if (!drained) console.error(`stopped with requests still running after ${DRAIN_MS / 1000} s`);
    // a request stuck on a connection would hold the pool's end: a second at most
    await Promise.race([db.close().catch(() => undefined), new Promise((r) => setTimeout(r, 1_000).unref())]);
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  return db;
}

const config = configOrExit();
if (config.workers > 1 && cluster.isPrimary) {
  await (await prepare(config)).close();
  runPrimary(config, DRAIN_MS);
  console.log(`PDPA back office: http://localhost:${config.port} (PostgreSQL server, ${config.workers} worker processes)`);
} else {
  const db = await serve(config);
  if (cluster.isPrimary) {
    console.log(
      `PDPA back office: http://localhost:${config.port} (${db.kind === 'pg' ? 'PostgreSQL server' : `embedded database in ${config.dataDir}`})`,
    );
  }
}
