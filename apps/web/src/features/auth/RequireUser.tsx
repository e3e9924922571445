import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { readStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { useAuth } from './AuthContext';

/** Login guard of /profile: without a stored user id, go to /login (spec section 2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { userUuid } = useAuth();
  const location = useLocation();
  // After logging in, the reader comes back to the screen they asked for (the login screen checks
  // the path; built here by hand so the landing page does not load lib/return-path.ts).
  const back = `${location.pathname}${location.search}${location.hash}`;
  if (!userUuid || !readStorage(STORAGE_KEYS.userUuid))
    return <Navigate to={`${PAGE_PATTERNS.login}?return=${encodeURIComponent(back)}`} replace />;
  return children;
}
