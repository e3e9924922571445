import { DEFAULT_LANGUAGE, normalizeLanguage } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import type { AuditService } from '../../audit/audit.service.js';
import { moveLikes, deleteLike as deleteCommentLike } from '../../community/comments.repository.js';
import { setCommentState } from '../../community/comment-state.repository.js';
import { deleteRating, moveBookCounters } from '../../community/ratings.repository.js';
import { queueMail } from '../../mail/mail-queue.js';
import type { MembershipService } from '../../membership/membership.service.js';
import { decrementLikeCounters, deleteLike as deleteChapterLike } from '../../reading/reading.repository.js';
import { usernameSkeleton } from '../../users/username-skeleton.js';
import * as deletions from './deletion.repository.js';
import * as repo from './erasure.repository.js';
import { ERASED_PASSWORD_HASH, pseudonymOf } from './pseudonym.js';

/** The job that erases an account at its time (payload `{deletion_id}`), on any node, with a lease. */
export const ACCOUNT_ERASE_JOB = 'account_erase';

/** Who the audit log says erased the account: the site itself, at the time the reader was told. */
const ERASURE_ACTOR = { userId: null, name: 'erasure' };

export type ErasureOutcome = 'erased' | 'already-erased' | 'not-pending' | 'not-due';

/**
 * The erasure of an account (issue 43, docs/ACCOUNTS.md "Deleting your account"): what each table
 * becomes is ERASURE_TABLES (erasure-tables.ts). One transaction under the reader's lock
 * (membership.lockMembersWithin, the lock every purchase, grant and coin movement takes), so it
 * happens entirely or not at all: a node that dies halfway leaves the account as it was, and the
 * job (taken over once its lease ends) or the housekeeping pass runs it again. Writers of reader
 * rows check the account inside their own transaction (users/account-guard.ts).
 */
export function createErasure(deps: {
  db: Db;
  domainEvents: DomainEvents;
  membership: Pick<MembershipService, 'lockMembersWithin' | 'revokeAllWithin'>;
  audit: Pick<AuditService, 'recordWithin'>;
  /**
   * Once an erasure has committed: the copies outside the rows go too (docs/ACCOUNTS.md "What
   * erasure leaves on disk"): the reader's messages' .eml files (by outbox uuid) and the SQLite WAL.
   */
  forgetOnDisk?: (outboxUuids: readonly string[]) => Promise<void>;
  /**
   * Issue 59: the reader's renewing memberships end with the account (in the transaction), and the
   * provider stops charging the ones still running (after the commit).
   */
  subscriptions?: {
    endForErasureWithin(trx: DbExecutor, userId: number): Promise<string[]>;
    stopAtProvider(refs: readonly string[]): Promise<void>;
  };
  now?: () => number;
}) {
  const { domainEvents } = deps;
  const now = deps.now ?? (() => Date.now());

  /** Erases the account of a pending deletion whose time has come; anything else changes nothing. */
  async function erase(deletionId: number): Promise<ErasureOutcome> {
    const outboxUuids: string[] = [];
    const running: string[] = [];
    const outcome = await domainEvents.transact((trx) => {
      outboxUuids.length = 0; // a transaction tried again starts afresh
      running.length = 0;
      return eraseWithin(trx, deletionId, outboxUuids, running);
    });
    if (outcome === 'erased') {
      await deps.forgetOnDisk?.(outboxUuids);
      await deps.subscriptions?.stopAtProvider(running);
    }
    return outcome;
  }

  /** `outboxUuids` receives the reader's messages the erasure scrubbed (their files go after the commit). */
  async function eraseWithin(
    trx: DbExecutor,
    deletionId: number,
    outboxUuids: string[] = [],
    runningSubscriptions: string[] = [],
  ): Promise<ErasureOutcome> {
    const request = await deletions.findDeletion(trx, deletionId);
    if (!request) return 'not-pending';
    await deps.membership.lockMembersWithin(trx, [request.user_id]);
    // Read again under the lock: a login that cancelled it, or another node that erased it, came first.
    const current = await deletions.findDeletion(trx, deletionId);
    if (!current || current.cancelled_at !== null) return 'not-pending';
    if (current.erased_at !== null) return 'already-erased';
    const at = now();
    if (current.erase_at > at) return 'not-due';
    const user = await repo.findErasable(trx, current.user_id);
    if (!user) return 'not-pending';
    if (user.erased_at !== null) {
      await deletions.markErased(trx, deletionId, at);
      return 'already-erased';
    }
    const pseudonym = pseudonymOf(user.uuid);

    // The membership time left is lost (the reader was told; the operator may refund the order):
    // the grants stay in the ledger, revoked, and the account counts as a member no more.
    await deps.membership.revokeAllWithin(trx, user.id);
    runningSubscriptions.push(...((await deps.subscriptions?.endForErasureWithin(trx, user.id)) ?? []));
    await repo.deleteOwnRows(trx, user.id);
    await repo.deleteReports(trx, user.id);
    await removeLikes(trx, user.id);
    await removeRatings(trx, user.id);
    if (current.comments === 'remove') await removeComments(trx, user.id);
    await repo.deleteDataExports(trx, user.id);
    outboxUuids.push(...(await repo.scrubOutbox(trx, user.id, user.email?.toLowerCase() ?? null, at)));
    if (user.email) await repo.scrubIncidentAddresses(trx, user.email);
    await scrubAudit(trx, user, pseudonym);
    await scrubLedgerText(trx, user, pseudonym);
    await repo.pseudonymiseUser(trx, user.id, {
      pseudonym,
      skeleton: usernameSkeleton(pseudonym),
      passwordHash: ERASED_PASSWORD_HASH,
      inviteCode: pseudonym,
      at,
    });
    await deletions.markErased(trx, deletionId, at);
    await deps.audit.recordWithin(trx, ERASURE_ACTOR, {
      action: 'user.erase',
      targetType: 'user',
      targetId: pseudonym,
      after: { pseudonym, comments: current.comments },
    });
    // Every token of the account stops now on this node, on the others within a poll.
    await domainEvents.raise(trx, { type: 'account-changed', userId: user.id });
    // The last message, to the address held until now: linked to no account, so nothing of it points back.
    if (user.email && user.email_confirmed_at !== null) {
      await queueMail(
        trx,
        domainEvents,
        {
          kind: 'account-erased',
          to: user.email,
          userId: null,
          language: normalizeLanguage(user.language) ?? DEFAULT_LANGUAGE,
          data: { username: user.username },
        },
        at,
      );
    }
    return 'erased';
  }

  /** Chapter and comment likes go, and the counts they added with them. */
  async function removeLikes(trx: DbExecutor, userId: number): Promise<void> {
    for (const like of await repo.chapterLikesOf(trx, userId)) {
      if (await deleteChapterLike(trx, userId, like.chapter_id)) await decrementLikeCounters(trx, like.book_id, like.chapter_id);
      await domainEvents.raise(trx, { type: 'chapter-like-changed', userId, chapterId: like.chapter_id });
    }
    for (const like of await repo.commentLikesOf(trx, userId)) {
      if (await deleteCommentLike(trx, like.comment_id, userId)) await moveLikes(trx, like.comment_id, -1);
    }
  }

  /** Ratings (and their reviews) go, and leave the books' averages (books.rating_count / rating_sum). */
  async function removeRatings(trx: DbExecutor, userId: number): Promise<void> {
    for (const rating of await repo.ratingsOf(trx, userId)) {
      await deleteRating(trx, rating.book_id, userId);
      await moveBookCounters(trx, rating.book_id, -rating.score, -1);
      await domainEvents.raise(trx, { type: 'rating-changed', bookId: rating.book_id, sumDelta: -rating.score, countDelta: -1 });
    }
  }

  /** The reader chose to remove their comments: each is deleted as the reader's own delete does (counts kept right). */
  async function removeComments(trx: DbExecutor, userId: number): Promise<void> {
    for (const comment of await repo.liveCommentsOf(trx, userId)) await setCommentState(trx, comment.id, 'deleted');
    await repo.blankDeletedComments(trx, userId);
  }

  /**
   * Audit entries written by the reader (as an operator) or about them keep what was done, not who:
   * the actor's name becomes the pseudonym, and the reader's name and address inside the before and
   * after values are replaced by the pseudonym and `[erased]`.
   */
  async function scrubAudit(
    trx: DbExecutor,
    user: { id: number; uuid: string; username: string; email: string | null },
    pseudonym: string,
  ) {
    const scrub = (text: string | null) => (text === null ? null : scrubName(text, user, pseudonym));
    for (const row of await repo.auditRowsOf(trx, user)) {
      await repo.updateAuditRow(trx, row.id, {
        actor_name: row.actor_user_id === user.id ? pseudonym : (scrub(row.actor_name) ?? ''),
        before_json: scrub(row.before_json),
        after_json: scrub(row.after_json),
      });
    }
  }

  /**
   * Free text of the ledger that an operator or the console wrote about the reader (grant notes,
   * coin gift reasons, provider event lines, incident resolutions): the ledger stays, the name goes.
   */
  async function scrubLedgerText(trx: DbExecutor, user: { id: number; username: string; email: string | null }, pseudonym: string) {
    const changed = (text: string | null) => {
      if (text === null) return null;
      const out = scrubName(text, user, pseudonym);
      return out === text ? null : out;
    };
    for (const row of await repo.grantNotesOf(trx, user.id)) {
      const text = changed(row.text);
      if (text !== null) await repo.setGrantNote(trx, row.id, text);
    }
    for (const row of await repo.coinReasonsOf(trx, user.id)) {
      const text = changed(row.text);
      if (text !== null) await repo.setCoinReason(trx, row.id, text);
    }
    for (const row of await repo.orderEventSummariesOf(trx, user.id)) {
      const text = changed(row.text);
      if (text !== null) await repo.setEventSummary(trx, row.provider, row.event_id, text);
    }
    for (const row of await repo.incidentResolutionsNaming(trx, user.username)) {
      const text = changed(row.text);
      if (text !== null) await repo.setIncidentResolution(trx, row.id, text);
    }
  }

  /**
   * The housekeeping pass: due deletions whose job was lost (or not run yet) are erased here, one
   * transaction each. Returns how many were erased.
   */
  async function eraseDue(limit = 100): Promise<number> {
    let erased = 0;
    for (const due of await deletions.dueDeletions(deps.db, now(), limit)) {
      if ((await erase(due.id)) === 'erased') erased += 1;
    }
    return erased;
  }

  /** The `account_erase` job. */
  async function runJob(payload: unknown): Promise<{ outcome: ErasureOutcome }> {
    const id = (payload as { deletion_id?: unknown } | null)?.deletion_id;
    if (typeof id !== 'number') return { outcome: 'not-pending' };
    return { outcome: await erase(id) };
  }

  return { erase, eraseWithin, eraseDue, runJob };
}

export type Erasure = ReturnType<typeof createErasure>;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The reader's name (as a whole word: "bob" leaves "bobby" alone) becomes the pseudonym and their
 * address `[erased]`, case-insensitively, as names and addresses are compared everywhere.
 */
function scrubName(text: string, user: { username: string; email: string | null }, pseudonym: string): string {
  let out = text.replace(new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])${escapeRegExp(user.username)}(?![\\p{L}\\p{N}\\p{M}])`, 'giu'), pseudonym);
  if (user.email) out = out.replace(new RegExp(escapeRegExp(user.email), 'gi'), '[erased]');
  return out;
}
