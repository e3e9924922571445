import { DEFAULT_LANGUAGE, normalizeLanguage, type Language } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../../db/database.js';
import { toIso } from '../../../lib/time.js';
import type { CsvTable } from './export-csv.js';
import * as repo from './export-snapshot.repository.js';

/** What goes into the archive: JSON documents and spreadsheet tables, by file name. */
export interface ExportSnapshot {
  takenAt: number;
  /** The reader's language: README.txt is written in it (the keys stay the same in every language). */
  language: Language;
  json: Record<string, unknown>;
  csv: Record<string, CsvTable>;
}

/** Fills a sent message's subject (the mail module's words in the message's language); the kind when it cannot. */
export type MailSubject = (kind: string, language: string, data: Record<string, unknown>) => string;

const iso = (ms: number | null | undefined): string | null => (ms === null || ms === undefined ? null : toIso(Number(ms)));
const flag = (value: number | null | undefined) => value === 1;
const IN_CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IN_CHUNK) out.push(items.slice(i, i + IN_CHUNK));
  return out;
}

/** The title in the reader's language, else the original language's, else any. */
function pickTitle(titles: Map<string, string>, reader: Language, original: string): string | null {
  return titles.get(reader) ?? titles.get(original) ?? [...titles.values()][0] ?? null;
}

/** Host of a push endpoint: the push service, which says nothing of the browser itself. */
function hostOf(endpoint: string): string | null {
  try {
    return new URL(endpoint).host;
  } catch {
    return null;
  }
}

/**
 * Reads everything the site holds about one reader, in ONE transaction (REPEATABLE READ, read only
 * on PostgreSQL; SQLite's one connection and WAL snapshot give the same), so every file of the
 * archive shows the account as of one moment: a like committed while the export builds is in
 * every file that shows it or in none. Then closes the transaction: the ZIP is made after it.
 */
export async function readExportSnapshot(
  db: Db,
  userId: number,
  now: number,
  mailSubject: MailSubject,
  options: SnapshotOptions = {},
): Promise<ExportSnapshot | null> {
  return repo.inSnapshot(db, (trx) => readAll(trx, userId, now, mailSubject, options));
}

export interface SnapshotOptions {
  /** Called inside the transaction after its first read (the consistency test commits activity there). */
  afterFirstRead?: () => Promise<void>;
  /**
   * The export this snapshot is read for. Its row still says "building" while it is read; the
   * reader holds the finished archive, so exports.json shows it as this archive, ready, with the
   * dates the service then stores (issue 56).
   */
  thisArchive?: { exportId: number; readyAt: number; expiresAt: number };
}

async function readAll(
  trx: DbExecutor,
  userId: number,
  now: number,
  mailSubject: MailSubject,
  options: SnapshotOptions,
): Promise<ExportSnapshot | null> {
  const account = await repo.readAccount(trx, userId);
  if (!account) return null;
  await options.afterFirstRead?.();
  const language = normalizeLanguage(account.language) ?? DEFAULT_LANGUAGE;
  const readerKey = `u:${userId}`;
  const recoveryCodesLeft = await repo.countUnusedRecoveryCodes(trx, userId);
  const inviter = account.invited_by === null ? undefined : await repo.readUsername(trx, account.invited_by);
  const invited = await repo.readInvitedJoinDates(trx, userId);
  const emailLinks = await repo.readEmailLinks(trx, userId);
  const ban = await repo.readCommentBan(trx, userId);
  const operatorActions = await repo.readOperatorActions(trx, account.uuid);
  const deletionRequests = await repo.readDeletionRequests(trx, userId);
  const grants = await repo.readMembershipGrants(trx, userId);
  const orders = await repo.readOrders(trx, userId);
  const lots = await repo.readCoinLots(trx, userId);
  const entries = await repo.readCoinEntries(trx, userId);
  const spends = await repo.readCoinSpends(trx, userId);
  const unlocks = await repo.readChapterGrants(trx, userId);
  const autoUnlocks = await repo.readAutoUnlocks(trx, userId);
  const redemptions = await repo.readCouponRedemptions(trx, userId);
  const gifts = await repo.readGifts(trx, userId);
  const subscriptions = await repo.readSubscriptions(trx, userId);
  const subscriptionInvoices = await repo.readSubscriptionInvoices(trx, userId);
  const progress = await repo.readProgress(trx, readerKey);
  const reads = await repo.readChapterReads(trx, readerKey);
  const events = await repo.readReadingEvents(trx, userId);
  const follows = await repo.readFollows(trx, userId);
  const statuses = await repo.readReadingStatuses(trx, userId);
  const readerLists = await repo.readReaderLists(trx, userId);
  const readerListBooks = await repo.readReaderListBooks(trx, userId);
  const followedLists = await repo.readFollowedLists(trx, userId);
  const readingSettings = await repo.readReadingSettings(trx, userId);
  const readingOverrides = await repo.readReadingOverrides(trx, userId);
  const chapterLikes = await repo.readChapterLikes(trx, userId);
  const commentLikes = await repo.readCommentLikes(trx, userId);
  const comments = await repo.readComments(trx, userId);
  const reports = await repo.readFiledReports(trx, userId);
  const alerts = await repo.readCommentAlerts(trx, userId);
  const ratings = await repo.readRatings(trx, userId);
  const push = await repo.readPushSubscriptions(trx, userId);
  const feedKeys = await repo.readFeedKeys(trx, userId);
  const signIns = await repo.readSignIns(trx, userId);
  const passkeys = await repo.readPasskeys(trx, userId);
  const linkedProviders = await repo.readLinkedProviders(trx, userId);
  const mails = await repo.readMails(trx, userId);
  const exports = await repo.readExports(trx, userId);

  // Books and chapters the rows name, with their titles: read once, in the same snapshot.
  const chapterIds = new Set<number>();
  const bookIds = new Set<number>();
  const chapterSources: { chapter_id: number | null }[][] = [
    progress,
    reads,
    events,
    chapterLikes,
    commentLikes,
    comments,
    reports,
    alerts,
    unlocks,
    entries,
  ];
  for (const rows of chapterSources) for (const row of rows) if (row.chapter_id !== null) chapterIds.add(Number(row.chapter_id));
  const chapterRows = [];
  for (const ids of chunks([...chapterIds])) chapterRows.push(...(await repo.readChapters(trx, ids)));
  for (const row of chapterRows) bookIds.add(Number(row.book_id));
  for (const rows of [progress, reads, events, follows, statuses, readerListBooks, ratings, entries, readingOverrides, autoUnlocks] as {
    book_id: number | null;
  }[][])
    for (const row of rows) if (row.book_id !== null) bookIds.add(Number(row.book_id));
  const bookRows = [];
  for (const ids of chunks([...bookIds])) bookRows.push(...(await repo.readBooks(trx, ids)));

  const books = new Map<number, { uuid: string; original: string; titles: Map<string, string> }>();
  for (const row of bookRows) {
    const book = books.get(row.id) ?? { uuid: row.uuid, original: row.original_language, titles: new Map<string, string>() };
    if (row.language !== null && row.title !== null) book.titles.set(row.language, row.title);
    books.set(row.id, book);
  }
  const chapters = new Map<number, { uuid: string; bookId: number; number: number; titles: Map<string, string> }>();
  for (const row of chapterRows) {
    const chapter = chapters.get(row.id) ?? { uuid: row.uuid, bookId: Number(row.book_id), number: Number(row.number), titles: new Map() };
    if (row.language !== null && row.title !== null) chapter.titles.set(row.language, row.title);
    chapters.set(row.id, chapter);
  }
  const bookRef = (bookId: number | null) => {
    const book = bookId === null ? undefined : books.get(Number(bookId));
    return { book_uuid: book?.uuid ?? null, book_title: book ? pickTitle(book.titles, language, book.original) : null };
  };
  const chapterRef = (chapterId: number | null, bookId: number | null = null) => {
    const chapter = chapterId === null ? undefined : chapters.get(Number(chapterId));
    const book = chapter ? books.get(chapter.bookId) : undefined;
    return {
      ...bookRef(chapter?.bookId ?? bookId),
      chapter_uuid: chapter?.uuid ?? null,
      chapter_number: chapter?.number ?? null,
      chapter_title: chapter ? pickTitle(chapter.titles, language, book?.original ?? language) : null,
    };
  };

  const json: Record<string, unknown> = {
    'account.json': {
      name: account.username,
      uuid: account.uuid,
      role: account.role,
      email: account.email,
      email_confirmed_at: iso(account.email_confirmed_at),
      language: account.language,
      created_at: iso(account.created_at),
      disabled_at: iso(account.disabled_at),
      member_since: iso(account.member_since),
      member_until: iso(account.member_until),
      settings: {
        mail_reminders: flag(account.mail_reminders),
        mail_digest: flag(account.mail_digest),
        notify_replies: flag(account.notify_replies),
      },
      two_step: {
        on: account.totp_enabled_at !== null,
        turned_on_at: iso(account.totp_enabled_at),
        recovery_codes_left: recoveryCodesLeft,
      },
      email_links: emailLinks.map((link) => ({
        purpose: link.purpose,
        email: link.email,
        created_at: iso(link.created_at),
        expires_at: iso(link.expires_at),
        used_at: iso(link.used_at),
      })),
      comment_ban: ban ? { reason: ban.reason, until: iso(ban.until), created_at: iso(ban.created_at) } : null,
      operator_actions: operatorActions.map((entry) => ({ action: entry.action, at: iso(entry.created_at) })),
      // The privacy and terms pages the registration form showed (null for older accounts).
      accepted_pages: {
        terms: account.terms_version === null ? null : { version: account.terms_version, language: account.terms_language },
        privacy: account.privacy_version === null ? null : { version: account.privacy_version, language: account.privacy_language },
        accepted_at: iso(account.legal_accepted_at),
      },
      deletion_requests: deletionRequests.map((request) => ({
        requested_at: iso(request.requested_at),
        erase_at: iso(request.erase_at),
        requested_by: request.requested_by === null ? 'reader' : 'operator',
        reason: request.reason,
        comments: request.comments,
        cancelled_at: iso(request.cancelled_at),
      })),
    },
    'memberships.json': grants.map((grant) => ({
      source: grant.source,
      reference: grant.source_ref,
      starts_at: iso(grant.starts_at),
      ends_at: iso(grant.ends_at),
      revoked_at: iso(grant.revoked_at),
      months: grant.grant_months,
      days: grant.grant_days,
      note: grant.note,
      created_at: iso(grant.created_at),
    })),
    'orders.json': orders.map(orderJson),
    'coins.json': {
      balance: entries.length ? Number(entries[entries.length - 1]!.balance_after) : 0,
      lots: lots.map((lot) => ({
        lot: lot.id,
        source: lot.source,
        reference: lot.source_ref,
        coins: lot.coins,
        remaining: lot.remaining,
        expires_at: iso(lot.expires_at),
        created_at: iso(lot.created_at),
        revoked_at: iso(lot.revoked_at),
      })),
      history: entries.map((entry) => ({
        entry: entry.id,
        kind: entry.kind,
        coins: entry.coins,
        balance_after: entry.balance_after,
        order_id: entry.order_id,
        ...chapterRef(entry.chapter_id, entry.book_id),
        lot: entry.lot_id,
        reason: entry.reason,
        at: iso(entry.created_at),
      })),
      spends: spends.map((spend) => ({ entry: spend.entry_id, lot: spend.lot_id, coins: spend.coins })),
      auto_unlock: autoUnlocks.map((row) => ({
        ...bookRef(row.book_id),
        cap: Number(row.cap),
        spent: Number(row.spent),
        enabled_at: iso(row.enabled_at),
      })),
    },
    'unlocks.json': unlocks.map((grant) => ({
      ...chapterRef(grant.chapter_id),
      kind: grant.kind,
      reference: grant.source_ref,
      granted_at: iso(grant.granted_at),
      revoked_at: iso(grant.revoked_at),
      // Issue 59: a rental's end; null: for good.
      ends_at: iso(grant.expires_at),
    })),
    'coupons.json': redemptions.map((r) => ({ code: r.code, days: r.grant_days, months: r.grant_months, redeemed_at: iso(r.created_at) })),
    'gifts.json': gifts.map((gift) => {
      const bought = Number(gift.buyer_id) === userId;
      return {
        kind: bought ? 'bought' : 'redeemed',
        // The order is the buyer's: the redeemer sees the plan and when, not whose money it was.
        ...(bought ? { order_id: gift.order_id, paid_at: iso(gift.created_at) } : {}),
        plan: gift.plan,
        months: gift.months,
        state: gift.cancelled_at !== null ? 'cancelled' : gift.redeemed_at !== null ? 'redeemed' : 'unredeemed',
        redeemed_at: iso(gift.redeemed_at),
      };
    }),
    'subscriptions.json': subscriptions.map((sub) => ({
      provider: sub.provider,
      plan: sub.plan,
      state: sub.status,
      renewal_stopped: sub.cancel_at_period_end === 1,
      stop_reason: sub.cancel_reason,
      period_end: iso(sub.current_period_end),
      grace_until: iso(sub.grace_until),
      ended_at: iso(sub.canceled_at),
      started_at: iso(sub.created_at),
      invoices: subscriptionInvoices
        .filter((invoice) => invoice.subscription_id === sub.id)
        .map((invoice) => ({
          reference: invoice.invoice_ref,
          state: invoice.status,
          amount: Number(invoice.amount),
          currency: invoice.currency,
          order_id: invoice.order_id,
          at: iso(invoice.created_at),
        })),
    })),
    'invitations.json': {
      your_invite_code: account.invite_code,
      invited_by: inviter?.username ?? null,
      readers_you_invited: invited.length,
      joined_at: invited.map((row) => iso(row.created_at)),
    },
    'reading-progress.json': progress.map((row) => ({
      ...chapterRef(row.chapter_id, row.book_id),
      page_index: row.page_index,
      page_offset: row.page_offset,
      text_fraction: row.text_fraction,
      updated_at: iso(row.updated_at),
    })),
    'reading-history.json': reads.map((row) => ({
      ...chapterRef(row.chapter_id, row.book_id),
      read_at: iso(row.read_at),
      finished_at: iso(row.finished_at),
    })),
    'reading-events.json': events.map((row) => ({
      event: row.event_type,
      ...chapterRef(row.chapter_id, row.book_id),
      occurred_at: iso(row.occurred_at),
      received_at: iso(row.received_at),
      // The time the app gave the event (issue 47: how a send repeated is recognised), or null.
      client_at: iso(row.client_at),
    })),
    'follows.json': follows.map((row) => ({ ...bookRef(row.book_id), followed_at: iso(row.created_at) })),
    'statuses.json': statuses.map((row) => ({
      ...bookRef(row.book_id),
      reading_status: row.status,
      set_by: row.chosen === 1 ? 'you' : 'site',
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    })),
    'lists.json': {
      lists: readerLists.map((list) => ({
        uuid: list.uuid,
        name: list.name,
        description: list.description,
        visibility: list.visibility,
        hidden_at: iso(list.hidden_at),
        reason: list.hidden_reason,
        featured_at: iso(list.featured_at),
        created_at: iso(list.created_at),
        updated_at: iso(list.updated_at),
        books: readerListBooks
          .filter((row) => row.list_id === list.id)
          .map((row) => ({ ...bookRef(row.book_id), position: row.position, note: row.note, added_at: iso(row.added_at) })),
      })),
      followed_lists: followedLists.map((row) => ({ uuid: row.uuid, name: row.name, followed_at: iso(row.created_at) })),
    },
    'reading-preferences.json': {
      defaults: readingSettings
        ? {
            mode: readingSettings.mode,
            direction: readingSettings.direction,
            fit: readingSettings.fit,
            cover_alone: readingSettings.cover_alone === null ? null : flag(readingSettings.cover_alone),
            font_size: readingSettings.font_size,
            font_family: readingSettings.font_family,
            line_spacing: readingSettings.line_spacing_tenths === null ? null : readingSettings.line_spacing_tenths / 10,
            margins: readingSettings.margins,
            theme: readingSettings.theme,
            updated_at: iso(readingSettings.updated_at),
          }
        : null,
      books: readingOverrides.map((row) => ({
        ...bookRef(row.book_id),
        mode: row.mode,
        direction: row.direction,
        fit: row.fit,
        cover_alone: row.cover_alone === null ? null : flag(row.cover_alone),
        updated_at: iso(row.updated_at),
      })),
    },
    'likes.json': {
      chapters: chapterLikes.map((row) => ({ ...chapterRef(row.chapter_id), liked_at: iso(row.created_at) })),
      comments: commentLikes.map((row) => ({
        comment_uuid: row.comment_uuid,
        ...chapterRef(row.chapter_id),
        liked_at: iso(row.created_at),
      })),
    },
    'comments.json': {
      comments: comments.map((row) => ({
        uuid: row.uuid,
        ...chapterRef(row.chapter_id),
        reply_to: row.reply_to,
        body: row.body,
        spoiler: flag(row.spoiler),
        state: row.state,
        likes: row.likes,
        created_at: iso(row.created_at),
        edited_at: iso(row.edited_at),
        moderated_at: iso(row.moderated_at),
      })),
      reports_you_filed: reports.map((row) => ({
        comment_uuid: row.comment_uuid,
        ...chapterRef(row.chapter_id),
        reason: row.reason,
        detail: row.detail,
        created_at: iso(row.created_at),
        resolved_at: iso(row.resolved_at),
        resolution: row.resolution,
      })),
      reply_alerts: alerts.map((row) => ({
        reply_uuid: row.reply_uuid,
        ...chapterRef(row.chapter_id),
        created_at: iso(row.created_at),
        read_at: iso(row.read_at),
      })),
    },
    'ratings.json': ratings.map((row) => ({
      ...bookRef(row.book_id),
      score: row.score,
      review: row.review,
      review_state: row.review_state,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    })),
    'push-subscriptions.json': push.map((row) => ({
      push_service_host: hostOf(row.endpoint),
      language: row.language,
      created_at: iso(row.created_at),
      last_success_at: iso(row.last_success_at),
      failures_in_a_row: row.failure_count,
    })),
    'feed-keys.json': feedKeys.map((row) => ({
      name: row.name,
      created_at: iso(row.created_at),
      last_used_at: iso(row.last_used_at),
      revoked_at: iso(row.revoked_at),
    })),
    'sign-ins.json': {
      sign_ins: signIns.map((row) => ({ method: row.method, provider: row.provider, at: iso(row.created_at) })),
      passkeys: passkeys.map((row) => ({
        name: row.name,
        created_at: iso(row.created_at),
        last_used_at: iso(row.last_used_at),
        backed_up: Number(row.backed_up) === 1,
      })),
      linked_providers: linkedProviders.map((row) => ({
        provider: row.provider,
        email: row.email,
        linked_at: iso(row.created_at),
        last_used_at: iso(row.last_used_at),
      })),
    },
    'emails.json': mails.map((row) => ({
      kind: row.kind,
      subject: mailSubject(row.kind, row.language, parseData(row.data)),
      to: row.recipient,
      state: row.state,
      queued_at: iso(row.created_at),
      sent_at: iso(row.sent_at),
    })),
    'exports.json': exports.map((row) => {
      const isThis = Number(row.id) === options.thisArchive?.exportId;
      return {
        state: isThis ? 'ready' : row.state,
        this_archive: isThis,
        started_by: row.requested_by === null ? 'you' : 'operator',
        requested_at: iso(row.requested_at),
        ready_at: isThis ? iso(options.thisArchive?.readyAt) : iso(row.ready_at),
        expires_at: isThis ? iso(options.thisArchive?.expiresAt) : iso(row.expires_at),
      };
    }),
  };

  const csv: Record<string, CsvTable> = {
    'orders.csv': {
      columns: [
        'order_id',
        'created_at',
        'provider',
        'plan',
        'months',
        'coins',
        'bonus_coins',
        'amount',
        'currency',
        'status',
        'paid_at',
        'refunded_at',
        'provider_reference',
      ],
      rows: orders.map((o) => [
        o.order_id,
        iso(o.created_at),
        o.provider,
        o.plan,
        o.months,
        o.coins,
        o.bonus_coins,
        (Number(o.amount_fen) / 100).toFixed(2),
        o.currency,
        o.status,
        iso(o.paid_at),
        iso(o.refunded_at),
        o.provider_txn_id,
      ]),
    },
    'coin-history.csv': {
      columns: ['at', 'kind', 'coins', 'balance_after', 'order_id', 'book_title', 'chapter_number', 'reason'],
      rows: entries.map((e) => {
        const ref = chapterRef(e.chapter_id, e.book_id);
        return [iso(e.created_at), e.kind, e.coins, e.balance_after, e.order_id, ref.book_title, ref.chapter_number, e.reason];
      }),
    },
    'reading-history.csv': {
      columns: ['read_at', 'finished_at', 'book_title', 'chapter_number', 'chapter_title'],
      rows: reads.map((r) => {
        const ref = chapterRef(r.chapter_id, r.book_id);
        return [iso(r.read_at), iso(r.finished_at), ref.book_title, ref.chapter_number, ref.chapter_title];
      }),
    },
  };
  return { takenAt: now, language, json, csv };
}

function orderJson(o: Awaited<ReturnType<typeof repo.readOrders>>[number]) {
  return {
    order_id: o.order_id,
    provider: o.provider,
    plan: o.plan,
    months: o.months,
    coins: o.coins,
    bonus_coins: o.bonus_coins,
    bonus_expiry_days: o.bonus_expiry_days,
    amount_minor_units: o.amount_fen,
    currency: o.currency,
    status: o.status,
    provider_transaction: o.provider_txn_id,
    provider_payment: o.provider_payment_id,
    created_at: iso(o.created_at),
    paid_at: iso(o.paid_at),
    expires_at: iso(o.expires_at),
    settled_at: iso(o.settled_at),
    refunded_at: iso(o.refunded_at),
  };
}

function parseData(data: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(data) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
