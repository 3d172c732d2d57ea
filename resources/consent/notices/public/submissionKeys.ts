/** A random UUID v4, also where `crypto.randomUUID` is missing (a page served over plain http to another machine). */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The idempotency keys of one page load: the same body always gets the same key (a double click, a
 * retry after a lost reply: the server records it once), another body a new one (a person who
 * changes an answer and sends again makes a new submission).
 */
export function submissionKeys() {
  const keys = new Map<string, string>();
  return <T extends object>(body: T): T & { submissionId: string } => {
    const text = JSON.stringify(body);
    let key = keys.get(text);
    if (!key) keys.set(text, (key = randomKey()));
    return { ...body, submissionId: key };
  };
}
