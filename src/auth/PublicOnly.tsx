import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { readSession } from './session';

/** Public auth pages (login, register, …): a signed-in user is sent to the main menu. */
export function PublicOnly({ children }: { children: ReactNode }) {
  return readSession() ? <Navigate to="/" replace /> : <>{children}</>;
}
