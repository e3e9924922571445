// The auth feature's public face: the session (context and hook) and the login guard. Other features import only this file.
export { AuthProvider, USER_TYPE, useAuth, type AuthState } from './AuthContext';
export { RequireUser } from './RequireUser';
export { mergeVisitorProgress, storeSignedInSession } from './merge-progress';
