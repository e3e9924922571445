import { Type, type Static } from 'typebox';
import { ClosedObject, Result } from './common.js';

/** The reader's choices about the site's own messages (issue 28); they apply once the address is confirmed. */
export const EmailPreferences = Type.Object({
  /** Membership reminders three days before the end (on unless left). */
  reminders: Type.Boolean(),
  /** The daily digest of new chapters of followed books (off unless joined). */
  digest: Type.Boolean(),
});
export type EmailPreferences = Static<typeof EmailPreferences>;
export const EmailPreferencesResponse = Result(EmailPreferences);

/** Either choice or both; anything else is refused. */
export const EmailPreferencesBody = ClosedObject(
  { reminders: Type.Optional(Type.Boolean()), digest: Type.Optional(Type.Boolean()) },
  { minProperties: 1 },
);
export type EmailPreferencesBody = Static<typeof EmailPreferencesBody>;
