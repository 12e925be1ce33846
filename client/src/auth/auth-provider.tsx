import type { User } from "@bahi/shared/contract";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { HttpError, onUnauthorizedRead, requestJson } from "../api/http.ts";
import { queryClient } from "../api/query-client.ts";
import { clearStoredUser, readStoredUser, writeStoredUser } from "../lib/auth-storage.ts";

interface AuthState {
  user: User | null;
  /** True while a stored user's session is being confirmed with the server. */
  isLoading: boolean;
  signIn: (user: User) => void;
  signOut: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * SPEC §4: the stored user is read at start-up and treated as signed in; the server is asked once
 * whether its session cookie is still good, and a 401 on any read signs the browser out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(readStoredUser);
  const [isLoading, setIsLoading] = useState(() => user !== null);

  const signIn = useCallback((next: User) => {
    queryClient.removeQueries();
    writeStoredUser(next);
    setUser(next);
  }, []);

  const signOut = useCallback(() => {
    clearStoredUser();
    setUser(null);
    queryClient.removeQueries();
  }, []);

  useEffect(() => onUnauthorizedRead(signOut), [signOut]);

  useEffect(() => {
    if (!isLoading) return;
    let cancelled = false;
    requestJson<User>("GET", "/api/auth/me")
      .then((fresh) => {
        if (cancelled) return;
        writeStoredUser(fresh);
        setUser(fresh);
      })
      .catch((error: unknown) => {
        // A 401 has already signed us out; other failures (offline, 5xx) keep the stored user.
        if (!(error instanceof HttpError)) console.warn("Could not confirm the session", error);
      })
      .finally(() => {
        if (!cancelled) setIsLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [isLoading]);

  const value = useMemo(() => ({ user, isLoading, signIn, signOut }), [user, isLoading, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used inside <AuthProvider>");
  return state;
}
