/** Only same-site paths may be a redirect target (no `//evil.example`, no `javascript:`). */
export function safeRedirect(target: string | null | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/';
}
