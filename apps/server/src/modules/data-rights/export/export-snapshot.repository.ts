import type { Db, DbExecutor } from '../../../db/database.js';

// The reads of one reader's archive (export-snapshot.ts runs them in one transaction). Each names
// its columns: secrets (password hash, two-step secrets, recovery codes, token and key hashes, push
// keys) are never selected, so they cannot reach the archive by accident.

export const readAccount = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'uuid',
      'username',
      'role',
      'email',
      'email_confirmed_at',
      'language',
      'created_at',
      'disabled_at',
      'member_since',
      'member_until',
      'mail_reminders',
      'mail_digest',
      'notify_replies',
      'totp_enabled_at',
      'invite_code',
      'invited_by',
      'terms_version',
      'terms_language',
      'privacy_version',
      'privacy_language',
      'legal_accepted_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();

export const readUsername = (db: DbExecutor, userId: number) =>
  db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();

export const countUnusedRecoveryCodes = async (db: DbExecutor, userId: number): Promise<number> => {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** Readers who joined with this reader's invite code: when only (their names are theirs). */
export const readInvitedJoinDates = (db: DbExecutor, userId: number) =>
  db.selectFrom('users').select('created_at').where('invited_by', '=', userId).orderBy('created_at').execute();

export const readEmailLinks = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('account_tokens')
    .select(['purpose', 'email', 'created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readCommentBan = (db: DbExecutor, userId: number) =>
  db.selectFrom('comment_bans').select(['reason', 'until', 'created_at']).where('user_id', '=', userId).executeTakeFirst();

/** What operators did to the account (the audit log names the reader by uuid as its target). */
export const readOperatorActions = (db: DbExecutor, userUuid: string) =>
  db
    .selectFrom('audit_log')
    .select(['action', 'created_at'])
    .where('target_type', '=', 'user')
    .where('target_id', '=', userUuid)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Requests to delete the account (data-rights/deletion/): a cancelled one, or the one an operator started. */
export const readDeletionRequests = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('account_deletions')
    .select(['requested_at', 'erase_at', 'requested_by', 'reason', 'comments', 'cancelled_at'])
    .where('user_id', '=', userId)
    .orderBy('requested_at')
    .orderBy('id')
    .execute();

export const readMembershipGrants = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('membership_grants')
    .select(['source', 'source_ref', 'starts_at', 'ends_at', 'revoked_at', 'note', 'created_at', 'grant_months', 'grant_days'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readOrders = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('payment_orders')
    .select([
      'order_id',
      'provider',
      'plan',
      'months',
      'amount_fen',
      'currency',
      'status',
      'provider_txn_id',
      'provider_payment_id',
      'created_at',
      'paid_at',
      'expires_at',
      'settled_at',
      'refunded_at',
      'coins',
      'bonus_coins',
      'bonus_expiry_days',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readCoinLots = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('coin_lots')
    .select(['id', 'source', 'source_ref', 'coins', 'remaining', 'expires_at', 'created_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readCoinEntries = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('coin_entries')
    .select(['id', 'kind', 'coins', 'balance_after', 'order_id', 'chapter_id', 'book_id', 'lot_id', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readCoinSpends = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('coin_spends')
    .innerJoin('coin_entries', 'coin_entries.id', 'coin_spends.entry_id')
    .select(['coin_spends.entry_id', 'coin_spends.lot_id', 'coin_spends.grant_id', 'coin_spends.coins'])
    .where('coin_entries.user_id', '=', userId)
    .orderBy('coin_spends.entry_id')
    .orderBy('coin_spends.lot_id')
    .execute();

export const readChapterGrants = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('chapter_grants')
    .select(['id', 'chapter_id', 'kind', 'source_ref', 'granted_at', 'revoked_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('granted_at')
    .orderBy('id')
    .execute();

/** Issue 59: the reader's auto-unlock opt-ins. */
export const readAutoUnlocks = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('auto_unlocks')
    .select(['book_id', 'cap', 'spent', 'enabled_at'])
    .where('user_id', '=', userId)
    .orderBy('enabled_at')
    .orderBy('id')
    .execute();

export const readCouponRedemptions = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('coupon_redemptions')
    .innerJoin('coupons', 'coupons.id', 'coupon_redemptions.coupon_id')
    .select(['coupons.code', 'coupons.grant_days', 'coupons.grant_months', 'coupon_redemptions.created_at'])
    .where('coupon_redemptions.user_id', '=', userId)
    .orderBy('coupon_redemptions.created_at')
    .execute();

/** Issue 59: gift memberships the reader bought, and those they redeemed (the buyer is not named). */
export const readGifts = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('gift_codes')
    .innerJoin('payment_orders', 'payment_orders.order_id', 'gift_codes.order_id')
    .select([
      'gift_codes.order_id',
      'gift_codes.buyer_id',
      'gift_codes.redeemed_by',
      'gift_codes.months',
      'payment_orders.plan',
      'gift_codes.created_at',
      'gift_codes.redeemed_at',
      'gift_codes.cancelled_at',
    ])
    .where((eb) => eb.or([eb('gift_codes.buyer_id', '=', userId), eb('gift_codes.redeemed_by', '=', userId)]))
    .orderBy('gift_codes.created_at')
    .execute();

export const readProgress = (db: DbExecutor, readerKey: string) =>
  db
    .selectFrom('reading_progress')
    .select(['book_id', 'chapter_id', 'page_index', 'page_offset', 'text_fraction', 'updated_at'])
    .where('reader_key', '=', readerKey)
    .orderBy('updated_at')
    .execute();

export const readChapterReads = (db: DbExecutor, readerKey: string) =>
  db
    .selectFrom('chapter_reads')
    .select(['book_id', 'chapter_id', 'read_at', 'finished_at'])
    .where('reader_key', '=', readerKey)
    .orderBy('read_at')
    .orderBy('chapter_id')
    .execute();

export const readReadingEvents = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('reading_events')
    .select(['event_type', 'book_id', 'chapter_id', 'occurred_at', 'received_at', 'client_at'])
    .where('user_id', '=', userId)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();

export const readFollows = (db: DbExecutor, userId: number) =>
  db.selectFrom('book_follows').select(['book_id', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();

/** Issue 61: the reader's reading statuses. */
export const readReadingStatuses = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('reading_statuses')
    .select(['book_id', 'status', 'chosen', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at')
    .orderBy('book_id')
    .execute();

/** Issue 61: the reader's lists, their books, and the lists the reader follows. */
export const readReaderLists = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('reader_lists')
    .select(['id', 'uuid', 'name', 'description', 'visibility', 'hidden_at', 'hidden_reason', 'featured_at', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readReaderListBooks = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('reader_list_books as lb')
    .innerJoin('reader_lists as l', 'l.id', 'lb.list_id')
    .select(['lb.list_id', 'lb.book_id', 'lb.position', 'lb.note', 'lb.added_at'])
    .where('l.user_id', '=', userId)
    .orderBy('lb.list_id')
    .orderBy('lb.position')
    .execute();

export const readFollowedLists = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('reader_list_follows as f')
    .innerJoin('reader_lists as l', 'l.id', 'f.list_id')
    .select(['l.uuid', 'l.name', 'f.created_at'])
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at')
    .orderBy('l.id')
    .execute();

/** Issue 45: the reader's reading defaults (one row or none) and per-book choices. */
export const readReadingSettings = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('reader_settings')
    .select([
      'mode',
      'direction',
      'fit',
      'cover_alone',
      'font_size',
      'font_family',
      'line_spacing_tenths',
      'margins',
      'theme',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const readReadingOverrides = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('book_reading_overrides')
    .select(['book_id', 'mode', 'direction', 'fit', 'cover_alone', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at')
    .orderBy('book_id')
    .execute();

export const readChapterLikes = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('chapter_likes')
    .select(['chapter_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('chapter_id')
    .execute();

export const readCommentLikes = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('comment_likes')
    .innerJoin('comments', 'comments.id', 'comment_likes.comment_id')
    .select(['comments.uuid as comment_uuid', 'comments.chapter_id', 'comment_likes.created_at'])
    .where('comment_likes.user_id', '=', userId)
    .orderBy('comment_likes.created_at')
    .execute();

export const readComments = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('comments as c')
    .leftJoin('comments as parent', 'parent.id', 'c.parent_id')
    .select([
      'c.uuid',
      'c.chapter_id',
      'parent.uuid as reply_to',
      'c.body',
      'c.spoiler',
      'c.state',
      'c.likes',
      'c.created_at',
      'c.edited_at',
      'c.moderated_at',
    ])
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();

export const readFiledReports = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('comment_reports')
    .innerJoin('comments', 'comments.id', 'comment_reports.comment_id')
    .select([
      'comments.uuid as comment_uuid',
      'comments.chapter_id',
      'comment_reports.reason',
      'comment_reports.detail',
      'comment_reports.created_at',
      'comment_reports.resolved_at',
      'comment_reports.resolution',
    ])
    .where('comment_reports.reporter_id', '=', userId)
    .orderBy('comment_reports.created_at')
    .execute();

export const readCommentAlerts = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('comment_alerts')
    .innerJoin('comments', 'comments.id', 'comment_alerts.comment_id')
    .select(['comments.uuid as reply_uuid', 'comments.chapter_id', 'comment_alerts.created_at', 'comment_alerts.read_at'])
    .where('comment_alerts.user_id', '=', userId)
    .orderBy('comment_alerts.created_at')
    .execute();

export const readRatings = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('book_ratings')
    .select(['book_id', 'score', 'review', 'review_state', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

export const readPushSubscriptions = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'language', 'created_at', 'last_success_at', 'failure_count'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

export const readFeedKeys = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('feed_keys')
    .select(['name', 'created_at', 'last_used_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readSignIns = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('sign_in_events')
    .select(['method', 'provider', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readPasskeys = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('passkeys')
    .select(['name', 'created_at', 'last_used_at', 'backed_up'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readLinkedProviders = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('linked_identities')
    .select(['provider', 'email', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readMails = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('mail_outbox')
    .select(['kind', 'recipient', 'language', 'data', 'state', 'created_at', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readExports = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('data_exports')
    .select(['id', 'state', 'requested_by', 'requested_at', 'ready_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('requested_at')
    .orderBy('id')
    .execute();

/** Books named by the rows above: uuid, original language and every title. */
export const readBooks = (db: DbExecutor, bookIds: number[]) =>
  db
    .selectFrom('books')
    .leftJoin('book_translations', 'book_translations.book_id', 'books.id')
    .select(['books.id', 'books.uuid', 'books.original_language', 'book_translations.language', 'book_translations.title'])
    .where('books.id', 'in', bookIds)
    .execute();

/** Chapters named by the rows above: uuid, book, number and every title. */
export const readChapters = (db: DbExecutor, chapterIds: number[]) =>
  db
    .selectFrom('chapters')
    .leftJoin('chapter_translations', 'chapter_translations.chapter_id', 'chapters.id')
    .select([
      'chapters.id',
      'chapters.uuid',
      'chapters.book_id',
      'chapters.number',
      'chapter_translations.language',
      'chapter_translations.title',
    ])
    .where('chapters.id', 'in', chapterIds)
    .execute();

/** Runs `work` in a transaction that reads one snapshot: REPEATABLE READ, read only, on PostgreSQL. */
export const inSnapshot = <T>(db: Db, work: (trx: DbExecutor) => Promise<T>): Promise<T> =>
  db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);

/** Issue 59: the reader's renewing memberships, with their invoices. */
export const readSubscriptions = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('membership_subscriptions')
    .select([
      'id',
      'provider',
      'plan',
      'status',
      'cancel_at_period_end',
      'cancel_reason',
      'current_period_end',
      'grace_until',
      'canceled_at',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const readSubscriptionInvoices = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('subscription_invoices')
    .innerJoin('membership_subscriptions', 'membership_subscriptions.id', 'subscription_invoices.subscription_id')
    .select([
      'subscription_invoices.subscription_id',
      'subscription_invoices.invoice_ref',
      'subscription_invoices.status',
      'subscription_invoices.amount',
      'subscription_invoices.currency',
      'subscription_invoices.order_id',
      'subscription_invoices.created_at',
    ])
    .where('membership_subscriptions.user_id', '=', userId)
    .orderBy('subscription_invoices.created_at')
    .orderBy('subscription_invoices.id')
    .execute();
