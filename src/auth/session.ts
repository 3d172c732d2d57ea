import type { SessionUser } from '../../contract/auth';

/** The signed-in session, kept in a cookie for 365 days (the seed's rule). */
export interface StoredSession {
  access_token: string;
  user: SessionUser;
}

const COOKIE = 'pdpa_session';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function readSession(): StoredSession | undefined {
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(COOKIE + '='))
    ?.slice(COOKIE.length + 1);
  if (!raw) return undefined;
  try {
    const session = JSON.parse(decodeURIComponent(raw)) as StoredSession;
    return typeof session.access_token === 'string' ? session : undefined;
  } catch {
    return undefined;
  }
}

export function writeSession(session: StoredSession) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(JSON.stringify(session))}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Strict${secure}`;
}

export function clearSession() {
  document.cookie = `${COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
}
