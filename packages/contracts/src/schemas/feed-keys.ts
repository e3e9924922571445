import { Type, type Static } from 'typebox';
import { ClosedObject, Data, Nullable, PlainText, Result, Timestamp } from './common.js';

// Feed keys (issue 32, docs/OPDS.md "Feed keys"): the credentials of the OPDS feeds, one per
// reading app, made on the profile's "Read in an app". Ext calls (docs/API.md).

export const FeedKeyIdParams = Type.Object({ key_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type FeedKeyIdParams = Static<typeof FeedKeyIdParams>;

export const CreateFeedKeyBody = ClosedObject({
  // Cleaned by the server (trimmed, one line, no invisible characters) and then 1–40 characters.
  name: PlainText({
    minLength: 1,
    maxLength: 200,
    description: 'What the reader calls it (e.g. "KOReader on my e-reader"), 1–40 characters',
  }),
});
export type CreateFeedKeyBody = Static<typeof CreateFeedKeyBody>;

export const CreatedFeedKey = Type.Object({
  key_id: Type.Integer(),
  name: Type.String(),
  key: Type.String({ description: 'The key itself (43 characters, base64url): shown this once, stored only hashed' }),
  url: Type.String({ description: 'The OPDS 1.2 root feed with the key in its path, usable as it is by an app' }),
  url_v2: Type.String({ description: 'The OPDS 2.0 root feed with the key in its path' }),
});
export type CreatedFeedKey = Static<typeof CreatedFeedKey>;
export const CreateFeedKeyResponse = Result(CreatedFeedKey);

export const FeedKeySummary = Type.Object({
  key_id: Type.Integer(),
  name: Type.String(),
  created_at: Timestamp(),
  last_used_at: Nullable(Timestamp('The last feed request with it (recorded at most once a minute); null: never used')),
});
export type FeedKeySummary = Static<typeof FeedKeySummary>;
/** The caller's live keys, newest first (revoked keys are not listed). */
export const FeedKeysResponse = Data(Type.Object({ result: Type.Array(FeedKeySummary) }));
export const RevokeFeedKeyResponse = Result(Type.Object({ revoked: Type.Literal(true) }));

/** The console's reader page: the reader's live keys (`/admin/users/{userUuid}/feed_keys`). */
export const AdminFeedKeyParams = Type.Object({
  userUuid: Type.String({ format: 'uuid' }),
  key_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type AdminFeedKeyParams = Static<typeof AdminFeedKeyParams>;
