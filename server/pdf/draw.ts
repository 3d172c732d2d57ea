/** One PDF to draw on a PDF thread: the drawing function, by its module and export, and its arguments. */
export interface DrawJob {
  module: string;
  name: string;
  args: unknown[];
}

// only the server's own modules are ever loaded, whatever a job says
const SERVER = new URL('../', import.meta.url).href;

/** Runs on a PDF thread: loads the module once (the thread keeps it), draws, and hands back the bytes. */
export async function drawJob({ module, name, args }: DrawJob): Promise<Uint8Array> {
  if (!module.startsWith(SERVER) || module.includes('..')) throw new Error(`not a module of the server: ${module}`);
  const draw = ((await import(module)) as Record<string, unknown>)[name];
  if (typeof draw !== 'function') throw new Error(`${module} exports no function ${name}`);
  const bytes = (await draw(...args)) as Buffer;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
