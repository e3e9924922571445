import { Type, type Static } from 'typebox';
import { CURRENT_PASSWORD_MAX, PASSKEY_NAME_MAX } from '../constants.js';
import { TotpOrRecoveryCode } from './users.js';
import { ClosedObject, Nullable, PlainText, Result, Timestamp } from './common.js';

/**
 * Issue 60: passkeys (WebAuthn). The options the server hands out are the WebAuthn JSON forms
 * (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON) the browser library takes as they
 * are; the answers are the browser's PublicKeyCredential JSON (RegistrationResponseJSON /
 * AuthenticationResponseJSON), named field by field so the bodies stay closed.
 */

/** One passkey on the profile: never its key. */
export const Passkey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: Timestamp(),
  last_used_at: Nullable(Timestamp()),
  backed_up: Type.Boolean({ description: 'Synced to other devices (a multi-device passkey)' }),
});
export type Passkey = Static<typeof Passkey>;
export const PasskeysResponse = Result(Type.Array(Passkey, { description: 'Oldest first' }));
export const PasskeyResponse = Result(Passkey);

export const PasskeyName = PlainText({ minLength: 1, maxLength: PASSKEY_NAME_MAX, description: "The reader's name for the passkey" });

const Base64Url = (maxLength: number) => Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength });
const CredentialDescriptor = Type.Object({
  id: Type.String(),
  type: Type.String(),
  transports: Type.Optional(Type.Array(Type.String())),
});

/** The options of `navigator.credentials.create()` (WebAuthn PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyRegistrationOptions = Type.Object({
  challenge: Type.String(),
  rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Integer(), type: Type.String() })),
  timeout: Type.Optional(Type.Integer()),
  excludeCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  authenticatorSelection: Type.Optional(
    Type.Object({
      authenticatorAttachment: Type.Optional(Type.String()),
      residentKey: Type.Optional(Type.String()),
      requireResidentKey: Type.Optional(Type.Boolean()),
      userVerification: Type.Optional(Type.String()),
    }),
  ),
  attestation: Type.Optional(Type.String()),
  hints: Type.Optional(Type.Array(Type.String())),
  extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
});
export const PasskeyRegistrationOptionsResponse = Result(PasskeyRegistrationOptions);

/** The options of `navigator.credentials.get()` (WebAuthn PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyAuthenticationOptions = Type.Object({
  challenge: Type.String(),
  rpId: Type.Optional(Type.String()),
  timeout: Type.Optional(Type.Integer()),
  allowCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  userVerification: Type.Optional(Type.String()),
});
export const PasskeyAuthenticationOptionsResponse = Result(PasskeyAuthenticationOptions);

const ClientExtensionResults = ClosedObject({
  credProps: Type.Optional(ClosedObject({ rk: Type.Optional(Type.Boolean()) })),
});

/** What `navigator.credentials.create()` answered (RegistrationResponseJSON). */
export const PasskeyRegistrationCredential = ClosedObject({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
  clientExtensionResults: ClientExtensionResults,
  response: ClosedObject({
    clientDataJSON: Base64Url(8192),
    attestationObject: Base64Url(65536),
    authenticatorData: Type.Optional(Base64Url(65536)),
    transports: Type.Optional(Type.Array(PlainText({ maxLength: 32 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64Url(8192)),
  }),
});

/** What `navigator.credentials.get()` answered (AuthenticationResponseJSON). */
export const PasskeyAssertion = ClosedObject({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
  clientExtensionResults: ClientExtensionResults,
  response: ClosedObject({
    clientDataJSON: Base64Url(8192),
    authenticatorData: Base64Url(65536),
    signature: Base64Url(8192),
    userHandle: Type.Optional(Base64Url(1024)),
  }),
});
export type PasskeyAssertion = Static<typeof PasskeyAssertion>;

export const PasskeyRegisterBody = ClosedObject({
  credential: PasskeyRegistrationCredential,
  name: Type.Optional(PasskeyName),
});
export type PasskeyRegisterBody = Static<typeof PasskeyRegisterBody>;

export const PasskeyRenameBody = ClosedObject({ name: PasskeyName });

/**
 * Removing a passkey: the current password, or a fresh assertion of one of the reader's passkeys
 * (its challenge from POST /user/passkeys/confirm/options). A stolen session token alone has neither.
 */
export const PasskeyRemoveBody = ClosedObject({
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  assertion: Type.Optional(PasskeyAssertion),
});

export const PasskeySignInBody = ClosedObject({ credential: PasskeyAssertion });
export const PasskeyIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const PasskeyRemovedResponse = Result(Type.Object({ removed: Type.Literal(true) }));

/**
 * Issue 60: "sign in with passkeys only": POST /user/password/remove. Allowed only while the
 * account has a passkey and a way back (a confirmed e-mail address, or unused recovery codes).
 */
export const PasswordRemoveBody = ClosedObject({
  current_password: Type.String({ minLength: 1, maxLength: CURRENT_PASSWORD_MAX }),
  totp_code: Type.Optional(TotpOrRecoveryCode),
});
export type PasswordRemoveBody = Static<typeof PasswordRemoveBody>;
export const PasswordStateResponse = Result(
  Type.Object({
    has_password: Type.Boolean({ description: 'False for an account without a password (passkey-only, or made through a provider)' }),
  }),
);
export const PasswordRemovedResponse = Result(Type.Object({ password_removed: Type.Literal(true) }));
/** Why a removal of the password was refused (PASSWORD_REMOVAL_REFUSED's `details.reason`). */
export const PasswordRemovalRefusal = Type.Union([Type.Literal('no_passkey'), Type.Literal('no_recovery'), Type.Literal('no_password')]);
export type PasswordRemovalRefusal = Static<typeof PasswordRemovalRefusal>;
