/**
 * The personal-data map of "Download my data" (issue 43): for EVERY table of the schema that refers
 * to a reader (a user id column, a reader key `u:<id>` / `user:<id>`, a visitor id, a recipient
 * address), the archive file it goes into, or "not exported: <why>". A coverage test reads the live
 * schema and fails when a table with a reader reference is missing here: a new table must be
 * placed in the archive (export-snapshot.ts) or its absence explained, in the same change.
 */
export const EXPORTED_TABLES: Readonly<Record<string, string>> = {
  users: 'account.json',
  legal_documents:
    "not exported: the published texts of the privacy and terms pages (created_by names the operator who published one): the site's own documents; the versions the reader accepted are in account.json",
  account_deletions: 'account.json (deletion_requests: when, by whom, the erase date, cancelled when)',
  user_recovery_codes: 'not exported: secrets (hashes of single-use codes); account.json says how many are left',
  account_tokens: 'account.json',
  comments: 'comments.json',
  comment_likes: 'likes.json',
  comment_reports: 'comments.json',
  comment_bans: 'account.json',
  comment_alerts: 'comments.json',
  book_ratings: 'ratings.json',
  chapter_likes: 'likes.json',
  chapter_grants: 'unlocks.json',
  reader_changes:
    'not exported: an internal feed that tells the server nodes to drop cached reader state; holds ids and times only, kept minutes',
  membership_grants: 'memberships.json',
  reading_events: 'reading-events.json',
  reading_event_days:
    'not exported: per-day keys (`user:<id>`) that stop one read from counting twice towards popularity, removed after two days; the reads themselves are in reading-events.json',
  reading_progress: 'reading-progress.json',
  chapter_reads: 'reading-history.json',
  book_follows: 'follows.json',
  reading_statuses: 'statuses.json',
  reader_lists: 'lists.json (lists, each with its books: reader_list_books)',
  reader_list_follows: 'lists.json (followed_lists)',
  reader_settings: 'reading-preferences.json (defaults)',
  book_reading_overrides: 'reading-preferences.json (books)',
  push_subscriptions: 'push-subscriptions.json',
  coupon_redemptions: 'coupons.json',
  gift_codes: 'gifts.json',
  membership_subscriptions: 'subscriptions.json (with each subscription\u2019s invoices, subscription_invoices)',
  payment_orders: 'orders.json',
  coin_lots: 'coins.json',
  coin_entries: 'coins.json',
  coin_spends: 'coins.json',
  auto_unlocks: 'coins.json (auto_unlock: the books, caps and what each opt-in spent)',
  payment_incidents:
    'not exported: payments the site could not match to an account; they name no account (only what the provider sent), so they cannot be found by reader; the operator settles them',
  payment_events:
    'not exported: the providers\u2019 notifications, by order id, with a readable summary; the orders themselves are in orders.json',
  audit_log: 'account.json',
  jobs: 'not exported: background work (its creator is an operator); a reader\u2019s archive job holds only the export id',
  mail_outbox: 'emails.json',
  feed_keys: 'feed-keys.json',
  sign_in_events: 'sign-ins.json (sign_ins: method, provider, when)',
  passkeys: 'sign-ins.json (passkeys: name, added, last used, synced; never the keys)',
  webauthn_challenges: 'not exported: random challenges of a passkey ceremony, kept 5 minutes, used once',
  linked_identities: 'sign-ins.json (linked_providers: provider, e-mail, linked, last used; never the provider\u2019s subject)',
  external_sign_in_flows:
    'not exported: sign-ins with a provider in progress (10 minutes, single use): one-time secrets and hashes, deleted within a day',
  auth_throttle: 'not exported: failed-login counters under SHA-256 keys of the login and address, kept minutes; nothing names the account',
  data_exports: 'exports.json',
  data_export_archives: 'not exported: the archive itself',
};
