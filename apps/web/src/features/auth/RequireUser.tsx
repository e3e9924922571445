import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { currentPath, withReturn } from '../../lib/return-path';
import { readStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { useAuth } from './AuthContext';

/** Login guard of /profile: without a stored user id, go to /login (spec section 2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { userUuid } = useAuth();
  const location = useLocation();
  // After logging in, the reader comes back to the screen they asked for.
  if (!userUuid || !readStorage(STORAGE_KEYS.userUuid)) return <Navigate to={withReturn('/login', currentPath(location))} replace />;
  return children;
}
