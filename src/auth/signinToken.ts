/** The `Authorization: Token …` value of a sign-in: hex SHA-256 of the timestamp's decimal string. */
export async function signinToken(timestamp: number): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(String(timestamp)));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
