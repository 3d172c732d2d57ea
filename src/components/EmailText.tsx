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
