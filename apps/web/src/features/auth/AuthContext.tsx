import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, ApiError, LOGOUT_EVENT, SESSION_EXPIRED_EVENT } from '../../lib/api-client';
import { useRenderContext } from '../../lib/render-context';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { mergeVisitorProgress, storeSignedInSession } from './merge-progress';

/** Auth context of spec section 3: userUuid, username, login, logout, register, error. */
export interface AuthState {
  userUuid: string | null;
  username: string | null;
  error: string | null;
  /** `totpCode`: the second step, after a first try answered TOTP_REQUIRED (errorCode). */
  login(username: string, password: string, totpCode?: string): Promise<boolean>;
  /** The API's code of the last failed login or registration (TOTP_REQUIRED, INVALID_TOTP, …), or null. */
  errorCode: string | null;
  logout(): void;
  register(payload: {
    username: string;
    password: string;
    invite_code?: string | undefined;
    email?: string | undefined;
    /** Ext (issue 43): the versions of the terms and privacy pages the form showed. */
    terms_version?: number | undefined;
    privacy_version?: number | undefined;
  }): Promise<boolean>;
  setError(error: string | null): void;
}

const AuthContext = createContext<AuthState | null>(null);

/** The product name sent as user_type on registration (spec section 3). */
export const USER_TYPE = 'inkstream';

export function AuthProvider({ children }: { children: ReactNode }) {
  // Taking over a server-rendered page (a visitor's page), the first render is a visitor's too;
  // the session in storage is shown right after, by the effect below. The render's context says so
  // once, at the start: screens read browser-only values with useBrowserValue instead, which knows
  // when their own part of the page is hydrated (lazy screens are hydrated later).
  const { isHydrating } = useRenderContext();
  const [userUuid, setUserUuid] = useState(() => (isHydrating ? null : readStorage(STORAGE_KEYS.userUuid)));
  const [username, setUsername] = useState(() => (isHydrating ? null : readStorage(STORAGE_KEYS.username)));
  const [error, setErrorText] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const setError = useCallback((message: string | null, code: string | null = null) => {
    setErrorText(message);
    setErrorCode(code);
  }, []);

  useEffect(() => {
    setUserUuid(readStorage(STORAGE_KEYS.userUuid));
    setUsername(readStorage(STORAGE_KEYS.username));
    // The API client forgot a revoked session: show the visitor state.
    const onExpired = () => {
      setUserUuid(null);
      setUsername(null);
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    // A merge cut short at the last login finishes now.
    void mergeVisitorProgress(null);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, []);

  const login = useCallback(
    async (name: string, password: string, totpCode?: string) => {
      try {
        const result = await api.login(name, password, totpCode);
        await storeSignedInSession(result);
        setUserUuid(result.uuid);
        setUsername(result.username);
        setError(null);
        return true;
      } catch (caught) {
        // Spec section 8: the server's error field when present, else 'Login failed'.
        const known = caught instanceof ApiError && caught.code !== 'NETWORK_ERROR';
        setError(known ? caught.message : 'Login failed', known ? caught.code : null);
        return false;
      }
    },
    [setError],
  );

  const register = useCallback(
    async (payload: { username: string; password: string; invite_code?: string | undefined; email?: string | undefined }) => {
      try {
        await api.register({ ...payload, invite_code: payload.invite_code || null, user_type: USER_TYPE });
        setError(null);
        return true;
      } catch (caught) {
        setError(caught instanceof ApiError && caught.code !== 'NETWORK_ERROR' ? caught.message : 'Registration failed');
        return false;
      }
    },
    [setError],
  );

  const logout = useCallback(() => {
    // Spec section 4: logout clears local storage. The chosen language is kept: forgetting it
    // would switch a reader's interface language as a side effect of logging out.
    const language = readStorage(STORAGE_KEYS.language);
    // Told first, while the storage still says what this browser holds (issue 47: saved paid chapters go).
    window.dispatchEvent(new Event(LOGOUT_EVENT));
    try {
      window.localStorage.clear();
    } catch {
      // storage unavailable: nothing to clear
    }
    if (language) writeStorage(STORAGE_KEYS.language, language);
    setUserUuid(null);
    setUsername(null);
    setError(null);
  }, [setError]);

  const value = useMemo(
    () => ({ userUuid, username, error, errorCode, login, logout, register, setError }),
    [userUuid, username, error, errorCode, login, logout, register, setError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}
