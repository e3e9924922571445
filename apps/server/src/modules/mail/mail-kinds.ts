/**
 * Every kind of message the site sends; each has a template file (templates/<kind>.ts) and strings
 * in each language (locales/<language>/<kind>.json).
 */
export const MAIL_KINDS = [
  /** "Confirm your e-mail address": the link to /confirm-email?token=… */
  'email-confirm',
  /** To the old address when the address changes. */
  'email-changed',
  /** The link to /reset-password?token=… */
  'password-reset',
  /** After a password reset (or change): "your password was changed". */
  'password-changed',
  /** After a paid order (WeChat Pay, Stripe, sandbox). */
  'payment-receipt',
  /** After a coupon redemption. */
  'coupon-receipt',
  /** After a refund. */
  'refund-notice',
  /** Three days before a membership ends (list: reminders). */
  'membership-reminder',
  /** New chapters of followed books, at most once a day (list: digest). */
  'chapter-digest',
  /** Two-step sign-in turned on or off. */
  'two-step-changed',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Lists a reader can leave with one click (RFC 8058); every other kind is strictly transactional. */
export const MAIL_LISTS = ['reminders', 'digest'] as const;
export type MailList = (typeof MAIL_LISTS)[number];
