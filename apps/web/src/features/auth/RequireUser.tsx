import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { readStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { useAuth } from './AuthContext';

/** Login guard of /profile: without a stored user id, go to /login (spec section 2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { userUuid } = useAuth();
  if (!userUuid || !readStorage(STORAGE_KEYS.userUuid)) return <Navigate to="/login" replace />;
  return children;
}
