import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as initialSchema from './migrations/2026-11-22T0800-initial-schema.js';
import * as coupons from './migrations/2026-11-22T1000-coupons.js';
import * as paymentOrders from './migrations/2026-11-22T1100-payment-orders.js';
import * as providerPayments from './migrations/2026-11-22T1200-provider-payments.js';
import * as content from './migrations/2026-11-22T1300-content.js';
import * as pageVariantIndexes from './migrations/2026-11-22T1400-page-variant-indexes.js';
import * as readingEventDays from './migrations/2026-11-22T1500-reading-event-days.js';
import * as bookImportPending from './migrations/2026-11-22T1510-book-import-pending.js';
import * as readerJourney from './migrations/2026-11-23T0900-reader-journey.js';
import * as pushSubscriptions from './migrations/2026-11-23T0910-push-subscriptions.js';
import * as operatorConsole from './migrations/2026-11-23T1000-operator-console.js';
import * as orderEvents from './migrations/2026-11-23T1130-order-events.js';
import * as readerChanges from './migrations/2026-11-24T1800-reader-changes.js';
import * as loginDelays from './migrations/2026-11-25T0100-login-delays.js';
import * as usernameSkeletons from './migrations/2026-11-25T0110-username-skeletons.js';
import * as memberState from './migrations/2026-11-25T0200-member-state.js';
import * as consoleListIndexes from './migrations/2026-11-25T0230-console-list-indexes.js';
import * as revenueDays from './migrations/2026-11-25T0240-revenue-days.js';
import * as mailOutbox from './migrations/2026-11-25T0300-mail-outbox.js';
import * as accountTokens from './migrations/2026-11-25T0320-account-tokens.js';
import * as mailNotices from './migrations/2026-11-25T0330-mail-notices.js';
import * as twoStepSignIn from './migrations/2026-11-25T0340-two-step-sign-in.js';
import * as readingAggregates from './migrations/2026-11-25T0210-reading-aggregates.js';
import * as foreignKeyIndexes from './migrations/2026-11-25T0220-foreign-key-indexes.js';
import * as searchRevision from './migrations/2026-11-25T0400-search-revision.js';
import * as bookAlternateTitles from './migrations/2026-11-25T1700-book-alternate-titles.js';
import * as community from './migrations/2026-11-25T1800-community.js';
import * as commentThreads from './migrations/2026-11-26T0900-comment-threads.js';
import * as communityKeyIndexes from './migrations/2026-11-26T1000-community-key-indexes.js';
import * as feedKeys from './migrations/2026-11-26T1100-feed-keys.js';
import * as reachableCommentCounts from './migrations/2026-11-26T1200-reachable-comment-counts.js';
import * as pageLiteVariant from './migrations/2026-11-26T1300-page-lite-variant.js';
import * as chapterGrants from './migrations/2026-11-26T1400-chapter-grants.js';
import * as coins from './migrations/2026-11-27T0900-coins.js';
import * as dataExports from './migrations/2026-11-28T0900-data-exports.js';
import * as accountDeletion from './migrations/2026-11-28T0910-account-deletion.js';
import * as legalDocuments from './migrations/2026-11-28T0920-legal-documents.js';
import * as readingModes from './migrations/2026-11-29T0900-reading-modes.js';
import * as discovery from './migrations/2026-11-30T0900-discovery.js';
import * as calendarIndexes from './migrations/2026-11-30T0910-calendar-indexes.js';
import * as eventClientTimes from './migrations/2026-12-01T0900-event-client-times.js';
import * as coinAmountsBigint from './migrations/2026-12-02T0950-coin-amounts-bigint.js';
import * as membershipSubscriptions from './migrations/2026-12-03T0900-membership-subscriptions.js';
import * as coinRentals from './migrations/2026-12-03T0920-coin-rentals.js';
import * as giftMemberships from './migrations/2026-12-03T0910-gift-memberships.js';
import * as subscriptionConsole from './migrations/2026-12-03T0930-subscription-console.js';
import * as wechatContracts from './migrations/2026-12-03T0940-wechat-contracts.js';
import * as signInEvents from './migrations/2026-12-04T0900-sign-in-events.js';
import * as passkeys from './migrations/2026-12-04T0910-passkeys.js';
import * as linkedIdentities from './migrations/2026-12-04T0920-linked-identities.js';
import * as readingStatuses from './migrations/2026-12-05T0900-reading-statuses.js';
import * as readerLists from './migrations/2026-12-05T1000-reader-lists.js';
import * as contentRatings from './migrations/2026-12-05T1100-content-ratings.js';

/** Listed explicitly (not read from disk) so the compiled server and the tests see the same set. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22T0800-initial-schema': initialSchema,
  '2026-11-22T1000-coupons': coupons,
  '2026-11-22T1100-payment-orders': paymentOrders,
  '2026-11-22T1200-provider-payments': providerPayments,
  '2026-11-22T1300-content': content,
  '2026-11-22T1400-page-variant-indexes': pageVariantIndexes,
  '2026-11-22T1500-reading-event-days': readingEventDays,
  '2026-11-22T1510-book-import-pending': bookImportPending,
  '2026-11-23T0900-reader-journey': readerJourney,
  '2026-11-23T0910-push-subscriptions': pushSubscriptions,
  '2026-11-23T1000-operator-console': operatorConsole,
  '2026-11-23T1130-order-events': orderEvents,
  '2026-11-24T1800-reader-changes': readerChanges,
  '2026-11-25T0100-login-delays': loginDelays,
  '2026-11-25T0110-username-skeletons': usernameSkeletons,
  '2026-11-25T0200-member-state': memberState,
  '2026-11-25T0230-console-list-indexes': consoleListIndexes,
  '2026-11-25T0240-revenue-days': revenueDays,
  '2026-11-25T0300-mail-outbox': mailOutbox,
  '2026-11-25T0320-account-tokens': accountTokens,
  '2026-11-25T0330-mail-notices': mailNotices,
  '2026-11-25T0340-two-step-sign-in': twoStepSignIn,
  '2026-11-25T0210-reading-aggregates': readingAggregates,
  '2026-11-25T0220-foreign-key-indexes': foreignKeyIndexes,
  '2026-11-25T0400-search-revision': searchRevision,
  '2026-11-25T1700-book-alternate-titles': bookAlternateTitles,
  '2026-11-25T1800-community': community,
  '2026-11-26T0900-comment-threads': commentThreads,
  '2026-11-26T1000-community-key-indexes': communityKeyIndexes,
  '2026-11-26T1100-feed-keys': feedKeys,
  '2026-11-26T1200-reachable-comment-counts': reachableCommentCounts,
  '2026-11-26T1300-page-lite-variant': pageLiteVariant,
  '2026-11-26T1400-chapter-grants': chapterGrants,
  '2026-11-27T0900-coins': coins,
  '2026-11-28T0900-data-exports': dataExports,
  '2026-11-28T0910-account-deletion': accountDeletion,
  '2026-11-28T0920-legal-documents': legalDocuments,
  '2026-11-29T0900-reading-modes': readingModes,
  '2026-11-30T0900-discovery': discovery,
  '2026-11-30T0910-calendar-indexes': calendarIndexes,
  '2026-12-01T0900-event-client-times': eventClientTimes,
  '2026-12-02T0950-coin-amounts-bigint': coinAmountsBigint,
  '2026-12-03T0900-membership-subscriptions': membershipSubscriptions,
  '2026-12-03T0920-coin-rentals': coinRentals,
  '2026-12-03T0910-gift-memberships': giftMemberships,
  '2026-12-03T0930-subscription-console': subscriptionConsole,
  '2026-12-03T0940-wechat-contracts': wechatContracts,
  '2026-12-04T0900-sign-in-events': signInEvents,
  '2026-12-04T0910-passkeys': passkeys,
  '2026-12-04T0920-linked-identities': linkedIdentities,
  '2026-12-05T0900-reading-statuses': readingStatuses,
  '2026-12-05T1000-reader-lists': readerLists,
  '2026-12-05T1100-content-ratings': contentRatings,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; safe to run from several processes (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Brings the schema up to the named migration only: tests of a migration fill the tables it finds first. */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** The migrations this version knows: a backup whose latest migration is not one of them came from a newer version. */
export function knownMigrationNames(): string[] {
  return Object.keys(MIGRATIONS);
}
