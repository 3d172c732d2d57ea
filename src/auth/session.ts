import type { SessionUser } from '../../contract/auth';

/**
 * Who is signed in, for the screens. The session itself is the server's HttpOnly cookie
 * `pdpa_session` (set by sign-in, 365 days at most, ended by sign-out or SESSION_IDLE_HOURS unused):
 * scripts never see the token. This readable cookie only holds the signed-in person's name, to show
 * it; it proves nothing to the server.
 */
export interface StoredSession {
  user: SessionUser;
}

const COOKIE = 'pdpa_user';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function readSession(): StoredSession | undefined {
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(COOKIE + '='))
    ?.slice(COOKIE.length + 1);
  if (!raw) return undefined;
  try {
    const session = JSON.parse(decodeURIComponent(raw)) as StoredSession;
    return session && typeof session.user === 'object' && session.user ? session : undefined;
  } catch {
    return undefined;
  }
}

export function writeSession(session: StoredSession) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(JSON.stringify({ user: session.user }))}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Strict${secure}`;
}

export function clearSession() {
  document.cookie = `${COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
}
