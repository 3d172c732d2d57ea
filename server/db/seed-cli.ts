import { configOrExit } from '../config';
import { openDatabase } from './open';
import { seedDemo } from './seed';

/** `npm run seed`: demo data into the configured database, if it holds no company yet. */
const config = configOrExit();
const db = await openDatabase(config);
const seeded = await seedDemo(db);
console.log(seeded ? 'Demo data seeded (companies DEMO and SIAM).' : 'The database already holds companies: nothing seeded.');
await db.close();
