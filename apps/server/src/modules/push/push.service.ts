import { ErrorCode, normalizeLanguage, pagePath, type Language, type PushSubscriptionBody } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { mapWithConcurrency } from '../../lib/concurrency.js';
import { pickTranslation } from '../../lib/language.js';
import type { PushConfig } from './push-config.js';
import { BlockedEndpointError, checkEndpoint } from './push-endpoint-guard.js';
import { webPushLibrary } from './web-push-library.js';
import { isUsableKeys } from './push-keys.js';
import { newChaptersText } from './push-messages.js';
import * as repo from './push.repository.js';
import { postPush } from './push-transport.js';
import { refuseLeftReader } from '../users/account-guard.js';

/** Push services keep an undelivered notice this long (the reader's phone may be off). */
const TTL_SECONDS = 24 * 60 * 60;
const DELIVERY_CONCURRENCY = 8;

export interface PushLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface DeliveryReport {
  sent: number;
  removed: number;
  failed: number;
}

/** The payload the service worker shows (apps/web/src/service-worker/). */
export interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export function createPushService(deps: {
  db: Db;
  config: PushConfig | null;
  log: PushLog;
  now?: () => number;
  /** Each delivery's result (metrics). */
  onDelivered?: ((result: 'sent' | 'gone' | 'failed') => void) | null;
}) {
  const { db, config, log } = deps;
  const now = deps.now ?? Date.now;

  function requireConfig(): PushConfig {
    if (!config) throw new AppError(ErrorCode.PUSH_UNAVAILABLE, 503, 'Notifications are not available on this site');
    return config;
  }

  const publicKey = () => requireConfig().publicKey;

  async function subscribe(userId: number, body: PushSubscriptionBody): Promise<void> {
    const settings = requireConfig();
    try {
      await checkEndpoint(body.endpoint, settings.allowPrivateEndpoints);
    } catch (error) {
      if (error instanceof BlockedEndpointError) throw badRequest(ErrorCode.INVALID_PUSH_ENDPOINT, error.message);
      throw error;
    }
    // The schema checks the keys' alphabet and lengths; their decoded sizes and the point here.
    if (!isUsableKeys(body.keys)) {
      throw badRequest(ErrorCode.VALIDATION_FAILED, 'keys.p256dh must be an uncompressed P-256 point (65 bytes) and keys.auth 16 bytes');
    }
    const stored = await db.transaction().execute(async (trx) => {
      // An account erased since this request authenticated leaves no subscription behind.
      await refuseLeftReader(trx, userId);
      const upserted = await repo.upsertSubscription(trx, {
        user_id: userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        language: body.language ?? 'en-us',
        created_at: now(),
      });
      if (upserted) await repo.trimSubscriptions(trx, userId);
      return upserted;
    });
    if (!stored) throw new AppError(ErrorCode.CONFLICT, 409, 'This push endpoint is subscribed by another account');
  }

  const unsubscribe = (userId: number, endpoint: string) => repo.deleteSubscription(db, userId, endpoint);

  /**
   * Sends one subscription its notice and keeps what came of it: delivered, the subscription
   * removed when the push service says it is gone, or one more failure on its count.
   */
  async function deliverAndRecord(
    settings: PushConfig,
    subscription: { id: number; endpoint: string; p256dh: string; auth: string },
    notice: PushNotice,
    report: DeliveryReport,
  ): Promise<void> {
    const outcome = await deliver(settings, subscription, notice);
    deps.onDelivered?.(outcome);
    if (outcome === 'sent') await repo.markDelivered(db, subscription.id, now());
    else if (outcome === 'gone') await repo.deleteSubscriptionById(db, subscription.id);
    else await repo.markFailed(db, subscription.id);
    report[outcome === 'sent' ? 'sent' : outcome === 'gone' ? 'removed' : 'failed'] += 1;
  }

  /**
   * Tells every follower of a book, on every browser they subscribed, that chapters came out.
   * Never throws: a failed delivery is counted (and the subscription dropped after a few in a row,
   * or at once when the push service says it is gone, 404/410), never passed to the caller.
   */
  async function notifyNewChapters(bookId: number, chapterIds: readonly number[]): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, removed: 0, failed: 0 };
    if (!config || chapterIds.length === 0) return report;
    try {
      const book = await repo.findBookForNotice(db, bookId);
      const chapters = await repo.findChapters(db, chapterIds);
      const first = chapters[0];
      if (!book || book.is_published !== 1 || !first) return report;
      const [subscriptions, titles] = await Promise.all([repo.findFollowerSubscriptions(db, bookId), repo.findBookTitles(db, bookId)]);
      await mapWithConcurrency(subscriptions, DELIVERY_CONCURRENCY, async (subscription) => {
        // One subscription's trouble (even a database error on its row) must not stop the others'.
        try {
          const language: Language = normalizeLanguage(subscription.language) ?? 'en-us';
          const notice: PushNotice = {
            title: pickTranslation(titles, language, book.original_language)?.title ?? '',
            body: newChaptersText(language, first.number, chapters.length),
            url: pagePath.reading(book.uuid, first.uuid, first.number),
            tag: `book-${book.uuid}`,
          };
          await deliverAndRecord(config, subscription, notice, report);
        } catch (error) {
          report.failed += 1;
          // The row's id only: its endpoint is a capability and its keys are secrets.
          log.warn({ err: error, bookId, subscriptionId: subscription.id }, 'a new chapter notice could not be recorded');
        }
      });
      log.info({ bookId, chapters: chapters.length, ...report }, 'new chapter notices delivered');
    } catch (error) {
      log.warn({ err: error, bookId }, 'new chapter notices could not be delivered');
    }
    return report;
  }

  /**
   * Sends one reader, on every browser they subscribed, the notice `noticeFor` writes in that
   * subscription's language (reply alerts, community/reply-alerts.notifier.ts). Never throws, as
   * notifyNewChapters: failures are counted and the subscription's failure count kept.
   */
  async function notifyUser(userId: number, noticeFor: (language: Language) => PushNotice): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, removed: 0, failed: 0 };
    if (!config) return report;
    try {
      const subscriptions = await repo.findUserSubscriptions(db, userId);
      await mapWithConcurrency(subscriptions, DELIVERY_CONCURRENCY, async (subscription) => {
        try {
          await deliverAndRecord(config, subscription, noticeFor(normalizeLanguage(subscription.language) ?? 'en-us'), report);
        } catch (error) {
          report.failed += 1;
          log.warn({ err: error, userId, subscriptionId: subscription.id }, 'a notice to a reader could not be recorded');
        }
      });
    } catch (error) {
      log.warn({ err: error, userId }, 'notices to a reader could not be delivered');
    }
    return report;
  }

  return { publicKey, subscribe, unsubscribe, notifyNewChapters, notifyUser };
}

export type PushService = ReturnType<typeof createPushService>;

async function deliver(
  config: PushConfig,
  subscription: { endpoint: string; p256dh: string; auth: string },
  notice: PushNotice,
): Promise<'sent' | 'gone' | 'failed'> {
  try {
    const request = webPushLibrary().generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(notice),
      {
        vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    const status = await postPush(
      { endpoint: request.endpoint, method: request.method, headers: request.headers as Record<string, string>, body: request.body },
      config.allowPrivateEndpoints,
    );
    if (status >= 200 && status < 300) return 'sent';
    // The subscription expired or the reader unsubscribed in the browser.
    if (status === 404 || status === 410) return 'gone';
    return 'failed';
  } catch (error) {
    // An endpoint that now points into our own network is never tried again.
    return error instanceof BlockedEndpointError ? 'gone' : 'failed';
  }
}
