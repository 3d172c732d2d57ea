/** A passkey prompt the person cancelled, or a device without one: said as such, not as a server failure. */
export const passkeyRefused = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
