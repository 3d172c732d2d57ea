import { fsyncSync } from 'node:fs';

/**
 * The embedded database, durable: what PGlite acknowledged survives a power cut, not only a crash of
 * the process.
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and its Node file system (Emscripten's NODEFS) has
 * no fsync at all: a commit reaches the operating system's page cache, so it survives `kill -9` of
 * the server, but not the machine losing power before the kernel writes it out. Durable mode:
 * - PostgreSQL starts without `-F`, with `wal_sync_method=fsync` (the build's fdatasync does nothing);
 * - NODEFS's streams get the missing `fsync`, a real `fsync(2)` of the file.
 * So every commit returns after its WAL is on disk, as on a PostgreSQL server with its defaults.
 * EMBEDDED_FSYNC=0 turns it off (faster writes, the durability of the page cache only).
 */
/** fsync(2) calls made for the embedded database by this process (its test counts them). */
export const durabilityStats = { fsyncs: 0 };

export async function durablePgliteOptions(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { NodeFS } = await import('@electric-sql/pglite/nodefs');
  class DurableNodeFS extends NodeFS {
    override async init(pg: Parameters<InstanceType<typeof NodeFS>['init']>[0], opts: Parameters<InstanceType<typeof NodeFS>['init']>[1]) {
      const { emscriptenOpts } = await super.init(pg, opts);
      const preRun = [
        ...((emscriptenOpts.preRun as Array<(mod: unknown) => void>) ?? []),
        (mod: unknown) => {
          const streamOps = (mod as { NODEFS: { stream_ops: Record<string, unknown> } }).NODEFS.stream_ops;
          streamOps.fsync = (stream: { nfd?: number }) => {
            if (stream.nfd !== undefined) {
              fsyncSync(stream.nfd);
              durabilityStats.fsyncs++;
            }
            return 0;
          };
        },
      ];
      return { emscriptenOpts: { ...emscriptenOpts, preRun } };
    }
  }
  const startParams = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync', '-c', 'fsync=on'];
  return { fs: new DurableNodeFS(dataDir), startParams };
}
