import { useEffect, useState, type ReactNode } from 'react';
import { useAuthProvider, useTranslate } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { ApiFailure } from '../../dataProvider/http';
import { loginRedirect } from '../auth/authProvider';
import { clearSession } from '../auth/session';
import { LoadFailed } from '../components/LoadFailed';
import { ScreenLoader } from '../components/ScreenLoader';
import { useNotifyError } from '../components/ErrorToast';
import { findRoute } from './routeTable';

type Decision = { key: string; attempt: number; outcome: 'allowed' | 'forbidden' | 'signed-out' | 'unknown' | 'failed'; error?: unknown };

/**
 * Every navigation to a login route asks the server (`authProvider.canAccess` ->
 * `/user/validate?menuId&parentId`): allowed -> the screen; forbidden -> /forbidden;
 * anything else -> login, remembering the full path. Also resets the scroll on each navigation.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const authProvider = useAuthProvider();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const fullPath = location.pathname + location.search;
  const [decision, setDecision] = useState<Decision>();
  // a retry after the server did not answer asks again for the same location
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    window.scrollTo(0, 0);
    const route = findRoute(location.pathname);
    if (!route) {
      setDecision({ key: location.key, attempt, outcome: 'unknown' });
      return;
    }
    let current = true;
    authProvider!.canAccess!({ resource: location.pathname, action: 'access' })
      .then((allowed) => current && setDecision({ key: location.key, attempt, outcome: allowed ? 'allowed' : 'forbidden' }))
      .catch((err) => {
        if (!current) return;
        if (err instanceof ApiFailure && err.status === 401) {
          clearSession();
          setDecision({ key: location.key, attempt, outcome: 'signed-out' });
        } else {
          notifyError(err, 'AUTH#001');
          setDecision({ key: location.key, attempt, outcome: 'failed', error: err });
        }
      });
    return () => {
      current = false;
    };
  }, [location.key, location.pathname, authProvider, notifyError, attempt]);

  if (!decision || decision.key !== location.key || decision.attempt !== attempt) return <ScreenLoader />;
  switch (decision.outcome) {
    case 'allowed':
      return <>{children}</>;
    case 'forbidden':
      return <Navigate to="/forbidden" replace />;
    case 'signed-out':
      return <Navigate to={loginRedirect(fullPath)} replace />;
    case 'unknown':
      return <Navigate to="/404" replace />;
    case 'failed':
      // say what happened (the server did not answer the access check), not a timeout that did not happen
      return <LoadFailed error={translate('app.server_unreachable')} screenCode="AUTH#001" onRetry={() => setAttempt((n) => n + 1)} />;
  }
}
