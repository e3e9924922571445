/**
 * What another screen hands the login screen (router state): the name just registered, or why the
 * reader was sent to log in (said there, so being moved to /login is never unexplained).
 */
export interface LoginLocationState {
  registered?: string;
  /** The address a confirmation link was just sent to at registration. */
  registeredEmail?: string;
  reason?: 'like';
}
