import type { EventRaiser } from '../../../db/domain-events.js';
import { mailSignInWayChanged } from '../sign-in-ways-mail.js';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  ErrorCode,
  PASSKEYS_MAX,
  type Language,
  type LoginResult,
  type Passkey,
  type PasswordRemovalRefusal,
  DEFAULT_LANGUAGE,
} from '@inkstream/contracts';
import type { Db } from '../../../db/database.js';
import type { UserRow } from '../../../db/schema.js';
import { AppError } from '../../../lib/app-error.js';
import { toIso } from '../../../lib/time.js';
import type { AuthUser } from '../auth-user.js';
import { checkCurrentSecrets } from '../current-secrets.js';
import { NO_PASSWORD } from '../external-sign-in.service.js';
import { takeLoginAttempt, type LoginAttempt } from '../login-throttle.js';
import type { TotpCipher } from '../totp-crypto.js';
import { findUserByUuid } from '../users.repository.js';
import { usernameKey } from '../users.service.js';
import { defaultPasskeyName } from './passkey-names.js';
import * as repo from './passkeys.repository.js';
import { relyingPartyOf } from './relying-party.js';
import { challengeOf } from './client-data.js';
import { CHALLENGE_TTL_MS, consumeChallenge, issueChallenge, type ChallengePurpose } from './webauthn-challenges.repository.js';

type StoredPasskey = NonNullable<Awaited<ReturnType<typeof repo.findPasskeyByCredentialId>>>;

const passkeyInvalid = () =>
  new AppError(ErrorCode.PASSKEY_INVALID, 401, 'The passkey’s answer could not be verified; try again or sign in with your password');
const challengeExpired = () =>
  new AppError(ErrorCode.PASSKEY_CHALLENGE_EXPIRED, 400, 'This passkey request has expired or was used already; start again');
const notFound = () => new AppError(ErrorCode.PASSKEY_NOT_FOUND, 404, 'You have no passkey with this id');
const REFUSALS: Record<PasswordRemovalRefusal, string> = {
  no_password: 'Your account has no password to remove',
  no_passkey: 'Add a passkey first: without a password, passkeys are how you sign in',
  no_recovery:
    'Confirm an e-mail address or turn on two-step sign-in with recovery codes first, so you can get back in if you lose your passkeys',
};
const removalRefused = (reason: PasswordRemovalRefusal) =>
  new AppError(ErrorCode.PASSWORD_REMOVAL_REFUSED, 409, REFUSALS[reason], [{ field: 'reason', message: reason }]);
const lastWayIn = () =>
  new AppError(
    ErrorCode.PASSKEY_LAST_SIGN_IN_WAY,
    409,
    'This passkey is your only way to sign in (no password and no linked provider): add another passkey or set a password first',
  );

type WaysAccount = Pick<UserRow, 'password_hash' | 'email' | 'email_confirmed_at' | 'totp_enabled_at'>;
type WaysIn = Awaited<ReturnType<typeof repo.countWaysIn>>;

/**
 * The passkey-only rule (docs/ACCOUNTS.md "Passkeys"): an account may become passkey-only only
 * while it has a passkey and a way back: a confirmed e-mail address (a reset link sets a password)
 * or unused recovery codes (two-step sign-in on). Null when the password may go.
 */
export function passwordRemovalRefusal(account: WaysAccount, ways: WaysIn): PasswordRemovalRefusal | null {
  if (account.password_hash === NO_PASSWORD) return 'no_password';
  if (ways.passkeys === 0) return 'no_passkey';
  const confirmedEmail = account.email !== null && account.email_confirmed_at !== null;
  const recoveryCodes = account.totp_enabled_at !== null && ways.recoveryCodes > 0;
  return confirmedEmail || recoveryCodes ? null : 'no_recovery';
}

/** Whether the account keeps a way in: a password, a passkey or a linked provider. */
const hasWayIn = (account: WaysAccount, ways: WaysIn) => account.password_hash !== NO_PASSWORD || ways.passkeys > 0 || ways.links > 0;

const sessionEnded = () => new AppError(ErrorCode.INVALID_TOKEN, 401, 'Your session has ended; please log in again');
const rateLimited = (attempt: LoginAttempt) =>
  new AppError(
    ErrorCode.RATE_LIMITED,
    429,
    'Too many failed sign-ins from your network for this account; try again later',
    undefined,
    attempt.retryAfterSeconds,
  );

/** The library base64url-encodes what it is given: the stored challenge's bytes come back as the stored string. */
const challengeBytes = (challenge: string) => new Uint8Array(Buffer.from(challenge, 'base64url'));
/** The WebAuthn user handle: the account's uuid (no name, no address), the same for every passkey. */
const userHandleOf = (uuid: string) => new TextEncoder().encode(uuid);
const transportsOf = (stored: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? (parsed.filter((t) => typeof t === 'string') as string[]) : [];
  } catch {
    return [];
  }
};

/**
 * Passkeys (issue 60, docs/ACCOUNTS.md "Passkeys"): a signed-in reader registers them, names,
 * renames and removes them; anyone signs in with one. A passkey is both factors at once (the
 * device, and the reader's PIN or biometrics: user verification is required), so no two-step code
 * follows it. Every challenge is stored here and answered once, within 5 minutes.
 */
export function createPasskeysService(deps: {
  db: Db;
  domainEvents: EventRaiser;
  totpCipher: TotpCipher;
  publicUrl: string;
  siteName: () => Promise<string>;
  /** users.completeSignIn: the end of every way to sign in. */
  completeSignIn: (user: UserRow, how: { method: 'passkey'; provider: null; language?: Language | undefined }) => Promise<LoginResult>;
  now?: () => number;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => Date.now());
  const rp = relyingPartyOf(deps.publicUrl);

  const toItem = (row: { id: number; name: string; created_at: number; last_used_at: number | null; backed_up: number }): Passkey => ({
    id: row.id,
    name: row.name,
    created_at: toIso(Number(row.created_at)),
    last_used_at: row.last_used_at === null ? null : toIso(Number(row.last_used_at)),
    backed_up: Number(row.backed_up) === 1,
  });

  async function list(user: AuthUser): Promise<Passkey[]> {
    return (await repo.listPasskeys(db, user.id)).map(toItem);
  }

  async function registrationOptions(user: AuthUser) {
    const existing = await repo.listPasskeys(db, user.id);
    if (existing.length >= PASSKEYS_MAX) throw limitReached();
    const challenge = await issueChallenge(db, 'register', user.id, now());
    return generateRegistrationOptions({
      rpName: await deps.siteName(),
      rpID: rp.rpID,
      userName: user.username,
      userDisplayName: user.username,
      userID: userHandleOf(user.uuid),
      challenge: challengeBytes(challenge),
      timeout: CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
      // Discoverable (the reader picks it without typing a name) and unlocked by PIN or biometrics.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
  }

  async function register(
    user: AuthUser,
    given: { credential: RegistrationResponseJSON; name?: string | undefined; language?: Language | undefined },
  ): Promise<Passkey> {
    const challenge = challengeOf(given.credential.response.clientDataJSON);
    if (challenge === undefined || !(await consumeChallenge(db, challenge, 'register', user.id, now()))) throw challengeExpired();
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: given.credential,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: true,
      });
    } catch {
      throw new AppError(ErrorCode.PASSKEY_INVALID, 400, 'The new passkey could not be verified; try again');
    }
    if (!verified.verified) throw new AppError(ErrorCode.PASSKEY_INVALID, 400, 'The new passkey could not be verified; try again');
    const info = verified.registrationInfo;
    if (await repo.findPasskeyByCredentialId(db, info.credential.id)) throw alreadyRegistered();
    if ((await repo.countPasskeys(db, user.id)) >= PASSKEYS_MAX) throw limitReached();
    const name =
      given.name?.trim() ||
      defaultPasskeyName(given.language ?? DEFAULT_LANGUAGE, {
        backedUp: info.credentialBackedUp,
        attachment: given.credential.authenticatorAttachment,
      });
    const at = now();
    try {
      const id = await repo.insertPasskey(db, {
        user_id: user.id,
        credential_id: info.credential.id,
        public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
        sign_count: info.credential.counter,
        transports: JSON.stringify(info.credential.transports ?? given.credential.response.transports ?? []),
        backed_up: info.credentialBackedUp ? 1 : 0,
        name,
        created_at: at,
        last_used_at: null,
      });
      await mailSignInWayChanged(db, deps.domainEvents, user.id, 'passkey_added', name, at);
      return toItem({ id, name, created_at: at, last_used_at: null, backed_up: info.credentialBackedUp ? 1 : 0 });
    } catch (error) {
      // Registered meanwhile by a request that raced this one (the unique credential id).
      if (await repo.findPasskeyByCredentialId(db, info.credential.id)) throw alreadyRegistered();
      throw error;
    }
  }

  async function rename(user: AuthUser, id: number, name: string): Promise<Passkey> {
    const trimmed = name.trim();
    if (trimmed === '') throw new AppError(ErrorCode.VALIDATION_FAILED, 400, 'A passkey’s name cannot be blank');
    if (!(await repo.renamePasskey(db, user.id, id, trimmed))) throw notFound();
    const row = await repo.findOwnPasskey(db, user.id, id);
    if (!row) throw notFound();
    return toItem(row);
  }

  /** Options to prove one of the reader's own passkeys (removing a passkey without the password). */
  async function confirmOptions(user: AuthUser) {
    const own = await repo.listPasskeys(db, user.id);
    if (own.length === 0) throw notFound();
    const challenge = await issueChallenge(db, 'confirm', user.id, now());
    return generateAuthenticationOptions({
      rpID: rp.rpID,
      challenge: challengeBytes(challenge),
      timeout: CHALLENGE_TTL_MS,
      userVerification: 'required',
      allowCredentials: own.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
    });
  }

  /**
   * Removes a passkey. The session alone is not enough (a stolen token must not strip the owner's
   * passkeys): the current password, checked against the failed-login throttle, or a fresh
   * assertion of one of the reader's passkeys (its challenge from confirmOptions).
   */
  async function remove(
    user: AuthUser,
    id: number,
    given: { password?: string | undefined; assertion?: AuthenticationResponseJSON | undefined; ip: string },
  ): Promise<void> {
    const row = await findUserByUuid(db, user.uuid);
    if (!row) throw sessionEnded();
    const passkey = await repo.findOwnPasskey(db, user.id, id);
    if (!passkey) throw notFound();
    // Refused before any secret is asked for: the last way in stays whatever is given.
    const before = await repo.countWaysIn(db, user.id);
    if (!hasWayIn(row, { ...before, passkeys: before.passkeys - 1 })) throw lastWayIn();
    if (given.assertion !== undefined && given.password === undefined) {
      await provePasskey(given.assertion, { purpose: 'confirm', owner: row, ip: given.ip });
    } else {
      await checkCurrentSecrets(
        db,
        deps.totpCipher,
        row,
        { usernameKey: usernameKey(row.username), password: given.password, secondStep: false, ip: given.ip },
        now(),
      );
    }
    await db.transaction().execute(async (trx) => {
      // Under the account's lock: a password removed or a provider unlinked meanwhile is seen here.
      const account = await repo.lockAccountRow(trx, user.id);
      if (!account) throw sessionEnded();
      if (!(await repo.deletePasskey(trx, user.id, id))) throw notFound();
      if (!hasWayIn(account, await repo.countWaysIn(trx, user.id))) throw lastWayIn();
    });
    await mailSignInWayChanged(db, deps.domainEvents, user.id, 'passkey_removed', passkey.name, now());
  }

  /**
   * "Sign in with passkeys only": removes the account's password (its hash becomes NO_PASSWORD, so
   * every password login fails as a wrong one). Needs the current password and, with two-step
   * sign-in on, its code (checkCurrentSecrets: the failed-login throttle). Refused (409
   * PASSWORD_REMOVAL_REFUSED) unless the passkey-only rule holds, checked again under the account's
   * lock. Sessions stay; a confirmed address or the "Forgot password?" link can set a password again.
   */
  async function removePassword(user: AuthUser, given: { currentPassword: string; totpCode?: string | undefined; ip: string }) {
    const row = await findUserByUuid(db, user.uuid);
    if (!row) throw sessionEnded();
    const refusal = passwordRemovalRefusal(row, await repo.countWaysIn(db, user.id));
    if (refusal !== null) throw removalRefused(refusal);
    await checkCurrentSecrets(
      db,
      deps.totpCipher,
      row,
      { usernameKey: usernameKey(row.username), password: given.currentPassword, totpCode: given.totpCode, secondStep: true, ip: given.ip },
      now(),
    );
    await db.transaction().execute(async (trx) => {
      const account = await repo.lockAccountRow(trx, user.id);
      // An account erased or disabled since the request authenticated changes no more.
      if (!account || account.erased_at !== null || account.disabled_at !== null) throw sessionEnded();
      // The password checked must still be the account's (not changed meanwhile).
      if (account.password_hash === NO_PASSWORD) throw removalRefused('no_password');
      if (account.password_hash !== row.password_hash)
        throw new AppError(ErrorCode.WRONG_PASSWORD, 403, 'The current password is not correct');
      const again = passwordRemovalRefusal(account, await repo.countWaysIn(trx, user.id));
      if (again !== null) throw removalRefused(again);
      await repo.setPasswordHash(trx, user.id, NO_PASSWORD);
    });
    // After the commit (a plain transaction carries no domain events): the reader is told.
    await mailSignInWayChanged(db, deps.domainEvents, user.id, 'password_removed', '', now());
  }

  /** Whether the account has a password (the profile offers "passkeys only" while it has one). */
  async function passwordState(user: AuthUser): Promise<{ has_password: boolean }> {
    const row = await findUserByUuid(db, user.uuid);
    if (!row) throw sessionEnded();
    return { has_password: row.password_hash !== NO_PASSWORD };
  }

  async function authenticationOptions() {
    const challenge = await issueChallenge(db, 'authenticate', null, now());
    // Discoverable: no allowCredentials, the authenticator offers the passkeys it holds for this site.
    return generateAuthenticationOptions({
      rpID: rp.rpID,
      challenge: challengeBytes(challenge),
      timeout: CHALLENGE_TTL_MS,
      userVerification: 'required',
    });
  }

  /** Signs in with a passkey: answers what POST /user/login answers. */
  async function signIn(
    credential: AuthenticationResponseJSON,
    given: { ip: string; language?: Language | undefined },
  ): Promise<LoginResult> {
    const passkey = await repo.findPasskeyByCredentialId(db, credential.id);
    const owner = passkey ? await repo.findUserById(db, passkey.user_id) : undefined;
    await provePasskey(credential, { purpose: 'authenticate', owner, passkey, ip: given.ip });
    return deps.completeSignIn(owner as UserRow, { method: 'passkey', provider: null, language: given.language });
  }

  /**
   * Checks an assertion: within the failed-login throttle of the account it names (an unknown
   * passkey counts against itself), its challenge consumed once, then signature, origin, RP ID,
   * user verification and the counter (a counter that does not move forward means a cloned
   * authenticator: refused) by the WebAuthn library; the use is recorded. Throws on any refusal.
   */
  async function provePasskey(
    credential: AuthenticationResponseJSON,
    expected: { purpose: ChallengePurpose; owner: UserRow | undefined; passkey?: StoredPasskey | undefined; ip: string },
  ): Promise<void> {
    const passkey = expected.passkey ?? (await repo.findPasskeyByCredentialId(db, credential.id));
    const { owner } = expected;
    const subject = owner ? usernameKey(owner.username) : `passkey:${credential.id}`;
    const attempt = await takeLoginAttempt(db, { usernameKey: subject, ip: expected.ip }, now());
    if (attempt.retryAfterSeconds > 0) throw rateLimited(attempt);
    const challenge = challengeOf(credential.response.clientDataJSON);
    const challengeOwner = expected.purpose === 'confirm' ? (owner?.id ?? null) : null;
    // An expired or replayed challenge settles nothing: it proves nothing either way.
    if (challenge === undefined || !(await consumeChallenge(db, challenge, expected.purpose, challengeOwner, now())))
      throw challengeExpired();
    if (!passkey || !owner || passkey.user_id !== owner.id) {
      await attempt.settle(false);
      if (expected.purpose === 'confirm') throw passkeyInvalid();
      throw new AppError(ErrorCode.PASSKEY_NOT_RECOGNIZED, 401, 'This passkey is not registered here; it may have been removed');
    }
    const handle = credential.response.userHandle;
    if (handle !== undefined && handle !== Buffer.from(userHandleOf(owner.uuid)).toString('base64url')) {
      await attempt.settle(false);
      throw passkeyInvalid();
    }
    const storedCount = Number(passkey.sign_count);
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: storedCount,
          transports: transportsOf(passkey.transports),
        },
      });
    } catch {
      verified = undefined;
    }
    const info = verified?.verified ? verified.authenticationInfo : undefined;
    // Compare-and-swap on the counter: of two answers with the same counter, one passes.
    if (
      !info ||
      !(await repo.recordPasskeyUse(db, passkey.id, {
        storedCount,
        newCount: info.newCounter,
        backedUp: info.credentialBackedUp,
        at: now(),
      }))
    ) {
      await attempt.settle(false);
      throw passkeyInvalid();
    }
    await attempt.settle(true);
  }

  return {
    list,
    registrationOptions,
    register,
    rename,
    confirmOptions,
    remove,
    removePassword,
    passwordState,
    authenticationOptions,
    signIn,
  };
}

const limitReached = () =>
  new AppError(ErrorCode.PASSKEY_LIMIT, 409, `You have ${PASSKEYS_MAX} passkeys, the most an account may have; remove one first`);
const alreadyRegistered = () => new AppError(ErrorCode.PASSKEY_ALREADY_REGISTERED, 409, 'This passkey is registered already');

export type PasskeysService = ReturnType<typeof createPasskeysService>;
