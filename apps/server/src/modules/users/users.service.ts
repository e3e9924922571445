import { randomInt, randomUUID } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  ErrorCode,
  normalizeLanguage,
  PAGE_PATTERNS,
  pagePath,
  type EmailResult,
  type InviteCodeResult,
  type Language,
  type LoginResult,
  type Me,
  type RegisterResult,
  type ResetPasswordResult,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import { takeLoginAttempt } from './login-throttle.js';
import { recordSignIn, type SignInMethod } from './sign-in-events.repository.js';
import { checkCurrentSecrets } from './current-secrets.js';
import { usernameSkeleton } from './username-skeleton.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.js';
import { authUserOf, type AuthUser, type UserRole } from './auth-user.js';
import type { TokenClaims, TokenService } from './tokens.js';
import * as users from './users.repository.js';
import type { TotpCipher } from './totp-crypto.js';
import { invalidTotp, useSecondStep } from './two-step.js';
import { parseMailAddress, requireMailAddress } from '../mail/mail-address.js';
import { queueMail } from '../mail/mail-queue.js';
import { mailRecipientOf } from './mail-recipient.js';
import { changeAddress, emailTaken, isAddressTaken, isEmailKeyClash, sendConfirmation } from './account-email.js';
import { consumeAccountToken, issueAccountToken, PASSWORD_RESET_TTL_MS } from './account-tokens.js';
import { legalAcceptance } from '../legal/legal.service.js';
import { countAccountTokensSince, lockAccountForTokens, voidAccountTokens } from './account-tokens.repository.js';

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
  /** Optional address: stored unconfirmed, and a confirmation link is queued with the account. */
  email?: string | undefined;
  /** The reader's language for messages (the request's Accept-Language). */
  language?: Language | undefined;
  /** The versions of the terms and privacy pages the form showed (issue 43; modules/legal/). */
  terms_version?: number | undefined;
  privacy_version?: number | undefined;
}

/** At most this many reset links per account per hour, whatever was typed to ask for them. */
export const RESET_LINKS_PER_ACCOUNT_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

const languageOf = (stored: string): Language => normalizeLanguage(stored) ?? DEFAULT_LANGUAGE;
const invalidEmailToken = () =>
  new AppError(ErrorCode.INVALID_EMAIL_TOKEN, 400, 'This confirmation link is not valid: it was used, has expired, or was replaced');
const invalidResetToken = () =>
  new AppError(ErrorCode.INVALID_RESET_TOKEN, 400, 'This reset link is not valid: it was used, has expired, or was replaced');

export function createUsersService(deps: {
  db: Db;
  /** A token version moving raises `account-changed`; queued messages raise `mail-queued`. */
  domainEvents: DomainEvents;
  tokens: TokenService;
  totpCipher: TotpCipher;
  now?: () => number;
  /** The site's address: links in messages point at its pages. */
  publicUrl?: string;
  /** Where failures of the work done after an answer (the forgotten-password lookup) are told. */
  log?: { error(fields: object, message: string): void };
  /**
   * Issue 43 (data-rights/deletion): at a successful login, a pending deletion of the account is
   * cancelled ('cancelled'), or the account was erased meanwhile ('erased': the login is refused).
   */
  deletionAtLogin?: (userId: number) => Promise<{ state: 'none' | 'cancelled' | 'erased' }>;
}) {
  const { db, domainEvents, tokens, totpCipher } = deps;
  const publicUrl = deps.publicUrl ?? 'http://localhost:3000';
  // Read when called, not captured: tests that move the clock (vi.setSystemTime) reach the throttle.
  const now = deps.now ?? (() => Date.now());

  /** Public registration: always a plain user. */
  const register = (input: RegisterInput): Promise<RegisterResult> => createAccount(input, 'user', { showedLegalPages: true });

  /** Creates an account with a role; only the admin CLI (and later the admin console) chooses it. */
  async function createAccount(
    input: RegisterInput,
    role: UserRole,
    /** Registration showed the privacy and terms pages; the command line shows none, so records none. */
    options: { showedLegalPages?: boolean } = {},
  ): Promise<RegisterResult> {
    const username = input.username.normalize('NFC');
    const inviteCode = input.invite_code?.trim().toUpperCase() || null;
    let invitedBy: number | null = null;
    if (inviteCode) {
      invitedBy = (await users.findUserIdByInviteCode(db, inviteCode)) ?? null;
      if (invitedBy === null) throw new AppError(ErrorCode.INVALID_INVITE_CODE, 400, 'This invitation code does not exist');
    }
    // Checked before anything is stored: a bad address is a 400 and no account.
    const address = input.email === undefined ? null : requireMailAddress(input.email);
    const language = input.language ?? DEFAULT_LANGUAGE;
    const passwordHash = await hashPassword(input.password);
    // A fresh invite code can clash with an existing one (1 in 10^12); try again rather than fail.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const uuid = randomUUID();
      try {
        // The account, its address and the confirmation message: all or nothing.
        await domainEvents.transact(async (trx) => {
          if (address && (await isAddressTaken(trx, address.key, null))) throw emailTaken();
          // Which privacy and terms pages the reader accepted (a version the form cannot have shown: 400).
          const accepted = options.showedLegalPages ? await legalAcceptance(trx, language, input) : null;
          const at = now();
          const id = await users.insertUserIfNameFree(trx, {
            uuid,
            username,
            username_key: usernameKey(username),
            username_skeleton: usernameSkeleton(username),
            password_hash: passwordHash,
            role,
            invite_code: newInviteCode(),
            invited_by: invitedBy,
            user_type: input.user_type?.trim() || DEFAULT_USER_TYPE,
            created_at: at,
            language,
            email: address?.address ?? null,
            ...(accepted ? { ...accepted, legal_accepted_at: at } : {}),
          });
          if (id === null) throw new AppError(ErrorCode.USERNAME_TAKEN, 409, 'This username is already taken');
          if (address) await sendConfirmation(trx, domainEvents, { id, username }, address.address, language, publicUrl, at);
        });
        return { uuid, username };
      } catch (error) {
        if (error instanceof AppError || attempt === 2 || !String(error).toLowerCase().includes('invite_code')) throw error;
      }
    }
    throw new Error('unreachable');
  }

  /**
   * `totpCode`: the second step (a 6-digit code or a recovery code) of an account with two-step
   * sign-in; `language`: the request's language, remembered as the reader's language for messages.
   */
  async function login(
    username: string,
    password: string,
    ip: string,
    second: { totpCode?: string | undefined; language?: Language | undefined } = {},
  ): Promise<LoginResult> {
    const { totpCode, language } = second;
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
    // An account made through a provider has no password (an empty hash): checked against the
    // dummy, so it costs the same time and fails like a wrong password.
    const isValid = await verifyPassword(user?.password_hash || (await dummyPasswordHash()), password);
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
    return completeSignIn(user, { method: 'password', provider: null, language });
  }

  /**
   * The end of every way to sign in (issue 60: password, passkey, an OpenID provider, WeChat),
   * once the reader proved who they are: a disabled account is refused (told only now, so the
   * answer reveals nothing to someone guessing), a sign-in during a deletion's grace period
   * cancels it and one after the erasure is refused, the request's language is remembered, the
   * sign-in is recorded for the security page, and a token of the current version is issued.
   */
  async function completeSignIn(
    user: UserRow,
    how: { method: SignInMethod; provider: string | null; language?: Language | undefined },
  ): Promise<LoginResult> {
    if (user.disabled_at !== null)
      throw new AppError(ErrorCode.ACCOUNT_DISABLED, 403, 'This account has been disabled; please contact support');
    const deletion = deps.deletionAtLogin ? await deps.deletionAtLogin(user.id) : { state: 'none' as const };
    if (deletion.state === 'erased') throw invalidCredentials();
    if (how.language && how.language !== user.language) await users.setUserLanguage(db, user.id, how.language);
    await recordSignIn(db, user.id, how.method, how.provider, now());
    // The request that started the deletion moved the token version: a token of the current one.
    const tokenVersion =
      deletion.state === 'cancelled'
        ? ((await users.findUserByUuid(db, user.uuid))?.token_version ?? user.token_version)
        : user.token_version;
    const jwt_token = await tokens.issue({ userUuid: user.uuid, tokenVersion });
    return {
      jwt_token,
      uuid: user.uuid,
      username: user.username,
      ...(deletion.state === 'cancelled' ? { deletion_cancelled: true as const } : {}),
    };
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
   * out; checkCurrentSecrets counts it against the failed-login throttle, as a login would.
   */
  async function updatePassword(user: AuthUser, change: { newPassword: string; currentPassword: string; ip: string }): Promise<string> {
    const row = await users.findUserByUuid(db, user.uuid);
    if (!row) throw new AppError(ErrorCode.INVALID_TOKEN, 401, 'Your session has ended; please log in again');
    await checkCurrentSecrets(
      db,
      totpCipher,
      row,
      { usernameKey: usernameKey(row.username), password: change.currentPassword, secondStep: false, ip: change.ip },
      now(),
    );
    const passwordHash = await hashPassword(change.newPassword);
    const tokenVersion = await domainEvents.transact(async (trx) => {
      const version = await users.updatePasswordAndRevokeTokens(trx, row.id, passwordHash);
      // A reset link asked for before the change would undo it: it stops working.
      await voidAccountTokens(trx, row.id, 'password-reset', now());
      await queuePasswordChanged(trx, row.id);
      // The old tokens stop in this process once this commits (cached reader state), in the others within a poll.
      await domainEvents.raise(trx, { type: 'account-changed', userId: row.id });
      return version;
    });
    return tokens.issue({ userUuid: row.uuid, tokenVersion });
  }

  /**
   * Sign out everywhere: the token version moves on, so every token issued so far (other
   * browsers, and any app a reader pasted the token into) is refused from the next request. Only
   * the session is asked for: whoever holds the token could already act as the reader, and this
   * only takes that power away. The caller's browser gets a token of the new version to go on with.
   */
  async function signOutEverywhere(user: AuthUser): Promise<string> {
    const tokenVersion = await users.revokeTokens(db, user.id);
    // The old tokens stop in this process now (cached reader state), in the others within a poll.
    await domainEvents.raise(db, { type: 'account-changed', userId: user.id });
    return tokens.issue({ userUuid: user.uuid, tokenVersion });
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
      email: row?.email ?? null,
      email_confirmed: row?.email != null && row.email_confirmed_at != null,
    };
  }

  /** "Your password was changed", to the confirmed address (none: nothing is sent). */
  async function queuePasswordChanged(trx: DbExecutor, userId: number): Promise<void> {
    const recipient = await mailRecipientOf(trx, userId);
    if (!recipient) return;
    await queueMail(
      trx,
      domainEvents,
      {
        kind: 'password-changed',
        to: recipient.to,
        userId,
        language: recipient.language,
        data: { username: recipient.username, link: `${publicUrl}${PAGE_PATTERNS.forgotPassword}` },
      },
      now(),
    );
  }

  /**
   * `POST /user/email`: sets or changes the address (see account-email.ts changeAddress). A new
   * address needs the current password, and the two-step code when that is on (issue 40): the
   * address is how the account is recovered, so a stolen session alone must not move it. Sending
   * the link again to the same, unconfirmed address moves nothing and needs neither.
   */
  async function setEmail(
    user: AuthUser,
    input: { email: string; currentPassword?: string | undefined; totpCode?: string | undefined; ip: string },
  ): Promise<EmailResult> {
    const address = requireMailAddress(input.email);
    const row = await users.findUserByUuid(db, user.uuid);
    if (!row) throw new AppError(ErrorCode.INVALID_TOKEN, 401, 'Your session has ended; please log in again');
    if (row.email === null || row.email.toLowerCase() !== address.key) {
      await checkCurrentSecrets(
        db,
        totpCipher,
        row,
        {
          usernameKey: usernameKey(row.username),
          password: input.currentPassword,
          totpCode: input.totpCode,
          secondStep: true,
          ip: input.ip,
        },
        now(),
      );
    }
    return domainEvents.transact(async (trx) => {
      const current = await users.findUserByUuid(trx, user.uuid);
      if (!current) throw new AppError(ErrorCode.INVALID_TOKEN, 401, 'Your session has ended; please log in again');
      // The address read again in the transaction: a change that raced this one between the check
      // and here would otherwise let a resend (no password) stand in for a change.
      if (current.email !== row.email) throw new AppError(ErrorCode.CONFLICT, 409, 'The address was changed meanwhile; please try again');
      const change = await changeAddress(trx, domainEvents, current, address, languageOf(current.language), publicUrl, now());
      const confirmed = change === 'unchanged';
      return { email: confirmed ? current.email! : address.address, email_confirmed: confirmed };
    });
  }

  /**
   * `POST /user/email/confirm`: the link's token (no login: it may be opened on another device).
   * The token is used by one conditional UPDATE; it confirms only the address it was sent to, and
   * only while that is still the account's address.
   */
  async function confirmEmail(token: string): Promise<void> {
    try {
      await domainEvents.transact(async (trx) => {
        const at = now();
        const used = await consumeAccountToken(trx, token, 'email-confirm', at);
        if (!used || used.email === null) throw invalidEmailToken();
        const key = used.email.toLowerCase();
        if (await isAddressTaken(trx, key, used.user_id)) throw emailTaken();
        if (!(await users.confirmUserAddress(trx, used.user_id, used.email, key, at))) throw invalidEmailToken();
      });
    } catch (error) {
      // Two accounts confirming one address at the same moment: the unique key lets one through.
      if (isEmailKeyClash(error)) throw emailTaken();
      throw error;
    }
  }

  // The forgotten-password work runs after the answer, one request after another: the answer and
  // its timing are the same whether or not an account matched, and a burst is worked off in order.
  let forgotChain: Promise<void> = Promise.resolve();

  /**
   * `POST /user/password/forgot`: returns at once; the look-up and the message happen afterwards.
   * Only an account with a confirmed address gets a link, and at most RESET_LINKS_PER_ACCOUNT_PER_HOUR.
   */
  function forgotPassword(login: string): void {
    forgotChain = forgotChain
      .then(() => sendResetLink(login))
      .catch((error: unknown) => deps.log?.error({ err: error }, 'password reset request failed'));
  }

  /** Resolves once every forgotten-password request so far has been worked off (tests, shutdown). */
  const forgotIdle = () => forgotChain;

  async function sendResetLink(login: string): Promise<void> {
    const trimmed = login.trim();
    const address = trimmed.includes('@') ? parseMailAddress(trimmed) : null;
    await domainEvents.transact(async (trx) => {
      const row = address ? await users.findUserIdByEmailKey(trx, address.key) : await users.findUserByKey(trx, usernameKey(trimmed));
      if (!row) return;
      const recipient = await mailRecipientOf(trx, row.id);
      if (!recipient) return;
      const at = now();
      // Locked before counting: two nodes asking at once cannot both pass the hourly cap.
      await lockAccountForTokens(trx, row.id);
      if ((await countAccountTokensSince(trx, row.id, 'password-reset', at - HOUR_MS)) >= RESET_LINKS_PER_ACCOUNT_PER_HOUR) return;
      // A newer link voids the older unused ones (issueAccountToken): only the latest message works.
      const token = await issueAccountToken(
        trx,
        { userId: row.id, purpose: 'password-reset', email: null, ttlMs: PASSWORD_RESET_TTL_MS },
        at,
      );
      await queueMail(
        trx,
        domainEvents,
        {
          kind: 'password-reset',
          to: recipient.to,
          userId: row.id,
          language: recipient.language,
          data: { username: recipient.username, link: `${publicUrl}${pagePath.resetPassword(token)}`, minutes: 30 },
          secretFields: ['link'],
        },
        at,
      );
    });
  }

  /**
   * `POST /user/password/reset`: the token is used by one conditional UPDATE (of two requests with
   * one token, one wins); the password is set, every older login token revoked, every other reset
   * link voided and the account told, in one transaction.
   */
  async function resetPassword(token: string, newPassword: string): Promise<ResetPasswordResult> {
    // Hashed first, whatever the token: a wrong token costs the same time as a right one.
    const passwordHash = await hashPassword(newPassword);
    const username = await domainEvents.transact(async (trx) => {
      const at = now();
      const used = await consumeAccountToken(trx, token, 'password-reset', at);
      if (!used) throw invalidResetToken();
      await users.updatePasswordAndRevokeTokens(trx, used.user_id, passwordHash);
      await voidAccountTokens(trx, used.user_id, 'password-reset', at);
      await queuePasswordChanged(trx, used.user_id);
      await domainEvents.raise(trx, { type: 'account-changed', userId: used.user_id });
      return users.findUsernameById(trx, used.user_id);
    });
    return { updated: true, username };
  }

  /**
   * Only the token's signature and expiry, for a route that checks the account in its own
   * statement (plugins/auth.ts, `authInHandler`): the claims are not a user until authUserOf says so.
   */
  const verifyToken = (token: string): Promise<TokenClaims | null> => tokens.verify(token);

  return {
    register,
    createAccount,
    login,
    completeSignIn,
    authenticate,
    verifyToken,
    updatePassword,
    signOutEverywhere,
    inviteCode,
    me,
    setEmail,
    confirmEmail,
    forgotPassword,
    forgotIdle,
    resetPassword,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
