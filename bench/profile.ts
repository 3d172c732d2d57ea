/**
 * Where a server child's time went: reads the V8 CPU profiles BENCH_CPU_PROF=<dir> made and prints,
 * per profile, the self time by file (node_modules packages grouped) and the heaviest functions.
 *
 *   BENCH_CPU_PROF=/tmp/prof BENCH_ONLY=cookie BENCH_SHORT=1 npm run bench && npx tsx bench/profile.ts /tmp/prof
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx bench/profile.ts <dir of .cpuprofile files>');
const top = Number(process.argv[3] ?? 25);

const where = (url: string) => {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
};

for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const p = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFile = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const f = where(n.callFrame.url);
    byFile.set(f, (byFile.get(f) ?? 0) + us);
    const fn = `${n.callFrame.functionName || '(anonymous)'}  ${f}:${n.callFrame.lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  }
  const idle = [...self.entries()].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, us]) => a + us, 0);
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * (total - idle)) / total).toFixed(0)}% busy`);
  const show = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .forEach(([k, us]) => console.log(`  ${((100 * us) / (total - idle)).toFixed(1).padStart(5)}%  ${k}`));
  console.log(' by file (share of busy time):');
  show(new Map([...byFile].filter(([k]) => k !== '(native)' || true)));
  console.log(' by function:');
  show(byFn);
}
