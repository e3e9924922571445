import { Type, type Static } from 'typebox';
import {
  CURRENT_PASSWORD_MAX,
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  REGISTER_PASSWORD_MAX,
  REGISTER_PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  TOTP_CODE_PATTERN,
  TOTP_OR_RECOVERY_CODE_PATTERN,
  RECOVERY_CODE_COUNT,
} from '../constants.js';
import { ClosedObject, Data, Nullable, PlainText, Result, Timestamp, Uuid } from './common.js';

/** A 6-digit code of the authenticator app (RFC 6238). */
export const TotpCode = Type.String({ pattern: TOTP_CODE_PATTERN, description: 'The 6-digit code of the authenticator app' });
/** A 6-digit code, or one of the account's single-use recovery codes (`xxxx-xxxx-xxxx`, the dashes optional). */
export const TotpOrRecoveryCode = Type.String({
  pattern: TOTP_OR_RECOVERY_CODE_PATTERN,
  maxLength: 14,
  description: 'A 6-digit code of the authenticator app, or a recovery code (xxxx-xxxx-xxxx)',
});
/** An e-mail address as typed: the server validates and normalises it (400 INVALID_EMAIL). */
export const EmailInput = Type.String({ maxLength: 1024, description: 'An e-mail address (at most 254 characters, no IP literals)' });

export const LoginBody = ClosedObject({
  username: PlainText({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
  // Ext field (issue 28): the second step for an account with two-step sign-in.
  totp_code: Type.Optional(TotpOrRecoveryCode),
});
export type LoginBody = Static<typeof LoginBody>;
export const LoginResult = Type.Object({
  jwt_token: Type.String(),
  uuid: Uuid(),
  username: Type.String(),
  deletion_cancelled: Type.Optional(
    Type.Literal(true, { description: 'Ext (issue 43): only when this login cancelled a pending deletion of the account' }),
  ),
});
export type LoginResult = Static<typeof LoginResult>;
export const LoginResponse = Data(LoginResult);

export const RegisterBody = ClosedObject({
  username: Type.String({
    minLength: USERNAME_MIN,
    maxLength: USERNAME_MAX,
    pattern: USERNAME_PATTERN,
    description: '4–16 characters, letters of any script and digits only',
  }),
  password: Type.String({ minLength: REGISTER_PASSWORD_MIN, maxLength: REGISTER_PASSWORD_MAX }),
  invite_code: Type.Optional(Nullable(PlainText({ maxLength: 64 }))),
  user_type: Type.Optional(PlainText({ maxLength: 32, description: 'Client product name' })),
  // Ext field (issue 28): checked by the server (400 INVALID_EMAIL), so any string up to this length reaches it.
  email: Type.Optional(EmailInput),
  // Ext fields (issue 43): the versions of the terms and the privacy policy the form showed
  // (GET /legal/{kind}); the account records them, or the current ones when absent.
  terms_version: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'The terms version the form showed' })),
  privacy_version: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'The privacy policy version the form showed' }),
  ),
});
export type RegisterBody = Static<typeof RegisterBody>;
export const RegisterResult = Type.Object({ uuid: Uuid(), username: Type.String() });
export type RegisterResult = Static<typeof RegisterResult>;
export const RegisterResponse = Data(RegisterResult);

export const UpdatePasswordBody = ClosedObject({
  new_password: Type.String({ minLength: NEW_PASSWORD_MIN, maxLength: NEW_PASSWORD_MAX }),
  // Ext field (the spec sends new_password only): a token alone must not be enough to take the account over.
  current_password: Type.String({ minLength: 1, maxLength: CURRENT_PASSWORD_MAX, description: 'The password being replaced' }),
});
export type UpdatePasswordBody = Static<typeof UpdatePasswordBody>;
export const UpdatePasswordResult = Type.Object({ updated: Type.Literal(true), jwt_token: Type.String() });
export const UpdatePasswordResponse = Result(UpdatePasswordResult);

/** `POST /user/sign_out_everywhere` (ext, no body): every older token is revoked; the caller gets a new one. */
export const SignOutEverywhereResult = Type.Object({ jwt_token: Type.String({ description: 'A new token for this client' }) });
export const SignOutEverywhereResponse = Result(SignOutEverywhereResult);

export const InviteCodeResult = Type.Object({ invite_code: Type.String(), invited_count: Type.Integer() });
export type InviteCodeResult = Static<typeof InviteCodeResult>;
export const InviteCodeResponse = Result(InviteCodeResult);

export const UserRole = Type.Union([Type.Literal('user'), Type.Literal('admin')]);
export type UserRole = Static<typeof UserRole>;
export const Me = Type.Object({
  uuid: Uuid(),
  username: Type.String(),
  role: UserRole,
  created_at: Timestamp(),
  // Ext field (issue 28).
  totp_enabled: Type.Boolean({ description: 'Two-step sign-in is on' }),
  email: Nullable(
    Type.String({ description: "The account's e-mail address (confirmed or waiting for confirmation); never shown to others" }),
  ),
  email_confirmed: Type.Boolean({
    description: 'The address was confirmed by the link sent to it; only then can the account be recovered',
  }),
});
export type Me = Static<typeof Me>;
export const MeResponse = Result(Me);

// Two-step sign-in (ext, issue 28): docs/API.md "Two-step sign-in".
export const TotpSetupBody = ClosedObject({
  password: Type.String({ minLength: 1, maxLength: CURRENT_PASSWORD_MAX, description: 'The current password' }),
});
export type TotpSetupBody = Static<typeof TotpSetupBody>;
export const TotpSetupResult = Type.Object({
  secret: Type.String({ description: 'Base32 secret, for typing into the app by hand' }),
  otpauth_url: Type.String({ description: 'otpauth://totp/… URL (what the QR code holds)' }),
  qr_svg: Type.String({ description: 'The QR code of otpauth_url as an SVG document' }),
});
export type TotpSetupResult = Static<typeof TotpSetupResult>;
export const TotpSetupResponse = Result(TotpSetupResult);

export const TotpEnableBody = ClosedObject({ code: TotpCode });
export type TotpEnableBody = Static<typeof TotpEnableBody>;
export const RecoveryCodesResult = Type.Object({
  recovery_codes: Type.Array(Type.String(), {
    minItems: RECOVERY_CODE_COUNT,
    maxItems: RECOVERY_CODE_COUNT,
    description: 'Ten single-use codes, shown this once',
  }),
});
export type RecoveryCodesResult = Static<typeof RecoveryCodesResult>;
export const RecoveryCodesResponse = Result(RecoveryCodesResult);

export const TotpDisableBody = ClosedObject({
  password: Type.String({ minLength: 1, maxLength: CURRENT_PASSWORD_MAX, description: 'The current password' }),
  code: TotpOrRecoveryCode,
});
export type TotpDisableBody = Static<typeof TotpDisableBody>;
export const TotpDisableResponse = Result(Type.Object({ disabled: Type.Literal(true) }));

export const RecoveryCodesBody = ClosedObject({ code: TotpOrRecoveryCode });
export type RecoveryCodesBody = Static<typeof RecoveryCodesBody>;

/**
 * `POST /user/email`: sets or changes the address; a confirmation link goes to it. A new address
 * needs the current password, and the two-step code when that is on (issue 40); sending the link
 * again to the same unconfirmed address needs neither.
 */
export const EmailBody = ClosedObject({
  email: EmailInput,
  current_password: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: CURRENT_PASSWORD_MAX,
      description: 'The current password: needed unless the same unconfirmed address is sent again (403 WRONG_PASSWORD)',
    }),
  ),
  totp_code: Type.Optional(TotpOrRecoveryCode),
});
export type EmailBody = Static<typeof EmailBody>;
export const EmailResult = Type.Object({ email: Type.String(), email_confirmed: Type.Boolean() });
export type EmailResult = Static<typeof EmailResult>;
export const EmailResponse = Result(EmailResult);

/** `POST /user/email/confirm`: the token of the link (no login needed). */
export const ConfirmEmailBody = ClosedObject({ token: Type.String({ minLength: 1, maxLength: 128 }) });
export type ConfirmEmailBody = Static<typeof ConfirmEmailBody>;
export const ConfirmEmailResult = Type.Object({ confirmed: Type.Literal(true) });
export const ConfirmEmailResponse = Result(ConfirmEmailResult);

/** `POST /user/password/forgot`: a user name or an e-mail address. */
export const ForgotPasswordBody = ClosedObject({ login: Type.String({ minLength: 1, maxLength: 1024 }) });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;
/** Always the same, whether or not an account matched. */
export const ForgotPasswordResult = Type.Object({ accepted: Type.Literal(true) });
export const ForgotPasswordResponse = Result(ForgotPasswordResult);

/** `POST /user/password/reset`: the token of the link and the new password (the rules of registration). */
export const ResetPasswordBody = ClosedObject({
  token: Type.String({ minLength: 1, maxLength: 128 }),
  new_password: Type.String({ minLength: NEW_PASSWORD_MIN, maxLength: NEW_PASSWORD_MAX }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
export const ResetPasswordResult = Type.Object({
  updated: Type.Literal(true),
  username: Type.String({ description: 'The account whose password was set, so the client can log in with it' }),
});
export type ResetPasswordResult = Static<typeof ResetPasswordResult>;
export const ResetPasswordResponse = Result(ResetPasswordResult);
