/**
 * Every kind of message the site sends (the list is shared with the console, in the contracts);
 * each has a template file (templates/<kind>.ts) and strings in each language
 * (locales/<language>/<kind>.json):
 * - email-confirm: "Confirm your e-mail address", the link to /confirm-email?token=…
 * - email-changed: to the old address when the address changes
 * - password-reset: the link to /reset-password?token=…
 * - password-changed: after a password reset or change
 * - payment-receipt: after a paid order (WeChat Pay, Stripe, sandbox)
 * - coupon-receipt: after a coupon redemption
 * - refund-notice: after a refund
 * - membership-reminder: three days before a membership ends (list: reminders)
 * - chapter-digest: new chapters of followed books, at most once a day (list: digest)
 * - two-step-changed: two-step sign-in turned on or off, new recovery codes
 * - sign-in-ways-changed: a passkey added or removed, a sign-in provider linked or unlinked (issue 60)
 * - data-export-ready: the reader's data archive can be downloaded (7 days), from the profile
 * - account-deletion-scheduled: the account will be erased on a date; logging in cancels it (issue 43)
 * - account-deletion-cancelled: a login (or an operator at the reader's request) cancelled it
 * - account-erased: the account was erased (to the address held until then, linked to no account)
 * - gift-code: a paid gift's code and redemption link, to its buyer (issue 59; code and link are secret fields)
 * Lists (MAIL_LISTS) are what a reader can leave with one click (RFC 8058); every other kind is
 * strictly transactional.
 */
import type { MailKind } from '@inkstream/contracts';

export { MAIL_KINDS, MAIL_LISTS, type MailKind, type MailList } from '@inkstream/contracts';

/**
 * Messages that must not outlive their sending: the farewell goes to the address of an account
 * that no longer exists, so once it is sent or given up its outbox row forgets the address and the
 * template's data (the reader's former name), and its .eml file is deleted (docs/ACCOUNTS.md).
 */
export const FORGETS_RECIPIENT_WHEN_DONE: ReadonlySet<string> = new Set<MailKind>(['account-erased']);
