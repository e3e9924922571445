import { Type, type Static } from 'typebox';
import { CURRENT_PASSWORD_MAX, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '../constants.js';
import { ClosedObject, Data, Nullable, Result, Timestamp } from './common.js';
import { SignInEvent } from './sign-in.js';
import { LoginResult, TotpOrRecoveryCode } from './users.js';

/**
 * Issue 60: signing in with an outside provider (an OpenID Connect provider, or WeChat website login). The
 * browser is sent to the provider, the provider sends it back to the server's callback, which
 * finishes the flow and sends the browser to the web page `/sign-in/finish?result=…` (or
 * `?error=CODE`); the page trades the one-time result for what comes next. docs/ACCOUNTS.md
 * "Ways to sign in".
 */

/** A path of this site to come back to (never another site). */
const ReturnPath = Type.String({ pattern: '^/(?![/\\\\])[^\\s]*$', maxLength: 512, description: 'A path of this site to return to' });

export const ExternalStartBody = ClosedObject({ return_to: Type.Optional(ReturnPath) });
export type ExternalStartBody = Static<typeof ExternalStartBody>;
export const ExternalStartResponse = Result(
  Type.Object({ authorization_url: Type.String({ description: "The provider's authorization URL: the browser navigates there" }) }),
);

/** The one-time result the callback put in the web page's address. */
const ResultCode = Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });

export const ExternalResultBody = ClosedObject({ result: ResultCode });
export type ExternalResultBody = Static<typeof ExternalResultBody>;

export const ExternalOutcome = Type.Object({
  status: Type.Union(
    [
      Type.Literal('signed_in'),
      Type.Literal('totp_required'),
      Type.Literal('choose_username'),
      Type.Literal('link_with_password'),
      Type.Literal('linked'),
    ],
    {
      description:
        'signed_in: `login` holds the session; totp_required: the account has two-step sign-in, POST …/two-step; choose_username: a new account, POST …/create-account; link_with_password: the verified address is an existing account’s, prove it with POST …/link-with-password (or create a separate account); linked: the provider was linked to the signed-in account',
    },
  ),
  provider: Type.String(),
  provider_name: Type.String(),
  login: Nullable(LoginResult),
  proposed_username: Nullable(Type.String()),
  email: Nullable(Type.String({ description: "The provider's address (for choose_username and link_with_password)" })),
  return_to: Nullable(Type.String()),
});
export type ExternalOutcome = Static<typeof ExternalOutcome>;
export const ExternalOutcomeResponse = Result(ExternalOutcome);

export const ExternalTwoStepBody = ClosedObject({ result: ResultCode, totp_code: TotpOrRecoveryCode });
export type ExternalTwoStepBody = Static<typeof ExternalTwoStepBody>;

export const ExternalCreateAccountBody = ClosedObject({
  result: ResultCode,
  username: Type.String({ minLength: USERNAME_MIN, maxLength: USERNAME_MAX, pattern: USERNAME_PATTERN }),
  terms_version: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  privacy_version: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export type ExternalCreateAccountBody = Static<typeof ExternalCreateAccountBody>;

export const ExternalLinkWithPasswordBody = ClosedObject({
  result: ResultCode,
  password: Type.String({ minLength: 1, maxLength: CURRENT_PASSWORD_MAX }),
  totp_code: Type.Optional(TotpOrRecoveryCode),
});
export type ExternalLinkWithPasswordBody = Static<typeof ExternalLinkWithPasswordBody>;

export const ExternalLoginResponse = Data(LoginResult);

export const LinkedIdentity = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  provider_name: Type.String(),
  email: Nullable(Type.String()),
  linked_at: Timestamp(),
  last_used_at: Nullable(Timestamp()),
});
export type LinkedIdentity = Static<typeof LinkedIdentity>;
export const LinkedIdentitiesResponse = Result(
  Type.Object({
    identities: Type.Array(LinkedIdentity),
    has_password: Type.Boolean({ description: 'False for an account made through a provider that has set no password yet' }),
  }),
);

export const UnlinkIdentityBody = ClosedObject({
  id: Type.Integer({ minimum: 1 }),
  current_password: Type.String({ minLength: 1, maxLength: CURRENT_PASSWORD_MAX }),
  totp_code: Type.Optional(TotpOrRecoveryCode),
});
export type UnlinkIdentityBody = Static<typeof UnlinkIdentityBody>;
export const UnlinkIdentityResponse = Result(Type.Object({ unlinked: Type.Literal(true) }));

/** Console (issue 60): a reader's linked providers, and unlinking one (audited as user.unlink_provider). */
export const AdminLinkedIdentitiesResponse = Result(Type.Array(LinkedIdentity));
export const AdminLinkedIdentityParams = Type.Object({ userUuid: Type.String({ format: 'uuid' }), id: Type.Integer({ minimum: 1 }) });
export const AdminUnlinkBody = ClosedObject({ reason: Type.String({ minLength: 1, maxLength: 500 }) });
export type AdminUnlinkBody = Static<typeof AdminUnlinkBody>;

/** Issue 60, sandbox only: the stand-in for a reader scanning WeChat's QR code and allowing (or declining) the sign-in. */
export const SandboxWechatScanBody = ClosedObject({
  state: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  nickname: Nullable(
    Type.String({
      minLength: 1,
      maxLength: 32,
      description: 'The sandbox WeChat user who scans (the same nickname is the same user); null: they decline',
    }),
  ),
});
export type SandboxWechatScanBody = Static<typeof SandboxWechatScanBody>;
export const SandboxWechatScanResponse = Result(
  Type.Object({
    redirect_url: Type.String({ description: "Where WeChat would send the browser: the site's callback with code and state" }),
  }),
);

/** A reader's passkey as the console shows it: a name and two dates, never a key or a credential id. */
export const AdminSignInPasskey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: Timestamp(),
  last_used_at: Nullable(Timestamp()),
});
export type AdminSignInPasskey = Static<typeof AdminSignInPasskey>;

/** Console (issue 60): every way a reader signs in, and their latest sign-ins, in one answer. */
export const AdminSignInWays = Type.Object({
  has_password: Type.Boolean({ description: 'False for an account without a password (made through a provider, or passkey-only)' }),
  two_step: Type.Boolean({ description: 'Two-step sign-in (authenticator app) is on' }),
  recovery_codes_left: Type.Integer({ minimum: 0, description: 'Unused recovery codes of two-step sign-in' }),
  email_confirmed: Type.Boolean(),
  passkeys: Type.Array(AdminSignInPasskey, { description: 'Oldest first' }),
  providers: Type.Array(LinkedIdentity, { description: 'Linked sign-in providers, oldest first' }),
  sign_ins: Type.Array(SignInEvent, { description: 'Newest first, at most 20' }),
});
export type AdminSignInWays = Static<typeof AdminSignInWays>;
export const AdminSignInWaysResponse = Result(AdminSignInWays);
