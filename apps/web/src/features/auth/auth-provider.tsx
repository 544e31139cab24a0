import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isDatabaseUnavailableError } from '../../lib/api-client';
import {
  getSession,
  type Session,
  signInWithPassword,
  signOutRequest,
  signUpWithPassword,
} from './api/auth-api';
import { emitAuthEvent } from './auth-events';
import { clearLocalState } from './clear-local-state';

type AuthContextValue = {
  status: 'loading' | 'signed-in' | 'signed-out';
  session: Session | null;
  signIn(input: { email: string; password: string }): Promise<void>;
  /** Resolves to whether the user is now signed in (false when email confirmation is required). */
  signUp(input: { email: string; password: string }): Promise<{ isSignedIn: boolean }>;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);
const REFRESH_EVERY_MS = 5 * 60_000;
/** How soon the first session read is tried again when the database was away and said no Retry-After. */
const SESSION_RETRY_SECONDS = 5;

/**
 * Holds the session for the app and raises the session events of spec §4. The session is re-checked every
 * few minutes and when the tab becomes visible; a refresh that finds no session clears local state.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [status, setStatus] = useState<AuthContextValue['status']>('loading');
  const sessionRef = useRef<Session | null>(null);

  const apply = useCallback((next: Session | null) => {
    sessionRef.current = next;
    setSession(next);
    setStatus(next ? 'signed-in' : 'signed-out');
  }, []);

  const refresh = useCallback(async () => {
    const previous = sessionRef.current;
    const next = await getSession().catch(() => previous);
    if (!next && previous) {
      clearLocalState(queryClient);
      apply(null);
      emitAuthEvent('SIGNED_OUT');
      return;
    }
    apply(next);
    if (next && previous && next.session.expiresAt !== previous.session.expiresAt)
      emitAuthEvent('TOKEN_REFRESHED');
  }, [apply, queryClient]);

  useEffect(() => {
    let isCancelled = false;
    let retry: number | undefined;
    // While the server's database is away the session cannot be read: the app waits (Reconnecting…) and asks
    // again after the server's Retry-After, rather than showing a signed-in user the sign-in page.
    const loadInitial = () =>
      void getSession()
        .catch((error: unknown) => {
          if (!isDatabaseUnavailableError(error)) return null;
          if (!isCancelled)
            retry = window.setTimeout(loadInitial, (error.retryAfterSeconds ?? SESSION_RETRY_SECONDS) * 1000);
          return undefined;
        })
        .then((initial) => {
          if (isCancelled || initial === undefined) return;
          apply(initial);
          emitAuthEvent('INITIAL_SESSION');
        });
    loadInitial();
    const interval = window.setInterval(() => void refresh(), REFRESH_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && sessionRef.current) void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      isCancelled = true;
      window.clearTimeout(retry);
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [apply, refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      session,
      refresh,
      async signIn(input) {
        await signInWithPassword(input);
        apply(await getSession());
        emitAuthEvent('SIGNED_IN');
      },
      async signUp(input) {
        const result = await signUpWithPassword(input);
        if (!result.token || !result.user.emailVerified) {
          const current = await getSession().catch(() => null);
          if (!current) return { isSignedIn: false };
        }
        apply(await getSession());
        emitAuthEvent('SIGNED_IN');
        return { isSignedIn: true };
      },
      async signOut() {
        try {
          await signOutRequest();
        } finally {
          clearLocalState(queryClient);
          apply(null);
          emitAuthEvent('SIGNED_OUT');
        }
      },
    }),
    [status, session, refresh, apply, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}
