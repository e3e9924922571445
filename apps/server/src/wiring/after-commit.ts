import { handleContentChanges } from '../modules/catalogue/catalogue-changes.js';
import type { JobRunner } from '../modules/jobs/job-runner.js';
import type { Catalogue } from './catalogue.js';
import type { Platform } from './platform.js';
import type { ReaderFeatures } from './reader-features.js';

/** Who listens: what the stages made that hears committed changes. */
type Listeners = Pick<
  Platform & Catalogue & ReaderFeatures,
  'domainEvents' | 'versions' | 'metrics' | 'siteSettings' | 'readerChanges' | 'replyNotifier' | 'ratingPrior' | 'ratingDistributions'
>;

/**
 * After a commit: who hears of each change (docs/ARCHITECTURE.md, "After a commit"). The
 * listeners run before the request that made the change is answered. The last step of the
 * wiring root, once every listener exists; it registers, it starts nothing.
 */
export function listenAfterCommit(services: Listeners, jobs: JobRunner): void {
  const { domainEvents, versions, readerChanges, metrics } = services;
  // Books, chapters, site settings, legal texts: the one handler moves the version of what changed
  // in the changing transaction, then re-reads it here, which drops what is kept by it (the catalogue:
  // chapter cache, the reader-state cache's chapter numbers, book cards, ranking, search, OPDS
  // documents, public answers, rendered pages; the others: the public answers and rendered pages
  // that show them), and sends it on the invalidation bus to the other processes.
  handleContentChanges(domainEvents, versions);
  // This node's copy of the settings goes when their version moves, here or on another node.
  versions['site-settings'].subscribe(() => services.siteSettings.forget());
  // The reader-state cache (reading/reader-state-cache.ts) hears these through the change feed:
  // the user's kept account and membership go, and for a like the chapter's count.
  domainEvents.on('membership-changed', ({ userId }) => readerChanges.changedHere({ userIds: [userId] }));
  domainEvents.on('account-changed', ({ userId }) => readerChanges.changedHere({ userIds: [userId] }));
  domainEvents.on('chapter-like-changed', ({ userId, chapterId }) =>
    readerChanges.changedHere({ userIds: [userId], chapterIds: [chapterId] }),
  );
  // Queued work is looked for now, not at the next poll (a no-op while the runner is not started).
  domainEvents.on('mail-queued', () => jobs.wake());
  domainEvents.on('job-queued', () => jobs.wake());
  // Web Push for a reply, sent on its own: the posting request does not wait for it.
  domainEvents.on('reply-alert-recorded', ({ alertId }) => services.replyNotifier.notify(alertId));
  // Orders created, paid, failed, expired, refunded: counted once committed (metrics, when on).
  if (metrics) domainEvents.on('order-changed', ({ provider, plan, event }) => metrics.money.order(provider, plan, event));
  // This node's mean rating (the Bayesian prior) moves by the rating at once; the book's kept distribution goes.
  domainEvents.on('rating-changed', ({ bookId, sumDelta, countDelta }) => {
    services.ratingPrior.applyLocal(sumDelta, countDelta);
    services.ratingDistributions.forget(bookId);
  });
}
