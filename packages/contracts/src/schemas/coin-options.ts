import { Type, type Static } from 'typebox';
import { ClosedObject, Nullable, Result, Timestamp, Uuid } from './common.js';

/**
 * Issue 59: coins the way Kakao and Tapas readers use them (docs/PAYMENTS.md "Rentals, auto-unlock
 * and unlock all"). Each is a chapter grant, so every content URL follows it through the access rule.
 */

/** The largest auto-unlock spending cap a reader can set. */
export const AUTO_UNLOCK_CAP_MAX = 1_000_000;
/** How long an auto-unlock can be undone (its coins back), in seconds. */
export const AUTO_UNLOCK_UNDO_SECONDS = 60;

export const RentBody = ClosedObject({ chapter_uuid: Uuid() });
export type RentBody = Static<typeof RentBody>;
export const RentResult = Type.Object({
  chapter_uuid: Uuid(),
  rented_until: Timestamp('The rental ends then: the chapter closes on every URL, and a saved copy with it'),
  balance: Type.Integer({ minimum: 0 }),
});
export type RentResult = Static<typeof RentResult>;
export const RentResponse = Result(RentResult);

export const AutoUnlockSettingsBody = ClosedObject({
  book_uuid: Uuid(),
  enabled: Type.Boolean(),
  cap: Type.Optional(
    Type.Integer({ minimum: 1, maximum: AUTO_UNLOCK_CAP_MAX, description: 'Coins auto-unlock may spend in all; required to turn it on' }),
  ),
});
export type AutoUnlockSettingsBody = Static<typeof AutoUnlockSettingsBody>;
export const AutoUnlockSettings = Type.Object({
  enabled: Type.Boolean(),
  cap: Nullable(Type.Integer()),
  spent: Type.Integer({ description: 'What auto-unlock spent under this opt-in (undone ones not counted)' }),
});
export type AutoUnlockSettings = Static<typeof AutoUnlockSettings>;
export const AutoUnlockSettingsResponse = Result(AutoUnlockSettings);

export const AutoUnlockBody = ClosedObject({ chapter_uuid: Uuid('The chapter the reader reached the end of') });
export type AutoUnlockBody = Static<typeof AutoUnlockBody>;
/** Why auto-unlock opened nothing: the reader screen says each in words. */
export const AutoUnlockSkip = Type.Union([
  Type.Literal('off'),
  Type.Literal('no_next'),
  Type.Literal('readable'),
  Type.Literal('over_cap'),
  Type.Literal('insufficient_coins'),
]);
export type AutoUnlockSkip = Static<typeof AutoUnlockSkip>;
export const AutoUnlockResult = Type.Object({
  unlocked: Nullable(
    Type.Object({
      chapter_uuid: Uuid(),
      chapter_number: Type.Integer(),
      coins: Type.Integer(),
      undo_until: Timestamp('Undo gives the coins back until then'),
    }),
  ),
  skipped: Nullable(AutoUnlockSkip),
  balance: Type.Integer({ minimum: 0 }),
});
export type AutoUnlockResult = Static<typeof AutoUnlockResult>;
export const AutoUnlockResponse = Result(AutoUnlockResult);

export const AutoUnlockUndoBody = ClosedObject({ chapter_uuid: Uuid('The chapter auto-unlock opened') });
export type AutoUnlockUndoBody = Static<typeof AutoUnlockUndoBody>;
export const AutoUnlockUndoResult = Type.Object({ refunded: Type.Integer(), balance: Type.Integer({ minimum: 0 }) });
export type AutoUnlockUndoResult = Static<typeof AutoUnlockUndoResult>;
export const AutoUnlockUndoResponse = Result(AutoUnlockUndoResult);

export const UnlockAllQuery = Type.Object({ book_uuid: Uuid() });
export const UnlockAllPreview = Type.Object({
  chapters: Type.Array(Type.Object({ chapter_uuid: Uuid(), chapter_number: Type.Integer(), price: Type.Integer() })),
  total: Type.Integer({ description: 'What unlocking them all costs now: confirm with it' }),
  balance: Type.Integer(),
});
export type UnlockAllPreview = Static<typeof UnlockAllPreview>;
export const UnlockAllPreviewResponse = Result(UnlockAllPreview);
export const UnlockAllBody = ClosedObject({
  book_uuid: Uuid(),
  total: Type.Integer({
    minimum: 0,
    description: 'The previewed total; refused (409 UNLOCK_ALL_TOTAL_CHANGED) if it is no longer the total',
  }),
});
export type UnlockAllBody = Static<typeof UnlockAllBody>;
export const UnlockAllResult = Type.Object({ unlocked: Type.Array(Uuid()), total: Type.Integer(), balance: Type.Integer({ minimum: 0 }) });
export type UnlockAllResult = Static<typeof UnlockAllResult>;
export const UnlockAllResponse = Result(UnlockAllResult);
/** 409 UNLOCK_ALL_TOTAL_CHANGED: the total now, for a new confirmation. */
export const UnlockAllTotalChangedError = Type.Object({ error: Type.String(), code: Type.String(), total: Type.Optional(Type.Integer()) });
