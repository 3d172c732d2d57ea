/** The little of autocannon 8's programmatic API (CommonJS, no typings of its own) the benchmark uses. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** seconds */
    duration?: number;
    /** seconds */
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
    /** per-request changes (the cookie bench: a new body per request) */
    requests?: { setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }[];
  }

  export interface Result {
    /** seconds */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number; max: number };
    statusCodeStats: Record<string, { count: number }>;
  }

  /** Emits `response` (client, statusCode, bytes, responseTime in ms) for every response. */
  export interface Instance extends EventEmitter, PromiseLike<Result> {}

  function autocannon(options: Options): Instance;
  export default autocannon;
}
