import { Box } from '@mui/material';
import { Layout as RaLayout, type LayoutProps } from 'react-admin';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginRedirect } from '../auth/authProvider';
import { readSession } from '../auth/session';
import { findRoute } from '../routing/routeTable';
import { ScreenLoader } from '../components/ScreenLoader';
import { RouteGuard } from '../routing/RouteGuard';
import { AppBar } from './AppBar';
import { Footer } from './Footer';
import { ServerMenu } from './ServerMenu';
import { useRememberMenu } from './useRememberMenu';

/** The shell of every login route; an unknown path goes to /404 and a signed-out visitor to login first. */
export function Layout({ children }: LayoutProps) {
  const location = useLocation();
  if (!findRoute(location.pathname)) return <Navigate to="/404" replace />;
  if (!readSession()) return <Navigate to={loginRedirect(location.pathname + location.search)} replace />;
  return <SignedInLayout>{children}</SignedInLayout>;
}

function SignedInLayout({ children }: LayoutProps) {
  useRememberMenu();
  return (
    <RaLayout appBar={AppBar} menu={ServerMenu}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)' }}>
        <Box sx={{ flex: 1 }}>
          <RouteGuard>
            <Suspense fallback={<ScreenLoader />}>{children}</Suspense>
          </RouteGuard>
        </Box>
        <Footer />
      </Box>
    </RaLayout>
  );
}
