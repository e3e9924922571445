import { randomInt, randomUUID } from 'node:crypto';
import { ErrorCode, type InviteCodeResult, type LoginResult, type Me, type RegisterResult } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import { takeLoginAttempt } from './login-throttle.js';
import { usernameSkeleton } from './username-skeleton.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.js';
import { authUserOf, type AuthUser, type UserRole } from './auth-user.js';
import type { TokenClaims, TokenService } from './tokens.js';
import * as users from './users.repository.js';
import type { TotpCipher } from './totp-crypto.js';
import { invalidTotp, useSecondStep } from './two-step.js';
import { readerStateChanged } from '../reader/reader-change-feed.js';

export type { AuthUser, UserRole } from './auth-user.js';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DEFAULT_USER_TYPE = 'inkstream';

/** Case-insensitive identity of a user name: NFC-normalised and lower-cased. */
export const usernameKey = (username: string) => username.normalize('NFC').toLowerCase();

const newInviteCode = () => Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

const invalidCredentials = () => new AppError(ErrorCode.INVALID_CREDENTIALS, 401, 'Invalid username or password');

/** What a visitor may choose when registering: never a role. */
export interface RegisterInput {
  username: string;
  password: string;
  invite_code?: string | null | undefined;
  user_type?: string | undefined;
}

export function createUsersService(deps: { db: Db; tokens: TokenService; totpCipher: TotpCipher; now?: () => number }) {
  const { db, tokens, totpCipher } = deps;
  // Read when called, not captured: tests that move the clock (vi.setSystemTime) reach the throttle.
  const now = deps.now ?? (() => Date.now());

  /** Public registration: always a plain user. */
  const register = (input: RegisterInput): Promise<RegisterResult> => createAccount(input, 'user');

  /** Creates an account with a role; only the admin CLI (and later the admin console) chooses it. */
  async function createAccount(input: RegisterInput, role: UserRole): Promise<RegisterResult> {
    const username = input.username.normalize('NFC');
    const inviteCode = input.invite_code?.trim().toUpperCase() || null;
    let invitedBy: number | null = null;
    if (inviteCode) {
      invitedBy = (await users.findUserIdByInviteCode(db, inviteCode)) ?? null;
      if (invitedBy === null) throw new AppError(ErrorCode.INVALID_INVITE_CODE, 400, 'This invitation code does not exist');
    }
    const passwordHash = await hashPassword(input.password);
    // A fresh invite code can clash with an existing one (1 in 10^12); try again rather than fail.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const uuid = randomUUID();
      try {
        const id = await users.insertUserIfNameFree(db, {
          uuid,
          username,
          username_key: usernameKey(username),
          username_skeleton: usernameSkeleton(username),
          password_hash: passwordHash,
          role,
          invite_code: newInviteCode(),
          invited_by: invitedBy,
          user_type: input.user_type?.trim() || DEFAULT_USER_TYPE,
          created_at: now(),
        });
        if (id === null) throw new AppError(ErrorCode.USERNAME_TAKEN, 409, 'This username is already taken');
        return { uuid, username };
      } catch (error) {
        if (error instanceof AppError || attempt === 2 || !String(error).toLowerCase().includes('invite_code')) throw error;
      }
    }
    throw new Error('unreachable');
  }

  /** `totpCode`: the second step (a 6-digit code or a recovery code) of an account with two-step sign-in. */
  async function login(username: string, password: string, ip: string, totpCode?: string): Promise<LoginResult> {
    const key = usernameKey(username);
    const attempt = await takeLoginAttempt(db, { usernameKey: key, ip }, now());
    if (attempt.retryAfterSeconds > 0) {
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        429,
        'Too many failed logins from your network for this account; try again later',
        undefined,
        attempt.retryAfterSeconds,
      );
    }
    const user = await users.findUserByKey(db, key);
    const isValid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
    if (!user || !isValid) {
      await attempt.settle(false);
      throw invalidCredentials();
    }
    if (user.totp_enabled_at !== null) {
      // Only told after the right password. Asking for the code settles nothing: the attempt stays
      // counted for this source until a full success, so "password alone" requests can never clear
      // the failures of wrong codes (which count like wrong passwords).
      if (totpCode === undefined)
        throw new AppError(ErrorCode.TOTP_REQUIRED, 401, 'Enter the code of your authenticator app (two-step sign-in)');
      const accepted = await useSecondStep(db, totpCipher, user, totpCode, now());
      await attempt.settle(accepted);
      if (!accepted) throw invalidTotp();
    } else {
      await attempt.settle(true);
    }
    // Only told after the right password, so the answer reveals nothing to someone guessing.
    if (user.disabled_at !== null)
      throw new AppError(ErrorCode.ACCOUNT_DISABLED, 403, 'This account has been disabled; please contact support');
    const jwt_token = await tokens.issue({ userUuid: user.uuid, tokenVersion: user.token_version });
    return { jwt_token, uuid: user.uuid, username: user.username };
  }

  /** The user behind a token, or null when the token is forged, expired or revoked. */
  async function authenticate(token: string): Promise<AuthUser | null> {
    const claims = await tokens.verify(token);
    if (!claims) return null;
    // The one statement authentication costs: nothing is cached across requests, so a disabled
    // account, a changed password (token version) or a deleted user is refused at the next request.
    return authUserOf(claims, await users.findAuthUserByUuid(db, claims.userUuid));
  }

  /**
   * The current password is asked for (OWASP ASVS 2.1.6), so a stolen token cannot lock the owner
   * out. Its check counts against the failed-login throttle of this account and address, as a login
   * would: guesses here and at /user/login share one budget, so this route is no way around it.
   */
  async function updatePassword(user: AuthUser, change: { newPassword: string; currentPassword: string; ip: string }): Promise<string> {
    const row = await users.findUserByUuid(db, user.uuid);
    if (!row) throw new AppError(ErrorCode.INVALID_TOKEN, 401, 'Your session has ended; please log in again');
    const attempt = await takeLoginAttempt(db, { usernameKey: usernameKey(row.username), ip: change.ip }, now());
    if (attempt.retryAfterSeconds > 0) {
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        429,
        'Too many wrong passwords from your network for this account; try again later',
        undefined,
        attempt.retryAfterSeconds,
      );
    }
    const isValid = await verifyPassword(row.password_hash, change.currentPassword);
    await attempt.settle(isValid);
    if (!isValid) throw new AppError(ErrorCode.WRONG_PASSWORD, 403, 'The current password is not correct');
    const tokenVersion = await users.updatePasswordAndRevokeTokens(db, row.id, await hashPassword(change.newPassword));
    // The old tokens stop in this process now (cached reader state), in the others within a poll.
    await readerStateChanged();
    return tokens.issue({ userUuid: row.uuid, tokenVersion });
  }

  async function inviteCode(user: AuthUser): Promise<InviteCodeResult> {
    const row = await users.findUserByUuid(db, user.uuid);
    return { invite_code: row?.invite_code ?? '', invited_count: await users.countInvitedUsers(db, user.id) };
  }

  async function me(user: AuthUser): Promise<Me> {
    const row = await users.findUserByUuid(db, user.uuid);
    return {
      uuid: user.uuid,
      username: user.username,
      role: user.role,
      created_at: toIso(row?.created_at ?? 0),
      totp_enabled: row !== undefined && row.totp_enabled_at !== null,
    };
  }

  /**
   * Only the token's signature and expiry, for a route that checks the account in its own
   * statement (plugins/auth.ts, `authInHandler`): the claims are not a user until authUserOf says so.
   */
  const verifyToken = (token: string): Promise<TokenClaims | null> => tokens.verify(token);

  return { register, createAccount, login, authenticate, verifyToken, updatePassword, inviteCode, me };
}

export type UsersService = ReturnType<typeof createUsersService>;
