import { Type, type Static } from 'typebox';
import { Nullable, Result, Timestamp } from './common.js';

export const Membership = Type.Object({
  expire_at: Timestamp('When the membership ends (or ended)'),
  is_expired: Type.Boolean(),
});
export type Membership = Static<typeof Membership>;
/** `result` is null for visitors and for users who never had a membership. */
export const MembershipResponse = Result(Nullable(Membership));
