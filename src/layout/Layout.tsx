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
import { MuiTexts } from './MuiTexts';
import { ServerMenu } from './ServerMenu';
import { useRememberMenu } from './useRememberMenu';

/** The shell of every login route; an unknown path goes to /404 and a signed-out visitor to login first. */
export function Layout({ children }: LayoutProps) {
  const location = useLocation();
  if (!findRoute(location.pathname)) return <Navigate to="/404" replace />;
  if (!readSession()) return <Navigate to={loginRedirect(location.pathname + location.search)} replace />;
  return <SignedInLayout>{children}</SignedInLayout>;
}

/**
 * react-admin's layout grows to fit its widest content (min-width: fit-content), which pushed wide
 * tables off the screen; with these a wide table scrolls inside its own container instead.
 */
const WIDE_CONTENT_SCROLLS = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
};

function SignedInLayout({ children }: LayoutProps) {
  useRememberMenu();
  return (
    <MuiTexts>
      <RaLayout appBar={AppBar} menu={ServerMenu} sx={WIDE_CONTENT_SCROLLS}>
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)', minWidth: 0 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <RouteGuard>
              <Suspense fallback={<ScreenLoader />}>{children}</Suspense>
            </RouteGuard>
          </Box>
          <Footer />
        </Box>
      </RaLayout>
    </MuiTexts>
  );
}
