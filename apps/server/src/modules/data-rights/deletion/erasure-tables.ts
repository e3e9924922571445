/**
 * What the erasure of an account (erasure.ts) does to every table that refers to a reader (a
 * user_id-like column, a reader_key, a visitor id, a recipient address): "deleted",
 * "pseudonymised: <how>" or "kept: <why>". The lead's coverage test reads this map beside the
 * export's (export/export-tables.ts) and fails when a table of the schema with a reader reference
 * is in neither; docs/ACCOUNTS.md "Deleting your account" says the same in words.
 */
export const ERASURE_TABLES: Readonly<Record<string, string>> = {
  users:
    'pseudonymised: the row stays (the ledger names it) with its uuid and the pseudonym deleted-<12 hex of SHA-256(uuid)> as username, username_key and skeleton; e-mail, confirmation, two-step secrets, invited_by removed; a password hash nothing matches; login disabled, every token revoked (token_version), erased_at set',
  account_deletions: 'kept: the request and its dates (when it was asked, by whom, erased when), naming only the pseudonymised row',
  user_recovery_codes: 'deleted',
  push_subscriptions: 'deleted',
  feed_keys: 'deleted (already revoked at the request)',
  sign_in_events: 'deleted',
  passkeys: 'deleted',
  webauthn_challenges: 'deleted (challenges handed to the reader, minutes old)',
  linked_identities: 'deleted (the provider accounts that signed in to it)',
  external_sign_in_flows: 'deleted (sign-ins with a provider in progress, linking to it or into it)',
  account_tokens: 'deleted',
  book_follows: 'deleted',
  reading_statuses: 'deleted',
  reader_lists: 'deleted, with their books (reader_list_books) and the follows of others',
  reader_list_follows: 'deleted (the lists the reader follows, and the follows of the reader\u2019s lists)',
  reader_settings: 'deleted (the reader\u2019s reading defaults)',
  book_reading_overrides: 'deleted (the reader\u2019s per-book reading choices)',
  chapter_likes: "deleted, and the chapters' and books' like counts lowered by them",
  comment_likes: "deleted, and the comments' like counts lowered by them",
  comment_alerts: 'deleted',
  comment_bans:
    'deleted (the ban of a reader who is gone); created_by of bans the reader gave as a moderator: kept, naming the pseudonymised row',
  comment_reports:
    "deleted: the reports the reader filed (open ones leave the comment's open count); resolved_by of reports the reader resolved as a moderator: kept, naming the pseudonymised row",
  comments:
    "pseudonymised, as the reader chose: 'remove': deleted like a reader's own delete (state deleted, body and body hash blanked, reply and chapter counts kept right; a tombstone stays only for replies); 'keep': kept, the author shown as the pseudonym with deleted_reader: true. moderated_by of comments the reader moderated: kept, naming the pseudonymised row",
  book_ratings: "deleted with their reviews, and the books' rating_count and rating_sum (the averages) lowered by them",
  reading_progress: 'deleted (reader_key u:<id>)',
  chapter_reads: 'deleted (reader_key u:<id>)',
  reading_events: "deleted (the reader's user_id rows; the day totals already counted stay, with no reader in them)",
  reading_event_days: 'deleted (reader_key user:<id>)',
  reader_changes:
    "deleted (an internal cache-invalidation feed); the rows the erasure's own writes add name only the pseudonymised row and are trimmed with the feed",
  data_exports: 'deleted (the archives the reader asked for)',
  mail_outbox:
    "pseudonymised: the reader's messages (by account or address) lose recipient, address key, contents and account link; unsent ones are suppressed. The one account-erased message goes to the former address, linked to no account, and is removed with the outbox's retention",
  payment_orders:
    'kept: the ledger (accounting law keeps payment records: France 10 years, Spain 6, China up to 30), naming only the pseudonymised row',
  membership_grants:
    "kept: the ledger of what each payment bought, naming only the pseudonymised row; running and future grants revoked (the time left is lost); operators' notes naming the reader pseudonymised",
  coupon_redemptions: 'kept: the ledger (a coupon counts its redemptions), naming only the pseudonymised row',
  gift_codes:
    "kept: the ledger (a paid gift, the hash of its code, who redeemed it), naming only the pseudonymised rows; an erased buyer's unredeemed gift stays redeemable, since it was paid for someone else",
  coin_lots: 'kept: the coin ledger (what was bought), naming only the pseudonymised row; the balance left can no longer be spent',
  coin_entries:
    "kept: the coin ledger (each movement), naming only the pseudonymised row; operators' gift reasons naming the reader pseudonymised",
  coin_spends: 'kept: the coin ledger (which coins paid for which unlock), no reader column of its own',
  chapter_grants: 'kept: what coins and payments bought (the ledger), naming only the pseudonymised row',
  membership_subscriptions:
    'kept: the ledger of renewing memberships (which invoices paid which orders), naming only the pseudonymised row; ended at the erasure (a running renewal is stopped at the provider: nothing more is charged) and the reason the reader gave for stopping one removed',
  auto_unlocks: 'deleted (the reader\u2019s auto-unlock opt-ins and caps, issue 59)',
  payment_events:
    "kept: the providers' notifications (amounts and providers' ids), by order; a readable line naming the reader pseudonymised",
  payment_incidents:
    "pseudonymised: the reader's e-mail address is replaced by [erased] in the detail; erased_account incidents name only the order",
  audit_log:
    "pseudonymised: the erasure is recorded as user.erase naming only the pseudonym; older entries by the reader (as an operator) or about them keep what was done, with the actor name, the reader's name and address in the values replaced by the pseudonym and [erased]",
  jobs: "kept: created_by of jobs the reader started as an operator, and payloads that name internal ids only (the account_erase job names the request's id)",
  auth_throttle: 'kept: keys are SHA-256 digests (no name in clear) and expire within 15 minutes',
  legal_documents: "kept: the author of a published version of a legal page is an operator's id, naming the pseudonymised row",
};
