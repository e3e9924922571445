import { Type, type Static } from 'typebox';
import { Nullable, Result, Timestamp } from './common.js';

/** Issue 60: every way a reader can sign in. */
export const SignInMethod = Type.Union([Type.Literal('password'), Type.Literal('passkey'), Type.Literal('oidc'), Type.Literal('wechat')]);
export type SignInMethod = Static<typeof SignInMethod>;

/** One sign-in on the reader's security page ("signed in with WeChat on …"); kept 180 days. */
export const SignInEvent = Type.Object({
  method: SignInMethod,
  provider: Nullable(Type.String({ description: "An OpenID provider's id (method oidc); null otherwise" })),
  at: Timestamp(),
});
export type SignInEvent = Static<typeof SignInEvent>;
export const SignInEventsResponse = Result(Type.Array(SignInEvent, { description: 'Newest first, at most 20' }));
