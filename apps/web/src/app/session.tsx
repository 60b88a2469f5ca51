import type { Me, TokensResponse } from '@grain/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { apiRequest, connectClient } from '../api/client';
import { tokens } from '../api/tokens';
import { queryClient } from './query-client';

/** spec/1 section 4 Session: none until `me` succeeds; loading state init, loading, ready. */
export type SessionStatus = 'init' | 'loading' | 'ready';

interface SessionValue {
  status: SessionStatus;
  user: Me | null;
  login: (email: string, password: string) => Promise<void>;
  logout: () => Promise<void>;
  reloadUser: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The signed-in user's id, or null (also outside the provider, as in component tests). */
export function useSessionUserId(): number | null {
  return useContext(SessionContext)?.user?.id ?? null;
}

export function SessionProvider({
  children,
  navigate,
}: {
  children: ReactNode;
  navigate: (path: string, options?: { replace?: boolean }) => void;
}) {
  const [status, setStatus] = useState<SessionStatus>('init');
  const [user, setUser] = useState<Me | null>(null);

  const clear = useCallback(() => {
    setUser(null);
    queryClient.clear();
  }, []);

  useEffect(() => connectClient({ navigate, onSignedOut: clear }), [navigate, clear]);

  const reloadUser = useCallback(async () => {
    setUser(await apiRequest<Me>('/auth/me', { silent: true }));
  }, []);

  useEffect(() => {
    if (!tokens.access()) {
      setStatus('ready');
      return;
    }
    setStatus('loading');
    reloadUser()
      // A 401 has already signed out through the client; anything else (an aborted call) keeps the tokens.
      .catch(() => undefined)
      .finally(() => setStatus('ready'));
  }, [reloadUser]);

  const login = useCallback(
    async (email: string, password: string) => {
      const answer = await apiRequest<TokensResponse>('/auth/login', {
        method: 'POST',
        body: { email, password },
        silent: true,
      });
      tokens.store(answer.token, answer.refreshToken);
      await reloadUser();
    },
    [reloadUser],
  );

  const logout = useCallback(async () => {
    await apiRequest('/auth/logout', { method: 'DELETE', silent: true }).catch(() => undefined);
    tokens.clear();
    clear();
    navigate('/login');
  }, [clear, navigate]);

  const value = useMemo(() => ({ status, user, login, logout, reloadUser }), [status, user, login, logout, reloadUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
