import type { UserRole } from '@grain/shared';
import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ForbiddenNotice } from '../components/forbidden-notice';
import { pl } from '../i18n/pl';
import { useSession } from './session';

export function FullPageLoader() {
  return (
    <Center h="100vh">
      <Loader aria-label={pl.common.loading} />
    </Center>
  );
}

/** At startup the session is fetched first and a loader shows until then (spec/1 section 2). */
export function SessionGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === 'ready' ? children : <FullPageLoader />;
}

/** Guests on protected routes go to login. */
export function RequireAuth() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** A wrong role sees the forbidden notice in place of the screen, inside the app, with 'Wróć' to the last screen. */
export function RequireRole({ requiredRole }: { requiredRole: UserRole }) {
  const { user } = useSession();
  if (user?.role !== requiredRole) return <ForbiddenNotice />;
  return <Outlet />;
}

/** A signed-in user on /login goes to the positions page. */
export function GuestOnly() {
  const { user } = useSession();
  if (user) return <Navigate to="/positions" replace />;
  return <Outlet />;
}
