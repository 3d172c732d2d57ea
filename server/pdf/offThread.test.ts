import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { drawJob } from './draw';
import { closePdfThreads, offThread } from './offThread';
import { drawThreadId } from './threadProbe';

const probe = new URL('./threadProbe.ts', import.meta.url).href;

describe('the PDF threads', () => {
  afterAll(closePdfThreads);

  it('draws on another thread than the caller, with the arguments sent', async () => {
    const drawn = offThread(probe, 'drawThreadId', drawThreadId);
    const [label, id] = (await drawn('ก')).toString().split(':');
    expect(label).toBe('ก');
    expect(Number(id)).not.toBe(threadId);
    // the same thread serves the next one (the module stays loaded)
    expect((await drawn('ข')).toString()).toBe(`ข:${id}`);
  });

  it("loads only the server's own modules, and only a function", async () => {
    await expect(drawJob({ module: 'file:///etc/passwd', name: 'x', args: [] })).rejects.toThrow(/not a module of the server/);
    await expect(drawJob({ module: new URL('../../contract/clock.ts', import.meta.url).href, name: 'bangkokDay', args: [] })).rejects.toThrow(
      /not a module of the server/,
    );
    await expect(drawJob({ module: `${new URL('./', import.meta.url).href}../../contract/clock.ts`, name: 'x', args: [] })).rejects.toThrow(
      /not a module of the server/,
    );
    await expect(drawJob({ module: probe, name: 'nothing', args: [] })).rejects.toThrow(/exports no function nothing/);
  });

  it("a drawing's failure is the caller's error, and the threads go on", async () => {
    const broken = offThread(probe, 'nothing', drawThreadId);
    await expect(broken('x')).rejects.toThrow(/exports no function nothing/);
    expect((await offThread(probe, 'drawThreadId', drawThreadId)('ค')).toString()).toMatch(/^ค:\d+$/);
  });
});
