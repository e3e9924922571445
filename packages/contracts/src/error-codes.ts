/** Stable error codes of the API. Clients switch on these, never on the message. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_CURSOR: 'INVALID_CURSOR',
  INVALID_LANGUAGE: 'INVALID_LANGUAGE',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_TOKEN: 'INVALID_TOKEN',
  AUTH_REQUIRED: 'AUTH_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  CONFLICT: 'CONFLICT',
  JOB_NOT_FOUND: 'JOB_NOT_FOUND',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  COUPON_NOT_FOUND: 'COUPON_NOT_FOUND',
  REFUND_FAILED: 'REFUND_FAILED',
  UPLOAD_TOO_LARGE: 'UPLOAD_TOO_LARGE',
  UPLOAD_REFUSED: 'UPLOAD_REFUSED',
  INVALID_IMAGE: 'INVALID_IMAGE',
  RATE_LIMITED: 'RATE_LIMITED',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  INVALID_INVITE_CODE: 'INVALID_INVITE_CODE',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  TOTP_REQUIRED: 'TOTP_REQUIRED',
  INVALID_TOTP: 'INVALID_TOTP',
  TOTP_ALREADY_ENABLED: 'TOTP_ALREADY_ENABLED',
  TOTP_NOT_ENABLED: 'TOTP_NOT_ENABLED',
  TOTP_SETUP_REQUIRED: 'TOTP_SETUP_REQUIRED',
  INVALID_EMAIL: 'INVALID_EMAIL',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  INVALID_EMAIL_TOKEN: 'INVALID_EMAIL_TOKEN',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  BOOK_NOT_FOUND: 'BOOK_NOT_FOUND',
  // Issue 61: an adult book, and this reader has not confirmed their age (or is a visitor).
  AGE_CONFIRMATION_REQUIRED: 'AGE_CONFIRMATION_REQUIRED',
  CHAPTER_NOT_FOUND: 'CHAPTER_NOT_FOUND',
  /** Issue 46: no published book credits this person (GET /comics/author/{slug}, 404). */
  AUTHOR_NOT_FOUND: 'AUTHOR_NOT_FOUND',
  /** Issue 46: a time zone that is not an IANA name this server knows (the calendar, a book's publishing days; 400). */
  INVALID_TIME_ZONE: 'INVALID_TIME_ZONE',
  RELEASE_TIME_PAST: 'RELEASE_TIME_PAST',
  MEMBERSHIP_REQUIRED: 'MEMBERSHIP_REQUIRED',
  MEMBERSHIP_EXPIRED: 'MEMBERSHIP_EXPIRED',
  /** Issue 42: the chapter is in early access; only an unlock (or, where the book says so, a membership) opens it now (403). */
  EARLY_ACCESS: 'EARLY_ACCESS',
  INVALID_COUPON: 'INVALID_COUPON',
  COUPON_EXPIRED: 'COUPON_EXPIRED',
  COUPON_EXHAUSTED: 'COUPON_EXHAUSTED',
  COUPON_ALREADY_USED: 'COUPON_ALREADY_USED',
  /** Issue 59: the buyer of a gift tried to redeem it on their own account (400). */
  GIFT_OWN: 'GIFT_OWN',
  /** Issue 59: this gift code was redeemed already (by anyone; 400). */
  GIFT_ALREADY_REDEEMED: 'GIFT_ALREADY_REDEEMED',
  /** Issue 59: the gift's order was refunded, so the code is void (400). */
  GIFT_CANCELLED: 'GIFT_CANCELLED',
  INVALID_PLAN: 'INVALID_PLAN',
  PAYMENT_UNAVAILABLE: 'PAYMENT_UNAVAILABLE',
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  /** Issue 59: the reader has no renewing membership to cancel, resume or manage (404). */
  SUBSCRIPTION_NOT_FOUND: 'SUBSCRIPTION_NOT_FOUND',
  /** Issue 59: the renewing membership has ended; a new one is bought, not resumed (409). */
  SUBSCRIPTION_ENDED: 'SUBSCRIPTION_ENDED',
  /** Issue 59: the payment provider refused or did not answer; nothing changed, try again (502). */
  SUBSCRIPTION_PROVIDER_FAILED: 'SUBSCRIPTION_PROVIDER_FAILED',
  /** Issue 59: the reader's membership already renews; one renewing membership at a time (409). */
  SUBSCRIPTION_RUNNING: 'SUBSCRIPTION_RUNNING',
  /** Coins (issue 42): the wallet holds fewer coins than the unlock costs (402). */
  INSUFFICIENT_COINS: 'INSUFFICIENT_COINS',
  /** The reader can read the chapter already (free, membership, an earlier unlock): no coin moved (409). */
  ALREADY_READABLE: 'ALREADY_READABLE',
  /** The chapter's book is not sold chapter by chapter, or coins are off on this site (400). */
  UNLOCK_NOT_OFFERED: 'UNLOCK_NOT_OFFERED',
  /** Wait-for-free: the reader's next free unlock of this book is not ready yet (429 with Retry-After). */
  FREE_UNLOCK_NOT_READY: 'FREE_UNLOCK_NOT_READY',
  /** Wait-for-free: every chapter of the book is readable already, nothing to unlock (409). */
  NOTHING_TO_UNLOCK: 'NOTHING_TO_UNLOCK',
  /**
   * Issue 56: wait-for-free asked for a chapter it does not open now (it opens the reader's first
   * locked chapter in reading order, never one in early access); nothing was unlocked (409).
   */
  FREE_UNLOCK_OTHER_CHAPTER: 'FREE_UNLOCK_OTHER_CHAPTER',
  /** Issue 59: the book rents no chapters (no rental price), or coins are off (400). */
  RENTAL_NOT_OFFERED: 'RENTAL_NOT_OFFERED',
  /** Issue 59: the reader holds this chapter for good already: renting it would buy nothing (409). */
  ALREADY_OWNED: 'ALREADY_OWNED',
  /** Issue 59: no auto-unlock of this chapter to undo: none, undone already, or its minute has passed (409). */
  UNDO_NOT_AVAILABLE: 'UNDO_NOT_AVAILABLE',
  /** Issue 59: unlock all: the total the reader confirmed is no longer the total (prices or chapters changed); nothing was spent (409). */
  UNLOCK_ALL_TOTAL_CHANGED: 'UNLOCK_ALL_TOTAL_CHANGED',
  /** Console: no coin pack with this id (404). */
  COIN_PACK_NOT_FOUND: 'COIN_PACK_NOT_FOUND',
  /** Console: another coin pack sells through this Stripe payment link already (409). */
  PAYMENT_LINK_TAKEN: 'PAYMENT_LINK_TAKEN',
  /** Issue 43: a deletion of this account is pending already (409). */
  DELETION_PENDING: 'DELETION_PENDING',
  /** Issue 43: no pending deletion of this account to cancel (404). */
  DELETION_NOT_FOUND: 'DELETION_NOT_FOUND',
  /** Issue 43: the account was erased; nothing can be done with it any more (409). */
  ACCOUNT_ERASED: 'ACCOUNT_ERASED',
  /** Issue 60: no sign-in provider with this id is configured (404). */
  EXTERNAL_PROVIDER_UNKNOWN: 'EXTERNAL_PROVIDER_UNKNOWN',
  /** Issue 60: the sign-in provider could not be reached or its set-up could not be read; try again later (502). */
  EXTERNAL_PROVIDER_UNAVAILABLE: 'EXTERNAL_PROVIDER_UNAVAILABLE',
  /** Issue 60: the provider refused, or its answer (code, ID token) did not check out (400). */
  EXTERNAL_PROVIDER_ERROR: 'EXTERNAL_PROVIDER_ERROR',
  /** Issue 60: the reader cancelled at the provider (400). */
  EXTERNAL_CANCELLED: 'EXTERNAL_CANCELLED',
  /** Issue 60: the answer names no sign-in this browser started (state unknown, used or mismatched; 400). */
  EXTERNAL_STATE_MISMATCH: 'EXTERNAL_STATE_MISMATCH',
  /** Issue 60: the sign-in was started more than 10 minutes ago (400). */
  EXTERNAL_FLOW_EXPIRED: 'EXTERNAL_FLOW_EXPIRED',
  /** Issue 60: the one-time result of a finished sign-in is unknown, used or expired (400). */
  EXTERNAL_RESULT_INVALID: 'EXTERNAL_RESULT_INVALID',
  /** Issue 60: the provider's address is unverified and belongs to an account: no link, no sign-in (409). */
  EXTERNAL_EMAIL_UNVERIFIED: 'EXTERNAL_EMAIL_UNVERIFIED',
  /** Issue 60: this provider account is linked to another account of the site (409). */
  EXTERNAL_IDENTITY_TAKEN: 'EXTERNAL_IDENTITY_TAKEN',
  /** Issue 60: no such linked provider on this account (404). */
  EXTERNAL_LINK_NOT_FOUND: 'EXTERNAL_LINK_NOT_FOUND',
  /** Issue 60: unlinking would leave the account with no way to sign in (409). */
  EXTERNAL_LAST_SIGN_IN_WAY: 'EXTERNAL_LAST_SIGN_IN_WAY',
  READER_REQUIRED: 'READER_REQUIRED',
  FOLLOW_LIMIT_REACHED: 'FOLLOW_LIMIT_REACHED',
  /** Issue 61: the reader filed STATUSES_MAX books under a status (409). */
  STATUS_LIMIT_REACHED: 'STATUS_LIMIT_REACHED',
  /** Issue 61: an import file that is not the chosen site's export (bad base64, gzip, XML or JSON; wrong shape) (400). */
  IMPORT_FILE_UNREADABLE: 'IMPORT_FILE_UNREADABLE',
  /** Issue 61: an import file over the size caps (2 MB sent, 20 MB unpacked) (400). */
  IMPORT_FILE_TOO_LARGE: 'IMPORT_FILE_TOO_LARGE',
  /** Issue 61: an import file with more than STATUS_IMPORT_ENTRIES_MAX entries (400). */
  IMPORT_TOO_MANY_ENTRIES: 'IMPORT_TOO_MANY_ENTRIES',
  /** Issue 61: no such list, or one the reader may not see (404, never 403). */
  LIST_NOT_FOUND: 'LIST_NOT_FOUND',
  /** Issue 61: the reader has LISTS_PER_READER_MAX lists already (409). */
  LIST_LIMIT_REACHED: 'LIST_LIMIT_REACHED',
  /** Issue 61: the list holds LIST_BOOKS_MAX books already (409). */
  LIST_FULL: 'LIST_FULL',
  /** Issue 61: the book is not in the list (404). */
  LIST_BOOK_NOT_FOUND: 'LIST_BOOK_NOT_FOUND',
  /** Issue 61: a reorder that is not exactly the list's books, each once (400). */
  LIST_ORDER_MISMATCH: 'LIST_ORDER_MISMATCH',
  /** Issue 61: a name, description or note the site's word filter holds (400). */
  LIST_TEXT_REFUSED: 'LIST_TEXT_REFUSED',
  /** Issue 61: only a public list can be followed or featured (409). */
  LIST_NOT_PUBLIC: 'LIST_NOT_PUBLIC',
  /** Issue 61: a reader cannot follow their own list (409). */
  LIST_OWN: 'LIST_OWN',
  INVALID_PUSH_ENDPOINT: 'INVALID_PUSH_ENDPOINT',
  PUSH_UNAVAILABLE: 'PUSH_UNAVAILABLE',
  COMMENT_NOT_FOUND: 'COMMENT_NOT_FOUND',
  COMMENT_BANNED: 'COMMENT_BANNED',
  COMMENTS_CLOSED: 'COMMENTS_CLOSED',
  DUPLICATE_COMMENT: 'DUPLICATE_COMMENT',
  LINKS_NOT_ALLOWED: 'LINKS_NOT_ALLOWED',
  /** An OPDS feed request without a live feed key (missing, malformed, unknown, revoked): 401 with WWW-Authenticate. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** The account already has its 5 live feed keys (FEED_KEYS_MAX): revoke one first. */
  FEED_KEY_LIMIT: 'FEED_KEY_LIMIT',
  /** Download my data (issue 43): one archive a day; 429 with Retry-After and next_export_at. */
  EXPORT_TOO_SOON: 'EXPORT_TOO_SOON',
  /** No such archive of this reader, or the link's signature is wrong (404: nothing tells them apart). */
  EXPORT_NOT_FOUND: 'EXPORT_NOT_FOUND',
  /** The archive was kept 7 days and is gone: ask for a new one (410). */
  EXPORT_EXPIRED: 'EXPORT_EXPIRED',
  /** The same archive was downloaded less than a minute ago (429 with Retry-After). */
  EXPORT_DOWNLOAD_TOO_SOON: 'EXPORT_DOWNLOAD_TOO_SOON',
  /** Issue 60, passkeys: the answer of the authenticator does not prove the passkey (signature, origin, site, counter gone backwards): 401. */
  PASSKEY_INVALID: 'PASSKEY_INVALID',
  /** The passkey is not registered here (removed, or made for another site): 401. */
  PASSKEY_NOT_RECOGNIZED: 'PASSKEY_NOT_RECOGNIZED',
  /** The challenge was used already, has expired (5 minutes) or was never given: 400, start again. */
  PASSKEY_CHALLENGE_EXPIRED: 'PASSKEY_CHALLENGE_EXPIRED',
  /** This passkey is registered already: 409. */
  PASSKEY_ALREADY_REGISTERED: 'PASSKEY_ALREADY_REGISTERED',
  /** The account has its PASSKEYS_MAX passkeys: remove one first (409). */
  PASSKEY_LIMIT: 'PASSKEY_LIMIT',
  /** No passkey of this reader with this id: 404. */
  PASSKEY_NOT_FOUND: 'PASSKEY_NOT_FOUND',
  /**
   * Issue 60: the password cannot be removed (409); `details.reason`: no_passkey (add a passkey
   * first), no_recovery (confirm an e-mail address or turn on two-step sign-in with recovery codes
   * first), no_password (there is none to remove); the reason is the detail of field `reason`.
   */
  PASSWORD_REMOVAL_REFUSED: 'PASSWORD_REMOVAL_REFUSED',
  /** Removing this passkey would leave the account with no password, no passkey and no provider (409). */
  PASSKEY_LAST_SIGN_IN_WAY: 'PASSKEY_LAST_SIGN_IN_WAY',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  SIGNATURE_REQUIRED: 'SIGNATURE_REQUIRED',
  SIGNATURE_INVALID: 'SIGNATURE_INVALID',
  SIGNATURE_EXPIRED: 'SIGNATURE_EXPIRED',
  WEBHOOK_SIGNATURE_INVALID: 'WEBHOOK_SIGNATURE_INVALID',
  INVALID_UNSUBSCRIBE_TOKEN: 'INVALID_UNSUBSCRIBE_TOKEN',
  MAIL_NOT_FOUND: 'MAIL_NOT_FOUND',
  MAIL_NOT_RESENDABLE: 'MAIL_NOT_RESENDABLE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * Issue 56: the codes a reader can meet on the reading screen's calls, one list per call, so the web
 * app's handling is exhaustive over them (a `Record<Code, …>` that stops compiling when a code is
 * added here). A new refusal of these calls is added here first.
 */
/** The refusals of a chapter the reader may not open (403 of the chapter answer, `LockedChapterError`). */
export const CHAPTER_REFUSAL_CODES = [ErrorCode.MEMBERSHIP_REQUIRED, ErrorCode.MEMBERSHIP_EXPIRED, ErrorCode.EARLY_ACCESS] as const;
export type ChapterRefusalCode = (typeof CHAPTER_REFUSAL_CODES)[number];
/** Everything the chapter answer refuses with, beyond a request the web app never makes (a malformed id). */
export const CHAPTER_CONTENT_ERROR_CODES = [
  ...CHAPTER_REFUSAL_CODES,
  ErrorCode.CHAPTER_NOT_FOUND,
  ErrorCode.AGE_CONFIRMATION_REQUIRED,
] as const;
export type ChapterContentErrorCode = (typeof CHAPTER_CONTENT_ERROR_CODES)[number];
/** `POST /comics/chapter/unlock`. */
export const UNLOCK_ERROR_CODES = [
  ErrorCode.INSUFFICIENT_COINS,
  ErrorCode.ALREADY_READABLE,
  ErrorCode.UNLOCK_NOT_OFFERED,
  ErrorCode.CHAPTER_NOT_FOUND,
  ErrorCode.RATE_LIMITED,
] as const;
/** `POST /comics/chapter/unlock_free`. */
export const FREE_UNLOCK_ERROR_CODES = [
  ErrorCode.FREE_UNLOCK_NOT_READY,
  ErrorCode.FREE_UNLOCK_OTHER_CHAPTER,
  ErrorCode.NOTHING_TO_UNLOCK,
  ErrorCode.UNLOCK_NOT_OFFERED,
  ErrorCode.BOOK_NOT_FOUND,
  ErrorCode.RATE_LIMITED,
] as const;
export type UnlockErrorCode = (typeof UNLOCK_ERROR_CODES)[number] | (typeof FREE_UNLOCK_ERROR_CODES)[number];
/** Issue 59: `POST /comics/chapter/rent`, auto-unlock, its undo and unlock all. */
export const COIN_OPTION_ERROR_CODES = [
  ErrorCode.INSUFFICIENT_COINS,
  ErrorCode.ALREADY_READABLE,
  ErrorCode.ALREADY_OWNED,
  ErrorCode.RENTAL_NOT_OFFERED,
  ErrorCode.UNLOCK_NOT_OFFERED,
  ErrorCode.UNDO_NOT_AVAILABLE,
  ErrorCode.UNLOCK_ALL_TOTAL_CHANGED,
  ErrorCode.NOTHING_TO_UNLOCK,
  ErrorCode.CHAPTER_NOT_FOUND,
  ErrorCode.BOOK_NOT_FOUND,
  ErrorCode.RATE_LIMITED,
] as const;
export type CoinOptionErrorCode = (typeof COIN_OPTION_ERROR_CODES)[number];
