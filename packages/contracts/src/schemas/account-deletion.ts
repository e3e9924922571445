import { Type, type Static } from 'typebox';
import { ClosedObject, Data, Nullable, PlainText, Uuid } from './common.js';
import { ListCursor, Reason } from './admin/common.js';

/**
 * "Delete my account" (issue 43, ext; docs/API.md "Deleting an account"). Times are epoch
 * milliseconds, as in the other data-rights calls.
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;
export const DeletionComments = Type.Union([Type.Literal('remove'), Type.Literal('keep')], {
  description: "remove: the reader's comments are deleted at erasure; keep: they stay, shown as a deleted reader's",
});
export type DeletionComments = Static<typeof DeletionComments>;

export const DeletionConsequences = Type.Object({
  member_until: Nullable(Type.Integer({ description: 'The end of the membership time that would be lost (epoch ms); null: none' })),
  coins: Type.Integer({ description: 'Coins left in the wallet, lost at erasure' }),
  comments: Type.Integer({ description: "The reader's comments (not deleted)" }),
  reviews: Type.Integer({ description: 'Ratings with a review text, removed (and taken out of the averages)' }),
  ratings: Type.Integer({ description: 'Score-only ratings (no review text), removed (and taken out of the averages)' }),
  paid_orders: Type.Integer({ description: 'Paid orders: kept in the ledger without the person' }),
});
export const DeletionInfoResponse = Data(
  Type.Object({ consequences: DeletionConsequences, grace_days: Type.Literal(ACCOUNT_DELETION_GRACE_DAYS) }),
);

export const DeletionRequestBody = ClosedObject({
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  code: Type.Optional(
    PlainText({ minLength: 1, maxLength: 64, description: 'The two-step code (or a recovery code) when two-step sign-in is on' }),
  ),
  comments: DeletionComments,
});
export type DeletionRequestBody = Static<typeof DeletionRequestBody>;

export const ScheduledDeletion = Type.Object({
  requested_at: Type.Integer(),
  erase_at: Type.Integer(),
  comments: DeletionComments,
});
export type ScheduledDeletion = Static<typeof ScheduledDeletion>;
export const DeletionResponse = Data(Type.Object({ deletion: ScheduledDeletion }));

/** The console's list (`GET /admin/deletions`). */
export const AdminDeletionsQuery = Type.Object(
  {
    state: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('erased')], { default: 'pending' })),
    cursor: Type.Optional(ListCursor),
  },
  { additionalProperties: false },
);
export type AdminDeletionsQuery = Static<typeof AdminDeletionsQuery>;
export const AdminDeletion = Type.Object({
  user_uuid: Uuid(),
  name: Type.String({ description: 'The user name; the pseudonym once erased' }),
  requested_at: Type.Integer(),
  erase_at: Type.Integer(),
  erased_at: Nullable(Type.Integer()),
  requested_by: Type.Union([Type.Literal('reader'), Type.Literal('operator')]),
  comments: DeletionComments,
  reason: Nullable(Type.String()),
});
export type AdminDeletion = Static<typeof AdminDeletion>;
export const AdminDeletionsResponse = Data(Type.Object({ items: Type.Array(AdminDeletion), next_cursor: Nullable(Type.String()) }));
export const AdminDeletionBody = ClosedObject({ reason: Reason, comments: DeletionComments });
export type AdminDeletionBody = Static<typeof AdminDeletionBody>;
export const AdminDeletionCancelBody = ClosedObject({ reason: Reason });
export type AdminDeletionCancelBody = Static<typeof AdminDeletionCancelBody>;
export const AdminDeletionCancelResponse = Data(Type.Object({ cancelled: Type.Literal(true) }));
