import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { DrawJob } from './draw';

let pool: Piscina<DrawJob, Uint8Array> | undefined;

/**
 * The PDF threads, started on the first PDF: laying out a PDF (measuring Thai text, embedding the font)
 * takes the CPU for a tenth of a second to a second, which on the server's own thread would hold every
 * other request that long. One thread per core but one (at least one), each ending after a minute idle.
 */
function pdfThreads() {
  pool ??= new Piscina<DrawJob, Uint8Array>({
    filename: new URL('./thread.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    idleTimeout: 60_000,
  });
  return pool;
}

/**
 * `draw`, run on a PDF thread instead of the caller's. `draw` must be the export `name` of the module at
 * `moduleUrl` (its `import.meta.url`), and take only what a thread can be sent (plain data, no functions):
 *
 *   export async function drawPackLetter(content: DsrPackContent, ...) { ... }
 *   export const packLetterPdf = offThread(import.meta.url, 'drawPackLetter', drawPackLetter);
 */
export function offThread<A extends unknown[]>(
  moduleUrl: string,
  name: string,
  draw: (...args: A) => Promise<Buffer>,
): (...args: A) => Promise<Buffer> {
  void draw; // named for its type: the thread loads it by `name`
  return async (...args: A) => {
    const bytes = await pdfThreads().run({ module: moduleUrl, name, args });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
}

/** Ends the PDF threads (the server closing); the next PDF starts them again. */
export async function closePdfThreads() {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
