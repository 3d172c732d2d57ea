/**
 * An e-mail address in a narrow cell: it may break after its @ (a <wbr>, so a copied address stays
 * whole), never inside the name or the domain. The table gives the cell the width of the longer part.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  const part = { whiteSpace: 'nowrap' } as const;
  return at < 0 ? (
    <span style={part}>{email}</span>
  ) : (
    <span data-testid="email-text">
      <span style={part}>{email.slice(0, at + 1)}</span>
      <wbr />
      <span style={part}>{email.slice(at + 1)}</span>
    </span>
  );
}

const ADDRESS = /[^\s@·,;:()<>]+@[^\s@·,;:()<>]+\.[^\s@·,;:()<>]+/g;

/**
 * A line of text whose e-mail addresses are never broken (a hyphen in "dpo-office@…" is otherwise a
 * place the browser may wrap at); the rest wraps as usual.
 */
export function TextWithEmails({ text }: { text: string }) {
  const parts: Array<string | { email: string }> = [];
  let last = 0;
  for (const m of text.matchAll(ADDRESS)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push({ email: m[0] });
    last = m.index + m[0].length;
  }
  if (!parts.length) return <>{text}</>;
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          p
        ) : (
          <span key={i} style={{ whiteSpace: 'nowrap' }}>
            {p.email}
          </span>
        ),
      )}
    </>
  );
}
