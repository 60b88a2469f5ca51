import { useCallback } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { SessionGate } from './guards';
import { SessionProvider } from './session';

/** Inside the router so the session and the HTTP client can navigate. */
export function RootLayout() {
  const routerNavigate = useNavigate();
  const navigate = useCallback(
    (path: string, options?: { replace?: boolean }) => void routerNavigate(path, options),
    [routerNavigate],
  );
  return (
    <SessionProvider navigate={navigate}>
      <SessionGate>
        <Outlet />
      </SessionGate>
    </SessionProvider>
  );
}
