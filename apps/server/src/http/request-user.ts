/**
 * What the auth plugin (plugins/auth.ts) puts on a request, declared here so that routes and
 * plugins both name it without importing each other: the users module makes these values
 * (modules/users/auth-user.ts, tokens.ts) and the plugin only carries them.
 */
export type UserRole = 'user' | 'admin';

export interface AuthUser {
  id: number;
  uuid: string;
  username: string;
  role: UserRole;
}

/** What a token says once its signature and expiry are checked (modules/users/tokens.ts makes them). */
export interface TokenClaims {
  userUuid: string;
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null for a visitor. */
    user: AuthUser | null;
    /** The visitor id header when it is well formed and no user is logged in. */
    visitorId: string | null;
    /**
     * On an `authInHandler` route only: a token whose signature and expiry are good, not yet
     * checked against the account. The handler must pass it to authUserOf (users/auth-user.ts)
     * with the account columns its own statement read, and refuse the request when that says null.
     */
    tokenClaims: TokenClaims | null;
  }
  interface FastifyContextConfig {
    /**
     * The route reads the account together with its own data, in one statement, and checks the
     * token against it itself: the hottest authenticated read (a member's chapter) saves a
     * statement per request. `request.user` stays null until the handler sets it.
     */
    authInHandler?: boolean;
  }
}
