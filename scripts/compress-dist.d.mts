/** See compress-dist.mjs: a .br and a .gz copy beside each compressible file under `dir`. */
export function compressDir(dir: string): Promise<{ file: string; raw: number; br: number; gzip: number }[]>;
