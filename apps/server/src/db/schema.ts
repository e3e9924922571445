import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Timestamps are epoch milliseconds (integers on both dialects, so ordering and
 * arithmetic are the same everywhere); booleans are 0/1 integers for the same reason.
 */
export interface UsersTable {
  id: Generated<number>;
  /** Issue 61: when the reader confirmed in the profile that they are of age (adult books, where the site shows them). */
  age_confirmed_at: Generated<number | null>;
  uuid: string;
  username: string;
  /** Lower-cased username: the unique key that makes names case-insensitive. */
  username_key: string;
  /**
   * Confusable skeleton of the name (users/username-skeleton.ts), unique so look-alike names are
   * refused; nullable in the table only because the column was added later, always written.
   */
  username_skeleton: string;
  password_hash: string;
  role: 'user' | 'admin';
  token_version: Generated<number>;
  invite_code: string;
  invited_by: number | null;
  user_type: string;
  created_at: number;
  /** Set by an administrator: the account cannot log in and its tokens stop working at once. */
  disabled_at: number | null;
  /**
   * Maintained with every grant write (membership/member-state.repository.ts): created_at of the
   * first grant that still stands, and the end of the last one; null when no grant stands.
   */
  member_since: number | null;
  member_until: number | null;
  /** Optional e-mail address (issue 28), as the reader typed it after normalisation (mail/mail-address.ts). */
  email: Generated<string | null>;
  /** Lower-cased email: unique, so one address belongs to one account. */
  email_key: Generated<string | null>;
  /** Null until the address is confirmed by the link sent to it; only a confirmed address gets mail other than the confirmation. */
  email_confirmed_at: Generated<number | null>;
  /** The language the reader's e-mails are written in (one of LANGUAGES). */
  language: Generated<string>;
  /** 1: membership reminders are sent (the default); 0: the reader left the list. */
  mail_reminders: Generated<number>;
  /** 1: the reader joined the daily new-chapter digest; 0 (the default): not. */
  mail_digest: Generated<number>;
  /** The membership end (member_until) the last reminder was sent for (modules/notices/reminders.ts). */
  reminded_until: Generated<number | null>;
  /** When the digest step next looks at this reader (0: at the next run). */
  digest_due_at: Generated<number>;
  /** The digest lists chapters published after this instant. */
  digest_through: Generated<number | null>;
  /** Two-step sign-in's TOTP secret, AES-256-GCM ciphertext (users/totp-crypto.ts); null while off. */
  totp_secret: Generated<string | null>;
  /** The secret being set up (same encryption), until a first code confirms it. */
  totp_pending_secret: Generated<string | null>;
  /** When two-step sign-in was turned on; null: off. */
  totp_enabled_at: Generated<number | null>;
  /** The last 30-second time step whose code was accepted: a code of this step or older is refused (no replay). */
  totp_last_step: Generated<number | null>;
  /** 1 (the default): replies to the reader's comments also go by Web Push and in the e-mail digest, where those are on. */
  notify_replies: Generated<number>;
  /** Set by the account's erasure (issue 43, data-rights/deletion): the row keeps only its uuid and a pseudonym. */
  erased_at: Generated<number | null>;
  /**
   * The privacy and terms pages the registration form showed (issue 43): version (0: the built-in
   * text) and language of each, and when the account accepted them; null for older accounts.
   */
  terms_version: Generated<number | null>;
  terms_language: Generated<string | null>;
  privacy_version: Generated<number | null>;
  privacy_language: Generated<string | null>;
  legal_accepted_at: Generated<number | null>;
}

/** A request to delete an account (issue 43): pending while cancelled_at and erased_at are null. */
export interface AccountDeletionsTable {
  id: Generated<number>;
  user_id: number;
  requested_at: number;
  erase_at: number;
  /** The reader's comments at erasure: removed, or kept and shown as a deleted reader's. */
  comments: 'remove' | 'keep';
  /** null: the reader; else the operator's user id (reason given). */
  requested_by: number | null;
  reason: string | null;
  cancelled_at: number | null;
  /** null: the reader (by logging in); else the operator's user id. */
  cancelled_by: number | null;
  erased_at: number | null;
}

/** Two-step sign-in's single-use recovery codes (issue 28), as SHA-256 hashes. */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

export interface BooksTable {
  id: Generated<number>;
  uuid: string;
  book_type: 'comic' | 'novel';
  original_language: string;
  cover_key: string | null;
  /** JSON [{"width":300,"key":"covers/…"}, …]: cover sizes for srcset; null for a single size. */
  cover_variants: string | null;
  public_free_chapters: number;
  recommendation_rank: number | null;
  /** Issue 61: all_ages, teen, mature or adult (contracts CONTENT_RATINGS); who sees it is access/content-rating.ts's rule. */
  content_rating: Generated<string>;
  /** Issue 61: the book's content descriptors, comma-separated in the contracts' order ('' for none). */
  content_descriptors: Generated<string>;
  is_published: number;
  /** 1 while the import that created the book has not finished (the book stays unpublished). */
  import_pending: Generated<number>;
  /** Denormalised counters, kept in step by the services that change them. */
  chapter_count: Generated<number>;
  total_likes: Generated<number>;
  popularity: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Shown on the book page; null when unknown. */
  author: string | null;
  status: Generated<'ongoing' | 'completed'>;
  /** Revision of the last write that changed what the book search indexes of the book (markSearchChanged). */
  search_revision: Generated<number>;
  /** 1: a moderator closed the book's comments (existing ones stay readable, no new ones). */
  comments_closed: Generated<number>;
  /** Ratings of the book (book_ratings) and the sum of their scores, changed by increments. */
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  /** Coins per paid chapter (issue 42); null: membership only. */
  coin_price: number | null;
  /** Wait-for-free: one free unlock every this many hours; null: none. */
  wait_free_hours: number | null;
  /** Issue 59: rentals: coins for a chapter opened for rental_days days; null price: no rentals. */
  rental_price: Generated<number | null>;
  rental_days: Generated<number | null>;
  /** Early access: the newest this many chapters (0: none), for this many hours after publication; members too (1) or coins only (0). */
  early_access_count: Generated<number>;
  early_access_hours: Generated<number>;
  early_access_members: Generated<number>;
  /** Issue 45: the operator's reading settings for the book (migration 2026-11-29T0900). */
  reading_direction: Generated<ReadingDirection>;
  reading_mode: Generated<ReadingMode>;
  /** Issue 46 (migration 2026-11-30T0900): regular publishing days, a bit per ISO weekday (bit 0 Monday); 0: none. */
  publishing_days: Generated<number>;
  /** Minutes after midnight in publishing_time_zone; null: no set time. */
  publishing_time: Generated<number | null>;
  publishing_time_zone: Generated<string>;
  /** 1: kept out of every ranking by the operator (audited). */
  ranking_excluded: Generated<number>;
}

/** Who made a book (issue 46): one row per person and role; `slug` names the person's page. */
export interface BookCreatorsTable {
  book_id: number;
  role: 'author' | 'artist';
  slug: string;
  name: string;
  position: number;
}

/** A book's readers per window and the window before, computed in the background (discovery/). */
export interface DiscoveryBookStatsTable {
  book_id: number;
  readers_day: number;
  readers_day_before: number;
  readers_week: number;
  readers_week_before: number;
  readers_month: number;
  readers_month_before: number;
}

/** A book's "readers also read" list in order, computed with the stats. */
export interface DiscoveryAlsoReadTable {
  book_id: number;
  position: number;
  other_book_id: number;
  score: number;
}

export type ReadingDirection = 'ltr' | 'rtl';
export type ReadingMode = 'strip' | 'single' | 'double';
export type ReadingFit = 'width' | 'height' | 'original';

/** A reader's own reading defaults (issue 45); every setting null while not set. */
export interface ReaderSettingsTable {
  user_id: number;
  mode: ReadingMode | null;
  direction: ReadingDirection | null;
  fit: ReadingFit | null;
  /** Double pages: 1 shows the first page alone so pairs fall right. */
  cover_alone: number | null;
  font_size: number | null;
  /** null: the default of the reader's language (a CJK-friendly face for Chinese). */
  font_family: 'serif' | 'sans' | null;
  /** Line spacing in tenths (15 is 1.5). */
  line_spacing_tenths: number | null;
  margins: number | null;
  theme: 'system' | 'light' | 'sepia' | 'dark' | null;
  updated_at: number;
}

/** A reader's choice for one book (issue 45); a null field follows the book or the reader's default. */
export interface BookReadingOverridesTable {
  user_id: number;
  book_id: number;
  mode: ReadingMode | null;
  direction: ReadingDirection | null;
  fit: ReadingFit | null;
  cover_alone: number | null;
  updated_at: number;
}

export interface BookTranslationsTable {
  book_id: number;
  language: string;
  title: string;
  introduction: string;
}

/** Other names readers know a book by, in the operator's order (migration 2026-11-25T1700). */
export interface BookAlternateTitlesTable {
  book_id: number;
  position: number;
  title: string;
  /** A BCP 47 tag, or null when not given. */
  language: string | null;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
}

export interface BookTagsTable {
  book_id: number;
  tag_id: number;
  position: number;
}

export interface ChaptersTable {
  id: Generated<number>;
  uuid: string;
  book_id: number;
  number: number;
  is_published: number;
  cover_key: string | null;
  total_likes: Generated<number>;
  created_at: number;
  /** A scheduled release: the chapter stays unpublished until this moment, then publishes itself. */
  publish_at: number | null;
  /** Comments readers see (state 'visible', replies included), changed by increments. */
  comments_count: Generated<number>;
  /** Visible top-level comments (migration 2026-11-26T0900): the first page's total, kept as comments_count is. */
  top_comments_count: Generated<number>;
  /** This chapter's own price in coins; null: the book's. */
  coin_price: Generated<number | null>;
  /** In early access until then (coins, and members where the book says so); null: not in early access. */
  early_access_until: Generated<number | null>;
}

/** Visible to everyone; held by the word filter or hidden by a moderator (its author and the moderators see it); deleted. */
export type CommentState = 'visible' | 'held' | 'hidden' | 'deleted';

/** Chapter comments (migration 2026-11-25T1800): top-level (parent_id null) or a reply to one. */
export interface CommentsTable {
  id: Generated<number>;
  uuid: string;
  book_id: number;
  chapter_id: number;
  user_id: number;
  parent_id: number | null;
  body: string;
  spoiler: Generated<number>;
  state: Generated<CommentState>;
  /** SHA-256 of the folded body: the same text posted again and again is refused. */
  body_hash: string;
  likes: Generated<number>;
  /** Replies readers see (state 'visible'). */
  replies_count: Generated<number>;
  /** Reports not yet resolved: the moderators' queue reads comments with open_reports > 0. */
  open_reports: Generated<number>;
  created_at: number;
  edited_at: number | null;
  moderated_at: number | null;
  moderated_by: number | null;
}

export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: number;
}

export interface CommentReportsTable {
  id: Generated<number>;
  comment_id: number;
  reporter_id: number;
  reason: string;
  detail: string | null;
  created_at: number;
  resolved_at: number | null;
  resolution: 'dismissed' | 'hidden' | 'deleted' | null;
  resolved_by: number | null;
}

/** A reader banned from commenting and rating; until null: for good. */
export interface CommentBansTable {
  user_id: number;
  reason: string;
  until: number | null;
  created_at: number;
  created_by: number | null;
}

export interface CommentWordFiltersTable {
  id: Generated<number>;
  pattern: string;
  action: 'mask' | 'hold';
  created_at: number;
}

/** A reply to a reader's comment, listed in the library's alerts. */
export interface CommentAlertsTable {
  id: Generated<number>;
  user_id: number;
  comment_id: number;
  created_at: number;
  read_at: number | null;
}

export interface BookRatingsTable {
  book_id: number;
  user_id: number;
  /** 1 to 10. */
  score: number;
  review: string | null;
  review_state: Generated<'visible' | 'held' | 'hidden'>;
  created_at: number;
  updated_at: number;
}

export interface ChapterTranslationsTable {
  chapter_id: number;
  language: string;
  title: string;
}

export interface ChapterPagesTable {
  id: Generated<number>;
  chapter_id: number;
  language: string;
  position: number;
  /** The fallback every browser shows: the source's own format (JPEG, PNG, WebP…), cleaned. */
  media_key: string;
  /** Smaller modern variants; null when the encoder could not beat the fallback. */
  avif_key: string | null;
  webp_key: string | null;
  /** The data saver's lighter WebP (at most 800 px wide, more compressed); null until made. */
  lite_key: string | null;
  width: number;
  height: number;
}

export interface ChapterTextsTable {
  chapter_id: number;
  language: string;
  /** Sanitised HTML: paragraphs, headings, emphasis and line breaks only. */
  html: string;
  word_count: number;
}

export interface ImportSourcesTable {
  /** SHA-256 of the imported chapter's content (its files' hashes in order). */
  content_hash: string;
  book_id: number;
  chapter_id: number;
  language: string;
  source_name: string;
  imported_at: number;
}

export interface ChapterLikesTable {
  user_id: number;
  chapter_id: number;
  created_at: number;
}

/**
 * A reader's right to one paid chapter other than a membership (issue 41; kinds come with the ways
 * to get one: coin unlocks, gifts). Read only by the access module (modules/access); counts while
 * revoked_at is null.
 */
export interface ChapterGrantsTable {
  id: Generated<number>;
  user_id: number;
  chapter_id: number;
  kind: string;
  /** Unique per kind: the purchase, gift or unlock the grant comes from. */
  source_ref: string;
  granted_at: number;
  revoked_at: number | null;
  /** Issue 59: a rental's end (the grant is absent from then on); null: for good. */
  expires_at: Generated<number | null>;
}

/** Written by triggers (migration 2026-11-24T1800): whose reader state changed, read by reader-change-feed.ts. */
export interface ReaderChangesTable {
  id: Generated<number>;
  user_id: number;
  /** The chapter whose like count moved (a like row); null for account and membership changes. */
  chapter_id: number | null;
  changed_at: number;
}

export interface MembershipGrantsTable {
  id: Generated<number>;
  user_id: number;
  /** Where the time came from: admin, coupon, invite, wechat, stripe, sandbox. */
  source: string;
  /** Unique per source: an order id, a coupon redemption, an admin action id. */
  source_ref: string;
  starts_at: number;
  ends_at: number;
  revoked_at: number | null;
  note: string | null;
  created_at: number;
  /** The grant's length, so a refund can re-stack what remains; null for grants older than that rule. */
  grant_months: number | null;
  grant_days: number | null;
}

/** Per UTC day (days since epoch): users whose member_since / member_until falls on it. */
export interface MemberDaysTable {
  day: number;
  new_members: number;
  memberships_ending: number;
}

/** Paid and refunded amounts per UTC day (epoch ms / 86400000), provider and plan (stats/revenue-days.repository.ts). */
export interface RevenueDaysTable {
  day: number;
  provider: PaymentOrdersTable['provider'];
  plan: PaymentOrdersTable['plan'];
  paid_amount: number;
  refunded_amount: number;
}

export interface ReadingEventsTable {
  id: Generated<number>;
  event_type: string;
  book_id: number;
  chapter_id: number | null;
  user_id: number | null;
  visitor_id: string | null;
  occurred_at: number;
  received_at: number;
  /** The client's `at` as sent (epoch ms), null without one: a repeated send is recognised by it (events.service.ts). */
  client_at: number | null;
}

/** One row per reader, event type, target and UTC day that counted towards popularity (events.service.ts). */
export interface ReadingEventDaysTable {
  /** `user:<id>` for a logged-in reader, `ip:<sha256>` for an anonymous one. */
  reader_key: string;
  event_type: string;
  /** The chapter id (start and finish) or the book id (open_book). */
  target_id: number;
  /** Days since 1970-01-01 UTC. */
  day: number;
}

/** Reading events per UTC day and type, added by the roll-up (stats/reading-rollup.ts). */
export interface ReadingDayTotalsTable {
  day: number;
  event_type: string;
  events: number;
}

/** Chapter starts per book and UTC day, added by the roll-up. */
export interface ReadingDayBooksTable {
  book_id: number;
  day: number;
  starts: number;
}

/** A book's chapter starts on the days from `from_day` on, for the 30- and 90-day top books. */
export interface ReadingBookWindowsTable {
  book_id: number;
  window_days: number;
  from_day: number;
  starts: number;
}

/** A reader: `u:<user id>` when logged in, `v:<visitor id>` before (reader-journey migration). */
export type ReaderKey = string;

/** Where a reader is in a book: one row per reader and book. */
export interface ReadingProgressTable {
  reader_key: ReaderKey;
  book_id: number;
  chapter_id: number;
  /** Comics: the page the reader was on (0-based). */
  page_index: number | null;
  /** Comics: how far down that page (0–1); webtoon pages can be many screens tall. */
  page_offset: number | null;
  /** Novels: how far through the text (0–1). */
  text_fraction: number | null;
  updated_at: number;
}

/** Every chapter a reader opened (the history) and when they finished it (the read markers). */
export interface ChapterReadsTable {
  reader_key: ReaderKey;
  chapter_id: number;
  book_id: number;
  read_at: number;
  finished_at: number | null;
}

export interface BookFollowsTable {
  user_id: number;
  book_id: number;
  created_at: number;
}

/** Issue 61: the reader's status of a book (modules/library/statuses.service.ts). */
/** Issue 61: a reader's named list of books (migration 2026-12-05T1000-reader-lists). */
export interface ReaderListsTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  name: string;
  description: Generated<string>;
  /** One of LIST_VISIBILITIES (contracts). */
  visibility: Generated<string>;
  hidden_at: number | null;
  hidden_reason: string | null;
  featured_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ReaderListBooksTable {
  list_id: number;
  book_id: number;
  /** From 1. */
  position: number;
  note: string | null;
  added_at: number;
}

export interface ReaderListFollowsTable {
  user_id: number;
  list_id: number;
  created_at: number;
}

export interface ReadingStatusesTable {
  user_id: number;
  book_id: number;
  /** One of READING_STATUSES (contracts). */
  status: string;
  /** 1: the reader set it; 0: the site did (reading, at the first chapter opened). */
  chosen: number;
  created_at: number;
  updated_at: number;
}

/** A browser's Web Push subscription (push.service.ts). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  language: string;
  created_at: number;
  last_success_at: number | null;
  /** Failed deliveries in a row; the subscription is dropped after a few. */
  failure_count: Generated<number>;
}

export interface AuthThrottleTable {
  /** `login-pair:`, `login-ip:` or `login-account:` and a SHA-256 hex digest (login-throttle.ts). */
  throttle_key: string;
  window_start: number;
  failures: number;
  /** Epoch ms before which the next attempt under this key is refused (0: at once). */
  next_allowed_at: Generated<number>;
}

export interface AppStateTable {
  state_key: string;
  value: string;
}

export interface CouponsTable {
  id: Generated<number>;
  /** Upper-cased: codes are case-insensitive. */
  code: string;
  grant_days: number | null;
  grant_months: number | null;
  /** null: unlimited. */
  max_redemptions: number | null;
  redemption_count: Generated<number>;
  /** Redeemable until this moment; null: no end. */
  expires_at: number | null;
  disabled_at: number | null;
  note: string | null;
  created_at: number;
}

export interface CouponRedemptionsTable {
  coupon_id: number;
  user_id: number;
  created_at: number;
}

/** A membership that renews itself (docs/PAYMENTS.md "Renewals"); its time is in the ledger, not here. */
export interface MembershipSubscriptionsTable {
  id: Generated<number>;
  provider: 'stripe' | 'sandbox' | 'wechat';
  /** The provider's subscription id (Stripe `sub_…`; WeChat: our out_contract_code). */
  provider_ref: string;
  /** Null while only an invoice has named the subscription (its checkout session is still on its way). */
  user_id: number | null;
  plan: 'month' | 'season';
  /** `incomplete`: reader not known yet; `active`; `past_due`: a renewal failed, in grace; `canceled`: ended. */
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  /** 1: the reader (or the console) stopped the renewal; it ends with the paid period. */
  cancel_at_period_end: number;
  current_period_end: number | null;
  /** Stripe's customer (`cus_…`): the customer portal opens on it. WeChat: the signed contract_id. */
  customer_ref: string | null;
  /** The failed invoice whose grace grant runs (membership_grants source `grace`). */
  grace_ref: string | null;
  grace_until: number | null;
  cancel_reason: string | null;
  canceled_at: number | null;
  /** The provider's time of the newest state applied (ms): an older event changes nothing. */
  last_event_at: number;
  /** WeChat contracts: the membership end the last pre-deduction notice announced. */
  notice_for: number | null;
  /** WeChat contracts: when a deduction was last asked for. */
  attempted_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Issue 60: one row per sign-in, any way (the reader's security page; deleted with the account). */
export interface SignInEventsTable {
  id: Generated<number>;
  user_id: number;
  /** `password`, `passkey`, `oidc`, `wechat`. */
  method: 'password' | 'passkey' | 'oidc' | 'wechat';
  /** The OpenID provider's id for `oidc`; null otherwise. */
  provider: string | null;
  created_at: number;
}

/** Issue 60: a reader's passkeys (WebAuthn credentials): the public key only; deleted with the account. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** The credential id, base64url (unique across the site). */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter as last seen (0: the authenticator keeps none). */
  sign_count: number;
  /** JSON array of the transports the browser reported (`internal`, `hybrid`, `usb`, …). */
  transports: string;
  /** 1 when the passkey is synced to other devices (backed up), 0 when it lives on one device. */
  backed_up: number;
  /** The reader's name for it, 1-64 characters. */
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** Issue 60: WebAuthn challenges handed out, each consumed by the first answer naming it (5 minutes). */
export interface WebauthnChallengesTable {
  id: Generated<number>;
  /** base64url of 32 random bytes. */
  challenge: string;
  /** `register`, `authenticate` (anonymous sign-in), `confirm` (a signed-in reader proving a passkey). */
  purpose: 'register' | 'authenticate' | 'confirm';
  /** The reader a `register` or `confirm` challenge was given to; null for `authenticate`. */
  user_id: number | null;
  expires_at: number;
}

/** Issue 60: a provider account (provider + subject) that signs in to a reader (docs/ACCOUNTS.md "Ways to sign in"). */
export interface LinkedIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  /** `oidc` (WeChat website login later: `wechat`). */
  method: 'oidc' | 'wechat';
  /** The provider's id (OIDC_PROVIDERS). */
  provider: string;
  /** The provider's stable id of the account (`sub`). */
  subject: string;
  email: string | null;
  /** 1 when the provider said the address is verified. */
  email_verified: Generated<number>;
  display_name: string | null;
  created_at: number;
  last_used_at: number | null;
}

/** Issue 60: one sign-in with an outside provider in progress (10 minutes, single use). */
export interface ExternalSignInFlowsTable {
  id: Generated<number>;
  method: 'oidc' | 'wechat';
  provider: string;
  /** SHA-256 (hex) of the state sent to the provider. */
  state_hash: string;
  /** SHA-256 (hex) of the value in the starting browser's cookie. */
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  purpose: 'sign_in' | 'link';
  /** The signed-in reader linking (purpose `link`). */
  user_id: number | null;
  return_to: string | null;
  created_at: number;
  finished_at: number | null;
  /** SHA-256 (hex) of the one-time result given to the web page. */
  result_hash: string | null;
  outcome: 'signed_in' | 'totp_required' | 'choose_username' | 'link_with_password' | 'linked' | null;
  target_user_id: number | null;
  /** JSON of the provider's identity (ExternalIdentity). */
  identity: string | null;
  result_used_at: number | null;
}

/** Each invoice of a subscription, once: `parked` until its reader is known, `paid` (with its order), `failed`. */
export interface SubscriptionInvoicesTable {
  id: Generated<number>;
  provider: 'stripe' | 'sandbox' | 'wechat';
  invoice_ref: string;
  subscription_id: number;
  status: 'parked' | 'paid' | 'failed' | 'incident';
  amount: number;
  currency: string;
  payment_ref: string | null;
  order_id: string | null;
  billing_reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface PaymentOrdersTable {
  id: Generated<number>;
  /** Our order number (WeChat out_trade_no). */
  order_id: string;
  user_id: number;
  provider: 'wechat' | 'stripe' | 'sandbox';
  /** 'coins': a coin pack (months 0, coins and bonus_coins as sold). */
  plan: 'month' | 'season' | 'coins';
  months: number;
  amount_fen: number;
  currency: string;
  status: 'pending' | 'paid' | 'expired' | 'failed' | 'refunded';
  /** The provider's transaction: WeChat transaction_id, Stripe Checkout session id. */
  provider_txn_id: string | null;
  /** Stripe's payment intent, which refunds name. */
  provider_payment_id: string | null;
  created_at: number;
  paid_at: number | null;
  expires_at: number;
  /** When the provider confirmed the final state; reconciliation stops asking. */
  settled_at: number | null;
  refunded_at: number | null;
  coin_pack_id: Generated<number | null>;
  coins: Generated<number>;
  bonus_coins: Generated<number>;
  bonus_expiry_days: Generated<number | null>;
  /** The subscription whose invoice this order paid (issue 59); null for a one-time purchase. */
  subscription_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Issue 59: 1 for a gift membership (its payment makes a gift code, grants the buyer nothing). */
  gift: Generated<number>;
}

/** What the operator sells for coins (migration 2026-11-27T0900). */
export interface CoinPacksTable {
  id: Generated<number>;
  coins: number;
  bonus_coins: number;
  price_fen: number;
  bonus_expiry_days: number | null;
  /** The Stripe payment link selling this pack: the webhook's allowlist, beside the plans' links. */
  stripe_payment_link: string | null;
  stripe_buy_button: string | null;
  is_active: number;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

export type CoinLotSource = 'purchase' | 'bonus' | 'grant';

/** A credit of coins and what is left of it (modules/coins/coin-ledger.ts). */
export interface CoinLotsTable {
  id: Generated<number>;
  user_id: number;
  source: CoinLotSource;
  /** Unique per source: the order id of a pack (purchase, bonus), a grant's reference. */
  source_ref: string;
  coins: number;
  remaining: number;
  expires_at: number | null;
  created_at: number;
  revoked_at: number | null;
}

export type CoinEntryKindColumn =
  | 'purchase'
  | 'bonus'
  | 'grant'
  | 'unlock'
  | 'refund'
  | 'reversal'
  | 'expiry'
  // Issue 59: a rental, an auto-unlock, an unlock of all remaining chapters, an auto-unlock undone.
  | 'rental'
  | 'auto_unlock'
  | 'bulk_unlock'
  | 'undo_refund';

/** The wallet history: one row per movement, with the balance after it. */
export interface CoinEntriesTable {
  id: Generated<number>;
  user_id: number;
  kind: CoinEntryKindColumn;
  coins: number;
  balance_after: number;
  order_id: string | null;
  chapter_id: number | null;
  book_id: number | null;
  lot_id: number | null;
  reason: string | null;
  created_at: number;
}

/** Which lots paid for an unlock (its entry), and the grant it bought. */
export interface CoinSpendsTable {
  entry_id: number;
  lot_id: number;
  grant_id: number;
  coins: number;
}

export interface PaymentIncidentsTable {
  id: Generated<number>;
  provider: string;
  /** The provider's object (Stripe session, WeChat order), unique with `kind`. */
  reference: string;
  /** missing_reference, unknown_user, unknown_plan, partial_refund, amount_mismatch, … */
  kind: string;
  /** The plan the payment bought, when known: resolving the incident grants it ('coins': a coin pack, settled by hand). */
  plan: 'month' | 'season' | 'coins' | null;
  /** JSON with what an admin needs to decide (amounts, e-mail, ids). */
  detail: string;
  created_at: number;
  resolved_at: number | null;
  resolution: string | null;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  received_at: number;
  /** The order the event concerns, when known (null for events before 2026-11-23 and for orphans). */
  order_id: string | null;
  /** TRANSACTION.SUCCESS, checkout.session.completed, refund.requested, reconcile.paid, … */
  event_type: string | null;
  /** A short readable line for the console (amounts, provider ids); never secrets. */
  summary: string | null;
}

/** Every change an administrator makes (console or CLI): who, what, when, before → after. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  /** The actor's user name at the time, or `cli` for the command line. */
  actor_name: string;
  /** `book.update`, `membership.grant`, `order.refund`, … (docs/ADMIN.md). */
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: number;
}

/** Settings an administrator may change at run time (site name, contact e-mail, default free chapters). */
export interface SiteSettingsTable {
  setting_key: string;
  /** JSON value. */
  value: string;
  updated_at: number;
}

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** Background work any node can run (jobs/job-runner.ts): claimed with a lease, progress in the row. */
export interface JobsTable {
  id: Generated<number>;
  uuid: string;
  kind: string;
  state: Generated<JobState>;
  /** JSON input of the job. */
  payload: string;
  /** JSON progress the console reads while the job runs. */
  progress: string | null;
  /** JSON outcome once finished. */
  result: string | null;
  error: string | null;
  /** Not before this moment (scheduled releases). */
  run_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  attempts: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export type MailState = 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed';

/** One e-mail (modules/mail/): written with the change that causes it, sent by the job runner. */
export interface MailOutboxTable {
  id: Generated<number>;
  uuid: string;
  /** The template (modules/mail/templates/<kind>.ts). */
  kind: string;
  recipient: string;
  /** Lower-cased address: the per-recipient hourly cap counts by it. */
  recipient_key: string;
  user_id: number | null;
  language: string;
  /** Set for messages that are not strictly transactional: the list one-click unsubscribe leaves. */
  list: string | null;
  /** JSON object of the values the template fills in. */
  data: string;
  /** JSON array of the data fields erased once the message is sent or failed (reset links). */
  secret_fields: string | null;
  state: Generated<MailState>;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  /** The Message-ID header, fixed at queueing: a resend after a crash is recognisable as the same message. */
  message_id: string;
  created_at: number;
  sent_at: number | null;
  updated_at: number;
}

/** A single-use link of an account (users/account-tokens.ts): e-mail confirmation or password reset. */
/** A reader's OPDS feed key (issue 32, docs/OPDS.md "Feed keys"). */
export interface FeedKeysTable {
  id: Generated<number>;
  user_id: number;
  /** The reader's name for it (1–40 characters, plain text on one line). */
  name: string;
  /** SHA-256 (hex) of the key; the key itself was shown once, at creation. */
  key_hash: string;
  created_at: number;
  /** Recorded at most once a minute per key. */
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'email-confirm' | 'password-reset';
  /** SHA-256 (hex) of the token; the token itself is only in the message. */
  token_hash: string;
  /** For a confirmation: the address it confirms (the account's address may have changed since). */
  email: string | null;
  expires_at: number;
  /** Set by the one conditional UPDATE that uses (or voids) the token. */
  used_at: number | null;
  created_at: number;
}

export type DataExportState = 'queued' | 'building' | 'ready' | 'failed' | 'expired';

/** A reader's "Download my data" archive (modules/data-rights/export/, docs/ACCOUNTS.md "Download your data"). */
export interface DataExportsTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  state: Generated<DataExportState>;
  /** Null: the reader asked; else the operator who started it (with `reason`, audited). */
  requested_by: number | null;
  reason: string | null;
  requested_at: number;
  ready_at: number | null;
  /** ready_at + 7 days: the archive can be downloaded until then, and its bytes are removed after. */
  expires_at: number | null;
  size_bytes: number | null;
  /** The last download: a second one within a minute is refused (one conditional UPDATE). */
  last_download_at: number | null;
  error: string | null;
}

/** The archive's bytes while it can be downloaded (in the database: nodes share no disk, media may be public). */
export interface DataExportArchivesTable {
  export_id: number;
  bytes: Buffer;
}

export type LegalKind = 'privacy' | 'terms';

/** One published text of a legal page (modules/legal/): never changed, the next version replaces it. */
export interface LegalDocumentsTable {
  id: Generated<number>;
  kind: LegalKind;
  language: string;
  /** 1, 2, … per kind and language (0 is the built-in default text, never stored). */
  version: number;
  markdown: string;
  /** The operator who published it; null once that account is gone. */
  created_by: number | null;
  created_at: number;
}

export interface Database {
  data_exports: DataExportsTable;
  data_export_archives: DataExportArchivesTable;
  legal_documents: LegalDocumentsTable;
  mail_outbox: MailOutboxTable;
  account_tokens: AccountTokensTable;
  feed_keys: FeedKeysTable;
  users: UsersTable;
  account_deletions: AccountDeletionsTable;
  user_recovery_codes: UserRecoveryCodesTable;
  books: BooksTable;
  book_creators: BookCreatorsTable;
  discovery_book_stats: DiscoveryBookStatsTable;
  discovery_also_read: DiscoveryAlsoReadTable;
  book_translations: BookTranslationsTable;
  book_alternate_titles: BookAlternateTitlesTable;
  tags: TagsTable;
  book_tags: BookTagsTable;
  chapters: ChaptersTable;
  chapter_translations: ChapterTranslationsTable;
  chapter_pages: ChapterPagesTable;
  chapter_likes: ChapterLikesTable;
  chapter_grants: ChapterGrantsTable;
  coin_packs: CoinPacksTable;
  coin_lots: CoinLotsTable;
  coin_entries: CoinEntriesTable;
  auto_unlocks: AutoUnlocksTable;
  coin_spends: CoinSpendsTable;
  membership_grants: MembershipGrantsTable;
  member_days: MemberDaysTable;
  revenue_days: RevenueDaysTable;
  reader_changes: ReaderChangesTable;
  reading_events: ReadingEventsTable;
  reading_event_days: ReadingEventDaysTable;
  reading_day_totals: ReadingDayTotalsTable;
  reading_day_books: ReadingDayBooksTable;
  reading_book_windows: ReadingBookWindowsTable;
  auth_throttle: AuthThrottleTable;
  app_state: AppStateTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  payment_orders: PaymentOrdersTable;
  membership_subscriptions: MembershipSubscriptionsTable;
  sign_in_events: SignInEventsTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  linked_identities: LinkedIdentitiesTable;
  external_sign_in_flows: ExternalSignInFlowsTable;
  subscription_invoices: SubscriptionInvoicesTable;
  gift_codes: GiftCodesTable;
  payment_events: PaymentEventsTable;
  payment_incidents: PaymentIncidentsTable;
  chapter_texts: ChapterTextsTable;
  import_sources: ImportSourcesTable;
  reading_progress: ReadingProgressTable;
  chapter_reads: ChapterReadsTable;
  book_follows: BookFollowsTable;
  reading_statuses: ReadingStatusesTable;
  reader_lists: ReaderListsTable;
  reader_list_books: ReaderListBooksTable;
  reader_list_follows: ReaderListFollowsTable;
  push_subscriptions: PushSubscriptionsTable;
  audit_log: AuditLogTable;
  site_settings: SiteSettingsTable;
  jobs: JobsTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  comment_reports: CommentReportsTable;
  comment_bans: CommentBansTable;
  comment_word_filters: CommentWordFiltersTable;
  comment_alerts: CommentAlertsTable;
  book_ratings: BookRatingsTable;
  reader_settings: ReaderSettingsTable;
  book_reading_overrides: BookReadingOverridesTable;
}

export type UserRow = Selectable<UsersTable>;
export type BookRow = Selectable<BooksTable>;
export type ChapterRow = Selectable<ChaptersTable>;
export type NewBook = Insertable<BooksTable>;
export type NewChapter = Insertable<ChaptersTable>;

/** Issue 59: a reader's opt-in to auto-unlock a book's next chapter, with their cap and what it spent under it. */
export interface AutoUnlocksTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  cap: number;
  spent: Generated<number>;
  enabled_at: number;
}

/** Issue 59: the one-use code of a paid gift order (modules/gifts/; migration 2026-12-03T0910). */
export interface GiftCodesTable {
  id: Generated<number>;
  order_id: string;
  buyer_id: number;
  months: number;
  /** SHA-256 (hex) of the canonical code; the code is never stored. */
  code_hash: string;
  created_at: number;
  revealed_at: number | null;
  redeemed_by: number | null;
  redeemed_at: number | null;
  cancelled_at: number | null;
}
