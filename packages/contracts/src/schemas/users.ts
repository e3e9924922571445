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
} from '../constants.js';
import { ClosedObject, Data, Nullable, PlainText, Result, Timestamp, Uuid } from './common.js';

export const LoginBody = ClosedObject({
  username: PlainText({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});
export type LoginBody = Static<typeof LoginBody>;
export const LoginResult = Type.Object({ jwt_token: Type.String(), uuid: Uuid(), username: Type.String() });
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

export const InviteCodeResult = Type.Object({ invite_code: Type.String(), invited_count: Type.Integer() });
export type InviteCodeResult = Static<typeof InviteCodeResult>;
export const InviteCodeResponse = Result(InviteCodeResult);

export const UserRole = Type.Union([Type.Literal('user'), Type.Literal('admin')]);
export type UserRole = Static<typeof UserRole>;
export const Me = Type.Object({ uuid: Uuid(), username: Type.String(), role: UserRole, created_at: Timestamp() });
export type Me = Static<typeof Me>;
export const MeResponse = Result(Me);
