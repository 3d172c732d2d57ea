import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

/** What a serve-*.ts child tells the benchmark once it listens. */
export interface ReadyMessage {
  ready: true;
  port: number;
  /** ms spent preparing its data (seeding, loading) */
  prepareMs: number;
  note?: string;
}

/** The benchmark asks a server child for the plan of the list's page query; it answers `{ plan: string[] }`. */
export interface ExplainRequest {
  explain: { page: number; limit: number; search?: string };
}

export function announce(server: Server | AddressInfo, prepareMs: number, note?: string) {
  const address = 'address' in server && typeof server.address === 'function' ? (server.address() as AddressInfo) : (server as AddressInfo);
  const message: ReadyMessage = { ready: true, port: address.port, prepareMs, note };
  process.send?.(message);
}

/** A child dies with its parent: when the IPC channel closes, or on SIGTERM/SIGINT. */
export function dieWithParent(cleanup: () => Promise<void> | void = () => {}) {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await cleanup();
    } finally {
      process.exit(0);
    }
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

export const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
