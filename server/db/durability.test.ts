import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from './client';
import { durabilityStats } from './durablePglite';

const tempDir = () => mkdtempSync(join(tmpdir(), 'pdpa-durable-'));

describe('the embedded database on disk', () => {
  it.each([
    [true, 'fsyncs every commit (durable, the default)'],
    [false, 'fsyncs nothing with EMBEDDED_FSYNC=0'],
  ])(
    'EMBEDDED_FSYNC=%s: %s',
    async (fsync) => {
      const dir = tempDir();
      const db = await openDb({ dataDir: dir, embeddedFsync: fsync });
      try {
        await db.exec('create table t (id serial primary key, body text not null)');
        const before = durabilityStats.fsyncs;
        for (let i = 0; i < 5; i++) await db.tx((q) => q.query('insert into t (body) values ($1)', [`row ${i}`]));
        const fsyncs = durabilityStats.fsyncs - before;
        if (fsync) expect(fsyncs).toBeGreaterThanOrEqual(5);
        else expect(fsyncs).toBe(0);
      } finally {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('keeps every acknowledged write when the process is killed (kill -9) in the middle of a stream of writes', async () => {
    const dir = tempDir();
    try {
      // a child writes rows one commit each and prints each id once its commit returned
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../../tests/crash/writer.ts'), dir], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const acknowledged: number[] = [];
      let buffered = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop()!;
          for (const line of lines) if (/^\d+$/.test(line)) acknowledged.push(Number(line));
          if (acknowledged.length >= 40 && child.exitCode === null) child.kill('SIGKILL');
        });
        child.on('exit', () => resolve());
        child.on('error', reject);
      });
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);
      const db = await openDb({ dataDir: dir });
      try {
        const rows = await db.query<{ id: number }>('select id from crash_writes');
        const stored = new Set(rows.map((r) => r.id));
        expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
