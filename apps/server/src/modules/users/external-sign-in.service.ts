import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  ErrorCode,
  type ExternalOutcome,
  type Language,
  type LinkedIdentity,
  type LoginResult,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import { legalAcceptance } from '../legal/legal.service.js';
import { parseMailAddress } from '../mail/mail-address.js';
import { checkCurrentSecrets } from './current-secrets.js';
import { isProviderFailure, proposeUsername, type ExternalIdentity, type ExternalProvider } from './external-sign-in.js';
import * as repo from './linked-identities.repository.js';
import { takeLoginAttempt } from './login-throttle.js';
import type { TotpCipher } from './totp-crypto.js';
import { invalidTotp, useSecondStep } from './two-step.js';
import { findUserByKey, insertUserIfNameFree } from './users.repository.js';
import { usernameKey, type AuthUser, type UsersService } from './users.service.js';
import { mailSignInWayChanged } from './sign-in-ways-mail.js';
import { usernameSkeleton } from './username-skeleton.js';

/** How long a sign-in with a provider may take, from the start to the last step on our pages. */
export const FLOW_TTL_MS = 10 * 60_000;
/** Flows older than this are deleted when a new one starts (they are of no use after FLOW_TTL_MS). */
const FLOW_KEPT_MS = 86_400_000;

/** The password hash of an account made through a provider: no password matches it (verifyPassword fails). */
export const NO_PASSWORD = '';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');
const newInviteCode = () => Array.from({ length: 8 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[randomInt(32)]).join('');

const refusal = (code: (typeof ErrorCode)[keyof typeof ErrorCode], message: string, status = 400) => new AppError(code, status, message);
const stateMismatch = () =>
  refusal(ErrorCode.EXTERNAL_STATE_MISMATCH, 'This answer does not belong to a sign-in started in this browser; please start again');
const flowExpired = () => refusal(ErrorCode.EXTERNAL_FLOW_EXPIRED, 'This sign-in took more than 10 minutes; please start again');
const resultInvalid = () =>
  refusal(
    ErrorCode.EXTERNAL_RESULT_INVALID,
    'This sign-in was finished, has expired, or was started in another browser; please start again',
  );

/** The outcome of a finished flow: what the web page does next. */
type Outcome = NonNullable<ExternalOutcome['status']>;

/**
 * Issue 60: signing in with an outside provider, and the rules that link a provider account to a
 * reader (docs/ACCOUNTS.md "Ways to sign in"). The rules, in short: a link is made on the
 * provider's subject only; an address never links by itself: a verified one that belongs to an
 * account is linked only once the reader proves that account (its password, or "link" while
 * signed in), and an unverified one that belongs to an account neither links nor signs in. Every
 * sign-in ends in users.completeSignIn, and an account with two-step sign-in still asks its code.
 */
export function createExternalSignInService(deps: {
  db: Db;
  domainEvents: DomainEvents;
  users: UsersService;
  totpCipher: TotpCipher;
  providers: readonly ExternalProvider[];
  now?: () => number;
}) {
  const { db, domainEvents, users, totpCipher } = deps;
  const now = deps.now ?? (() => Date.now());
  const byId = new Map(deps.providers.map((provider) => [provider.id, provider]));

  function providerOf(id: string): ExternalProvider {
    const provider = byId.get(id);
    if (!provider) throw refusal(ErrorCode.EXTERNAL_PROVIDER_UNKNOWN, 'No sign-in provider has this name', 404);
    return provider;
  }

  const unavailable = () =>
    refusal(ErrorCode.EXTERNAL_PROVIDER_UNAVAILABLE, 'The sign-in provider could not be reached; please try again later', 502);

  /**
   * Starts a flow: its secrets are stored, the browser gets a cookie value (`browser`) that must
   * come back with the answer, and the provider's page to go to.
   */
  async function start(
    providerId: string,
    how: { purpose: 'sign_in' } | { purpose: 'link'; user: AuthUser },
    returnTo: string | null,
  ): Promise<{ authorizationUrl: string; browser: string }> {
    const provider = providerOf(providerId);
    const secrets = { state: random(), nonce: random(), codeVerifier: random() };
    const browser = random();
    let url: URL;
    try {
      url = await provider.authorizationUrl(secrets);
    } catch (error) {
      if (isProviderFailure(error)) throw unavailable();
      throw error;
    }
    const at = now();
    await repo.deleteFlowsBefore(db, at - FLOW_KEPT_MS);
    await repo.insertFlow(db, {
      method: provider.method,
      provider: provider.id,
      state_hash: sha256(secrets.state),
      browser_hash: sha256(browser),
      nonce: secrets.nonce,
      code_verifier: secrets.codeVerifier,
      purpose: how.purpose,
      user_id: how.purpose === 'link' ? how.user.id : null,
      return_to: returnTo,
      created_at: at,
    });
    return { authorizationUrl: url.toString(), browser };
  }

  /**
   * The provider's answer (the callback): checks it belongs to a flow this browser started, in
   * time, once; has the provider check the code and the ID token; applies the linking rules; and
   * returns the one-time result for the web page. Throws an AppError for each refusal.
   */
  async function callback(providerId: string, query: URLSearchParams, browser: string | undefined): Promise<string> {
    const provider = providerOf(providerId);
    const state = query.get('state');
    const flow = state ? await repo.findFlowByState(db, sha256(state)) : undefined;
    if (!flow || !state || flow.provider !== provider.id || browser === undefined || sha256(browser) !== flow.browser_hash)
      throw stateMismatch();
    if (now() - Number(flow.created_at) > FLOW_TTL_MS) throw flowExpired();
    // Used up before anything else: a second answer with this state (a replayed code) is refused.
    if (!(await repo.finishFlow(db, flow.id, now()))) throw stateMismatch();
    const error = query.get('error');
    if (error === 'access_denied') throw refusal(ErrorCode.EXTERNAL_CANCELLED, 'The sign-in was cancelled at the provider');
    if (error !== null) throw refusal(ErrorCode.EXTERNAL_PROVIDER_ERROR, 'The sign-in provider refused the sign-in');
    let identity: ExternalIdentity;
    try {
      identity = await provider.finish(query, { state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
    } catch (failure) {
      if (isProviderFailure(failure) && failure.kind === 'unavailable') throw unavailable();
      if (isProviderFailure(failure) && failure.kind === 'cancelled')
        throw refusal(ErrorCode.EXTERNAL_CANCELLED, 'The sign-in was cancelled at the provider');
      if (isProviderFailure(failure))
        throw refusal(ErrorCode.EXTERNAL_PROVIDER_ERROR, 'The sign-in provider’s answer could not be verified');
      throw failure;
    }
    const decided = await decide(provider, flow, identity);
    const result = random();
    await repo.setFlowResult(db, flow.id, {
      result_hash: sha256(result),
      outcome: decided.outcome,
      target_user_id: decided.targetUserId,
      identity: JSON.stringify(identity),
    });
    return result;
  }

  /** The linking rules, on the provider's checked answer. */
  async function decide(
    provider: ExternalProvider,
    flow: { purpose: 'sign_in' | 'link'; user_id: number | null },
    identity: ExternalIdentity,
  ): Promise<{ outcome: Outcome; targetUserId: number | null }> {
    const link = await repo.findLinkBySubject(db, provider.id, identity.subject);
    if (flow.purpose === 'link') {
      const userId = flow.user_id!;
      if (link && link.user_id !== userId) throw identityTaken();
      if (!link) {
        await insertLinkOrRefuse(db, provider, identity, userId);
        await mailSignInWayChanged(db, domainEvents, userId, 'provider_linked', provider.name, now());
      }
      return { outcome: 'linked', targetUserId: userId };
    }
    if (link) {
      const user = await repo.findUserById(db, link.user_id);
      return { outcome: user?.totp_enabled_at != null ? 'totp_required' : 'signed_in', targetUserId: link.user_id };
    }
    const address = identity.email ? parseMailAddress(identity.email) : null;
    const owner = address ? await repo.findUserByEmailKey(db, address.key) : undefined;
    if (owner) {
      // Never by address alone: unverified, nothing; verified, only with the account's password.
      if (!identity.emailVerified)
        throw refusal(
          ErrorCode.EXTERNAL_EMAIL_UNVERIFIED,
          'The provider has not verified this address, and an account uses it: sign in with your password, then link the provider',
          409,
        );
      return { outcome: 'link_with_password', targetUserId: owner.id };
    }
    return { outcome: 'choose_username', targetUserId: null };
  }

  const identityTaken = () =>
    refusal(ErrorCode.EXTERNAL_IDENTITY_TAKEN, 'This provider account is already linked to another account of this site', 409);

  async function insertLinkOrRefuse(trx: DbExecutor, provider: ExternalProvider, identity: ExternalIdentity, userId: number) {
    try {
      await repo.insertLink(trx, {
        user_id: userId,
        method: provider.method,
        provider: provider.id,
        subject: identity.subject,
        email: identity.email,
        email_verified: identity.emailVerified ? 1 : 0,
        display_name: identity.name,
        created_at: now(),
        last_used_at: null,
      });
    } catch (error) {
      // Two flows linking one subject at once: the unique (provider, subject) lets one through.
      if (/unique|duplicate/i.test(String(error))) throw identityTaken();
      throw error;
    }
  }

  /** A finished flow by its one-time result, from the browser that started it, in time, unused. */
  async function flowOfResult(result: string, browser: string | undefined, expected: readonly Outcome[]) {
    const flow = await repo.findFlowByResult(db, sha256(result));
    if (!flow || browser === undefined || sha256(browser) !== flow.browser_hash || flow.result_used_at !== null) throw resultInvalid();
    if (now() - Number(flow.created_at) > FLOW_TTL_MS) throw flowExpired();
    if (flow.outcome === null || !expected.includes(flow.outcome)) throw resultInvalid();
    const provider = providerOf(flow.provider);
    const identity = JSON.parse(flow.identity ?? '{}') as ExternalIdentity;
    return { flow, provider, identity };
  }

  async function signIn(user: UserRow, provider: ExternalProvider, subject: string, language: Language | undefined): Promise<LoginResult> {
    const login = await users.completeSignIn(user, { method: provider.method, provider: provider.id, language });
    const link = await repo.findLinkBySubject(db, provider.id, subject);
    if (link) await repo.touchLink(db, link.id, now());
    return login;
  }

  async function targetOf(flow: { target_user_id: number | null }): Promise<UserRow> {
    const user = flow.target_user_id === null ? undefined : await repo.findUserById(db, flow.target_user_id);
    if (!user) throw resultInvalid();
    return user;
  }

  /**
   * The web page's first call with the one-time result: signed in (the session, and the result is
   * used up), or what the reader must do next (the result stays usable for that step).
   */
  async function outcome(result: string, browser: string | undefined, language: Language | undefined): Promise<ExternalOutcome> {
    const { flow, provider, identity } = await flowOfResult(result, browser, [
      'signed_in',
      'totp_required',
      'choose_username',
      'link_with_password',
      'linked',
    ]);
    const base = {
      status: flow.outcome!,
      provider: provider.id,
      provider_name: provider.name,
      login: null,
      proposed_username: null,
      email: null,
      return_to: flow.return_to,
    };
    if (flow.outcome === 'signed_in' || flow.outcome === 'linked') {
      if (!(await repo.useFlowResult(db, flow.id, now()))) throw resultInvalid();
      if (flow.outcome === 'linked') return base;
      return { ...base, login: await signIn(await targetOf(flow), provider, identity.subject, language) };
    }
    if (flow.outcome === 'choose_username') return { ...base, proposed_username: await freeUsername(identity), email: identity.email };
    if (flow.outcome === 'link_with_password') return { ...base, email: identity.email, proposed_username: await freeUsername(identity) };
    return base;
  }

  /** A proposed name no account has (digits added when it is taken); the reader may change it. */
  async function freeUsername(identity: ExternalIdentity): Promise<string> {
    const base = proposeUsername(identity);
    if (!(await findUserByKey(db, usernameKey(base)))) return base;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const suffix = String(randomInt(100, 10_000));
      const candidate = [...base].slice(0, 16 - suffix.length).join('') + suffix;
      if (!(await findUserByKey(db, usernameKey(candidate)))) return candidate;
    }
    return base;
  }

  /**
   * Two-step sign-in is on: the provider was one factor, the code is the other. The result works
   * for nothing else, is used up only by a right code, and wrong codes count against the account's
   * failed-login throttle as at the login.
   */
  async function twoStep(result: string, browser: string | undefined, totpCode: string, ip: string, language: Language | undefined) {
    const { flow, provider, identity } = await flowOfResult(result, browser, ['totp_required']);
    const user = await targetOf(flow);
    const attempt = await takeLoginAttempt(db, { usernameKey: usernameKey(user.username), ip }, now());
    if (attempt.retryAfterSeconds > 0) {
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        429,
        'Too many wrong codes for this account; try again later',
        undefined,
        attempt.retryAfterSeconds,
      );
    }
    const accepted = await useSecondStep(db, totpCipher, user, totpCode, now());
    await attempt.settle(accepted);
    if (!accepted) throw invalidTotp();
    if (!(await repo.useFlowResult(db, flow.id, now()))) throw resultInvalid();
    return signIn(user, provider, identity.subject, language);
  }

  /**
   * A new account for an unknown provider account, with the name the reader chose. No password:
   * it signs in through the provider (and may set one by the forgotten-password flow once it has
   * a confirmed address: the provider's address when the provider verified it and no account has it).
   */
  async function createAccount(
    result: string,
    browser: string | undefined,
    input: { username: string; language: Language | undefined; terms_version?: number | undefined; privacy_version?: number | undefined },
  ): Promise<LoginResult> {
    const { flow, provider, identity } = await flowOfResult(result, browser, ['choose_username', 'link_with_password']);
    const username = input.username.normalize('NFC');
    const language = input.language ?? DEFAULT_LANGUAGE;
    const address = identity.email && identity.emailVerified ? parseMailAddress(identity.email) : null;
    const userId = await domainEvents.transact(async (trx) => {
      if (!(await repo.useFlowResult(trx, flow.id, now()))) throw resultInvalid();
      // Someone linked this provider account meanwhile (another tab): not a second account.
      if (await repo.findLinkBySubject(trx, provider.id, identity.subject)) throw identityTaken();
      // The address only when it is free: a separate account beside the owner of the address has none.
      const freeAddress = address && !(await repo.findUserByEmailKey(trx, address.key)) ? address : null;
      const accepted = await legalAcceptance(trx, language, input);
      const at = now();
      const id = await insertUserIfNameFree(trx, {
        uuid: randomUUID(),
        username,
        username_key: usernameKey(username),
        username_skeleton: usernameSkeleton(username),
        password_hash: NO_PASSWORD,
        role: 'user',
        invite_code: newInviteCode(),
        invited_by: null,
        user_type: 'inkstream',
        created_at: at,
        language,
        ...accepted,
        legal_accepted_at: at,
      } as Parameters<typeof insertUserIfNameFree>[1]);
      if (id === null) throw new AppError(ErrorCode.USERNAME_TAKEN, 409, 'This username is already taken');
      if (freeAddress) await repo.setConfirmedAddress(trx, id, freeAddress.address, freeAddress.key, at);
      await insertLinkOrRefuse(trx, provider, identity, id);
      return id;
    });
    const user = await repo.findUserById(db, userId);
    return signIn(user!, provider, identity.subject, input.language);
  }

  /**
   * The provider's verified address belongs to an account: the reader proves it is theirs with its
   * password (and its two-step code when on), then the provider is linked and they are signed in.
   */
  async function linkWithPassword(
    result: string,
    browser: string | undefined,
    input: { password: string; totpCode: string | undefined; ip: string; language: Language | undefined },
  ): Promise<LoginResult> {
    const { flow, provider, identity } = await flowOfResult(result, browser, ['link_with_password']);
    const user = await targetOf(flow);
    await checkCurrentSecrets(
      db,
      totpCipher,
      user,
      { usernameKey: usernameKey(user.username), password: input.password, totpCode: input.totpCode, secondStep: true, ip: input.ip },
      now(),
    );
    await domainEvents.transact(async (trx) => {
      if (!(await repo.useFlowResult(trx, flow.id, now()))) throw resultInvalid();
      const link = await repo.findLinkBySubject(trx, provider.id, identity.subject);
      if (link && link.user_id !== user.id) throw identityTaken();
      if (!link) {
        await insertLinkOrRefuse(trx, provider, identity, user.id);
        await mailSignInWayChanged(trx, domainEvents, user.id, 'provider_linked', provider.name, now());
      }
    });
    return signIn(user, provider, identity.subject, input.language);
  }

  const nameOf = (providerId: string) => byId.get(providerId)?.name ?? providerId;

  async function list(user: AuthUser): Promise<{ identities: LinkedIdentity[]; has_password: boolean }> {
    const rows = await repo.listLinks(db, user.id);
    const account = await repo.findUserById(db, user.id);
    return {
      identities: rows.map((row) => ({
        id: row.id,
        provider: row.provider,
        provider_name: nameOf(row.provider),
        email: row.email,
        linked_at: toIso(Number(row.created_at)),
        last_used_at: row.last_used_at === null ? null : toIso(Number(row.last_used_at)),
      })),
      has_password: account !== undefined && account.password_hash !== NO_PASSWORD,
    };
  }

  /**
   * Unlinks a provider: the password (and two-step code when on) is asked, so a stolen session
   * cannot cut the owner's way in; and an account is never left with no way to sign in.
   */
  async function unlink(user: AuthUser, input: { id: number; currentPassword: string; totpCode: string | undefined; ip: string }) {
    const account = await repo.findUserById(db, user.id);
    const link = await repo.findOwnLink(db, user.id, input.id);
    if (!account || !link) throw refusal(ErrorCode.EXTERNAL_LINK_NOT_FOUND, 'No such linked provider on your account', 404);
    if (account.password_hash === NO_PASSWORD && (await repo.countLinks(db, user.id)) <= 1)
      throw refusal(ErrorCode.EXTERNAL_LAST_SIGN_IN_WAY, 'This is your only way to sign in: set a password first', 409);
    await checkCurrentSecrets(
      db,
      totpCipher,
      account,
      {
        usernameKey: usernameKey(account.username),
        password: input.currentPassword,
        totpCode: input.totpCode,
        secondStep: true,
        ip: input.ip,
      },
      now(),
    );
    if (!(await repo.deleteOwnLink(db, user.id, input.id)))
      throw refusal(ErrorCode.EXTERNAL_LINK_NOT_FOUND, 'No such linked provider on your account', 404);
    await mailSignInWayChanged(db, domainEvents, user.id, 'provider_unlinked', nameOf(link.provider), now());
  }

  return { start, callback, outcome, twoStep, createAccount, linkWithPassword, list, unlink, providers: deps.providers };
}

export type ExternalSignInService = ReturnType<typeof createExternalSignInService>;
