/** Business constants shared by server and web (product spec section 9, API contract). */
import { MARKS_PER_CHARACTER_MAX } from './text-shape.js';

export const DEFAULT_FREE_CHAPTERS = 3;
export const BOOK_PAGE_SIZE_DEFAULT = 10;
export const BOOK_PAGE_SIZE_MAX = 50;
export const CHAPTER_PAGE_SIZE_MAX = 100;
export const RECOMMENDATION_LIMIT = 10;
export const EVENTS_BATCH_MAX = 50;

export const USERNAME_MIN = 4;
export const USERNAME_MAX = 16;
/**
 * Letters of any script and digits, nothing else. A letter may carry combining marks: scripts
 * such as Devanagari write vowels that way, and decomposed (NFD) input arrives that way; at most
 * MARKS_PER_CHARACTER_MAX of them, as in the text readers write (text-shape.ts). Letters and marks
 * that draw nothing (default-ignorable: the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the
 * variation selectors) are no part of a name: four Hangul fillers were a name no one could see.
 */
const VISIBLE = '(?!\\p{Default_Ignorable_Code_Point})';
export const USERNAME_PATTERN = `^(?:${VISIBLE}[\\p{L}\\p{N}](?:${VISIBLE}\\p{M}){0,${MARKS_PER_CHARACTER_MAX}})+$`;
export const REGISTER_PASSWORD_MIN = 5;
/**
 * The seed's rule was 5–25; a long passphrase is welcome (issue 40): 128, as every other new
 * password. No client of the seed breaks when a longer one is accepted.
 */
export const REGISTER_PASSWORD_MAX = 128;
export const NEW_PASSWORD_MIN = 8;
export const NEW_PASSWORD_MAX = 128;
/** Longest current password a password change accepts: the login takes as long a password. */
export const CURRENT_PASSWORD_MAX = 256;

/** Visitor ids are 4 random bytes as 8 lowercase hex characters. */
export const VISITOR_ID_PATTERN = /^[0-9a-f]{8}$/;

/** Alternate titles of a book (console, importer): how many, and the longest language tag (BCP 47's own bound). */
export const BOOK_ALTERNATE_TITLES_MAX = 20;
export const LANGUAGE_TAG_MAX = 35;

/** The spec's sorts, and ext `rating` (top rated: Bayesian average, then popularity; docs/COMMUNITY.md). */
export const BOOK_ORDERS = ['updated_at', 'popularity', 'rating'] as const;
export type BookOrder = (typeof BOOK_ORDERS)[number];
/** The book list's sorts and, for a search (`q`), by how well a book matches: the default when `q` is given (ext). */
export const BOOK_SEARCH_ORDERS = [...BOOK_ORDERS, 'relevance'] as const;
export type BookSearchOrder = (typeof BOOK_SEARCH_ORDERS)[number];
export const CHAPTER_DIRECTIONS = ['asc', 'desc'] as const;
export type ChapterDirection = (typeof CHAPTER_DIRECTIONS)[number];

/** Reading progress: entries per write, items in "Continue reading", follows per account. */
export const PROGRESS_BATCH_MAX = 20;
export const CONTINUE_READING_MAX = 50;
export const HISTORY_PAGE_SIZE_MAX = 50;
export const FOLLOWS_MAX = 1000;
/**
 * Issue 61: the statuses a reader files a book under (docs/READER-JOURNEY.md "Statuses and lists"),
 * in the library's tab order; and how many books one reader may file (a bound, not a plan).
 */
export const READING_STATUSES = ['reading', 'plan_to_read', 'on_hold', 're_reading', 'completed', 'dropped'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];
export const STATUSES_MAX = 10_000;
export const STATUSES_PAGE_SIZE_MAX = 100;
/** Issue 61, import from other sites: the file as sent (base64 of a .gz, or plain text), in characters. */
export const STATUS_IMPORT_CONTENT_MAX = 2_800_000;
/** The file after base64 decoding, in bytes. */
export const STATUS_IMPORT_FILE_MAX = 2 * 1024 * 1024;
/** A gzipped file once unpacked, in bytes (a bomb stops here). */
export const STATUS_IMPORT_UNPACKED_MAX = 20 * 1024 * 1024;
/** Entries read from one file; a longer list is refused whole. */
export const STATUS_IMPORT_ENTRIES_MAX = 5000;
/** Entries listed one by one in the report (the counts cover all of them). */
export const STATUS_IMPORT_REPORT_MAX = 1000;
/** Issue 61: reader lists (docs/API.md "Reader lists"). */
export const LIST_VISIBILITIES = ['private', 'unlisted', 'public'] as const;
export type ListVisibility = (typeof LIST_VISIBILITIES)[number];
export const LISTS_PER_READER_MAX = 100;
export const LIST_BOOKS_MAX = 500;
export const LIST_NAME_MAX = 80;
export const LIST_DESCRIPTION_MAX = 500;
export const LIST_NOTE_MAX = 280;
export const LIST_HIDE_REASON_MAX = 500;
export const STAFF_PICKS_MAX = 12;

/** Two-step sign-in (issue 28): a 6-digit code of the authenticator app (RFC 6238, 30-second steps). */
export const TOTP_CODE_PATTERN = '^[0-9]{6}$';
/** Recovery codes: 12 letters and digits shown as xxxx-xxxx-xxxx (dashes optional, any case). */
export const RECOVERY_CODE_PATTERN = '^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$';
export const TOTP_OR_RECOVERY_CODE_PATTERN = '^(?:[0-9]{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$';
/** How many recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * E-mail (issue 28, docs/MAIL.md): every kind of message the site sends (a template each on the
 * server), the states of an outbox row, and the lists a reader can leave with one click (every
 * other kind is strictly transactional).
 */
export const MAIL_KINDS = [
  'email-confirm',
  'email-changed',
  'password-reset',
  'password-changed',
  'payment-receipt',
  'coupon-receipt',
  'refund-notice',
  'membership-reminder',
  'chapter-digest',
  'two-step-changed',
  'sign-in-ways-changed',
  'data-export-ready',
  'account-deletion-scheduled',
  'account-deletion-cancelled',
  'account-erased',
  // Issue 59: a failed renewal's grace (transactional); a renewing season plan's reminder (list: reminders).
  'renewal-failed',
  'renewal-reminder',
  'gift-code',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed', 'suppressed'] as const;
export type MailStateName = (typeof MAIL_STATES)[number];
export const MAIL_LISTS = ['reminders', 'digest'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/**
 * The community (issue 31, docs/COMMUNITY.md): chapter comments, their replies (one level), book
 * ratings with a short review, and the limits that keep it civil.
 */
export const COMMENT_BODY_MAX = 2000;
export const COMMENT_PAGE_SIZE_DEFAULT = 20;
export const COMMENT_PAGE_SIZE_MAX = 50;
export const COMMENT_SORTS = ['newest', 'top', 'oldest'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];
export const COMMENT_REPORT_REASONS = ['spam', 'harassment', 'spoiler', 'off_topic', 'other'] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];
export const COMMENT_REPORT_DETAIL_MAX = 500;
/** Accounts younger than this (hours; a site setting, this is its default) cannot post links. */
export const COMMENT_LINKS_MIN_ACCOUNT_AGE_HOURS = 24;
/** Ratings: 1 to 10 points; an optional review of at most this many characters. */
export const RATING_MIN = 1;
export const RATING_MAX = 10;
export const REVIEW_BODY_MAX = 1000;
/** Book cards show the average once a book has this many ratings. */
export const RATING_CARD_MIN_COUNT = 5;
/** The Bayesian average's prior weight: as if every book had this many ratings at the catalogue's mean. */
export const RATING_PRIOR_WEIGHT = 10;
/** Reply alerts (the library's Alerts tab): page size, and ids marked read in one call. */
export const ALERTS_PAGE_SIZE_DEFAULT = 20;
export const ALERTS_PAGE_SIZE_MAX = 50;
export const ALERTS_MARK_MAX = 100;
/** Characters of a comment shown in an alert (the reply and the reader's own comment). */
export const ALERT_EXCERPT_MAX = 140;

/** OPDS feed keys (issue 32, docs/OPDS.md "Feed keys"): live keys an account may hold at once. */
export const FEED_KEYS_MAX = 5;
/** A feed key's name, in characters, after cleaning (trimmed, one line). */
export const FEED_KEY_NAME_MAX = 40;

/**
 * How long personal data is kept (issue 43, docs/ADMIN.md "Retention"), in days: the default, and
 * the minimum below which the site would lose what it needs (the 90-day popularity window, a
 * year of the audit log for security reviews, a week of sent mail for support questions).
 */
export const RETENTION_DAYS = {
  retention_reading_events_days: { default: 365, min: 90, max: 3650 },
  retention_visitor_days: { default: 180, min: 30, max: 3650 },
  retention_outbox_days: { default: 90, min: 7, max: 3650 },
  retention_audit_days: { default: 730, min: 365, max: 3650 },
} as const;
export type RetentionSetting = keyof typeof RETENTION_DAYS;
export type RetentionDays = Record<RetentionSetting, number>;

/** The legal pages (issue 43): their kinds, and the longest Markdown the console accepts for one (characters). */
export const LEGAL_KINDS = ['privacy', 'terms'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];
export const LEGAL_MARKDOWN_MAX = 100_000;

/** Issue 60: passkeys an account may have at once. */
export const PASSKEYS_MAX = 20;
/** Issue 60: a passkey's name, as the reader gives it. */
export const PASSKEY_NAME_MAX = 64;

/**
 * Issue 61: a book's content rating, from the mildest (docs/CONTENT.md "Content ratings"); who is
 * shown which is the server's rule (apps/server/src/modules/access/content-rating.ts).
 */
export const CONTENT_RATINGS = ['all_ages', 'teen', 'mature', 'adult'] as const;
export type ContentRatingValue = (typeof CONTENT_RATINGS)[number];
/** What a book carries when nobody set its rating (every book made before ratings existed). */
export const DEFAULT_CONTENT_RATING: ContentRatingValue = 'all_ages';

/** What a book shows that a reader may want to leave out (a fixed vocabulary, so filters stay fast). */
export const CONTENT_DESCRIPTORS = ['violence', 'gore', 'sexual_content', 'nudity', 'language', 'drugs', 'horror', 'self_harm'] as const;
export type ContentDescriptorValue = (typeof CONTENT_DESCRIPTORS)[number];
