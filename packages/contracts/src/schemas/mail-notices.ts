import { Type, type Static } from 'typebox';
import { ClosedObject, Result } from './common.js';

/** The reader's choices about the site's own messages (issue 28); they apply once the address is confirmed. */
export const EmailPreferences = Type.Object({
  /** Membership reminders three days before the end (on unless left). */
  reminders: Type.Boolean(),
  /** The daily digest of new chapters of followed books (off unless joined). */
  digest: Type.Boolean(),
  /**
   * Ext (issue 31): replies to the reader's comments also go by Web Push and into the digest
   * (users.notify_replies, on unless turned off); absent when the community is off (COMMUNITY=off).
   */
  replies: Type.Optional(Type.Boolean()),
});
export type EmailPreferences = Static<typeof EmailPreferences>;
export const EmailPreferencesResponse = Result(EmailPreferences);

/** One choice or more; anything else is refused. */
export const EmailPreferencesBody = ClosedObject(
  { reminders: Type.Optional(Type.Boolean()), digest: Type.Optional(Type.Boolean()), replies: Type.Optional(Type.Boolean()) },
  { minProperties: 1 },
);
export type EmailPreferencesBody = Static<typeof EmailPreferencesBody>;
