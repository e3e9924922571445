import { Type, type Static } from 'typebox';
import { ClosedObject, Nullable, Result, Timestamp, Uuid } from './common.js';

/**
 * Offline reading (issue 47). Chapters saved in the reader's browser are re-checked whenever the
 * app is online, with one call: what the access rule says of each saved chapter now, and until when.
 */

/** At most this many chapters per check; the app splits a longer list into several calls. */
export const OFFLINE_CHECK_MAX = 200;

export const OfflineCheckBody = ClosedObject({
  chapters: Type.Array(Uuid(), { minItems: 1, maxItems: OFFLINE_CHECK_MAX, uniqueItems: true }),
});
export type OfflineCheckBody = Static<typeof OfflineCheckBody>;

/**
 * Why a chapter is readable now (free, member, granted: a coin unlock or gift, admin), or why not
 * (members_only, expired, early_access), or missing (unknown or no longer published).
 */
export const OfflineAccess = Type.Union([
  Type.Literal('free'),
  Type.Literal('member'),
  Type.Literal('granted'),
  Type.Literal('admin'),
  Type.Literal('members_only'),
  Type.Literal('expired'),
  Type.Literal('early_access'),
  Type.Literal('missing'),
]);
export type OfflineAccess = Static<typeof OfflineAccess>;

export const OfflineChapterCheck = Type.Object({
  chapter_uuid: Uuid(),
  access: OfflineAccess,
  readable: Type.Boolean(),
  /**
   * For `member`: the membership's end, after which the saved copy must not open. Null when the
   * right has no end the server knows of (free, granted, admin) or when the chapter is not readable.
   */
  readable_until: Nullable(Timestamp()),
});
export type OfflineChapterCheck = Static<typeof OfflineChapterCheck>;

/** `POST /reader/offline/check`: one entry per asked chapter, in the order asked. */
export const OfflineCheckResponse = Result(
  Type.Object({
    checked_at: Timestamp('The server time of the check'),
    chapters: Type.Array(OfflineChapterCheck),
  }),
);
export type OfflineCheckResult = Static<typeof OfflineCheckResponse>['data']['result'];
