import { existsSync, readdirSync } from 'node:fs';
import { DEMO_COMPANIES, type DemoCompany } from '../../demo';
import type { Db, Queryable } from './client';
import { analyzeStale } from './statistics';

/** One demo company as the demos seed it: its data (demo/) and what the opening demo made of it. */
export interface DemoContext {
  company: DemoCompany;
  companyId: string;
  /** its users in the order of `company.users`: the first is the administrator who works the demo records */
  userIds: string[];
}

/**
 * A module's demo data: the default export of its `demo.ts`, found by convention in every folder of
 * server/modules/ (no list to keep). In each demo company, the one demo that `opensCompany` (its
 * roles and users) runs first; then every `seed`, after the demos it names in `after`, else by
 * module name.
 */
export interface ModuleDemo {
  /** the modules (folder names) whose demo must have run first: their records are this one's links */
  after?: readonly string[];
  /** makes the demo company itself (one module only) */
  opensCompany?(q: Queryable, company: DemoCompany): Promise<Omit<DemoContext, 'company'>>;
  seed?(q: Queryable, ctx: DemoContext): Promise<unknown>;
}

/** Where the modules are: each folder's `demo.ts` is found here, never imported by name. */
const MODULES = new URL('../modules/', import.meta.url);

async function findDemos(): Promise<Map<string, ModuleDemo>> {
  const folders = readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/demo.ts`, MODULES)))
    .map((entry) => entry.name);
  const demos = new Map<string, ModuleDemo>();
  for (const folder of folders.sort()) {
    const { default: demo } = (await import(new URL(`${folder}/demo.ts`, MODULES).href)) as { default?: ModuleDemo };
    if (!demo || (!demo.seed && !demo.opensCompany)) throw new Error(`server/modules/${folder}/demo.ts must export default its demo`);
    demos.set(folder, demo);
  }
  return demos;
}

/** The demos in a stable order: each after the ones it names, otherwise by module name. */
export function demoOrder(demos: ReadonlyMap<string, Pick<ModuleDemo, 'after'>>): string[] {
  const order: string[] = [];
  const done = new Set<string>();
  const pending = [...demos.keys()].sort();
  for (const [name, demo] of demos) {
    for (const dep of demo.after ?? []) if (!demos.has(dep)) throw new Error(`the demo of '${name}' runs after '${dep}', which has no demo.ts`);
  }
  while (pending.length) {
    const next = pending.findIndex((name) => (demos.get(name)!.after ?? []).every((dep) => done.has(dep)));
    if (next < 0) throw new Error(`the demos of ${pending.join(', ')} wait for each other`);
    const [name] = pending.splice(next, 1);
    order.push(name);
    done.add(name);
  }
  return order;
}

/** Seeds the demo companies of the README. Does nothing when any company exists. */
export async function seedDemo(db: Db): Promise<boolean> {
  const demos = await findDemos();
  const openers = [...demos].filter(([, demo]) => demo.opensCompany);
  if (openers.length !== 1) throw new Error(`one module's demo must open the demo companies, not ${openers.length}`);
  const open = openers[0][1].opensCompany!;
  const seeds = demoOrder(demos).flatMap((name) => demos.get(name)!.seed ?? []);
  const seeded = await db.tx(async (q) => {
    const [{ count }] = await q.query<{ count: number }>('select count(*)::int as count from companies');
    if (count > 0) return false;
    for (const company of DEMO_COMPANIES) {
      const ctx: DemoContext = { company, ...(await open(q, company)) };
      for (const seed of seeds) await seed(q, ctx);
    }
    return true;
  });
  if (seeded) await analyzeStale(db);
  return seeded;
}
