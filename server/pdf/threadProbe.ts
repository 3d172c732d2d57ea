import { threadId } from 'node:worker_threads';

/** For the PDF threads' test only: "drawn" as the id of the thread that ran it. */
export async function drawThreadId(label: string): Promise<Buffer> {
  return Buffer.from(`${label}:${threadId}`);
}
