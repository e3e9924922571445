import type { Db } from '../../db/database.js';
import { pickTranslation } from '../../lib/language.js';
import type { PushLog, PushService } from '../push/push.service.js';
import * as repo from './reply-alerts.repository.js';
import { chapterCommentsPath, repliedText } from './reply-alerts.text.js';

export interface ReplyNotifierDeps {
  db: Db;
  push: Pick<PushService, 'notifyUser'>;
  log: PushLog;
  /** COMMUNITY=on: with it off nothing is ever sent. */
  community: boolean;
}

/**
 * Web Push for reply alerts: `notify(alertId)` runs once the transaction that recorded the alert
 * committed (the `reply-alert-recorded` event the comments service raises, heard in wiring/after-commit.ts). The
 * notice goes to every browser the comment's author subscribed, in that browser's language:
 * "<name> replied to your comment on <book>, ch. N", opening the chapter at its comments, when the
 * author kept users.notify_replies on (the default). Nothing when the reply can no longer be seen
 * (hidden between the post and the notice) or the chapter or book is unpublished.
 *
 * Fire and forget: `notify` returns at once; the work runs on its own and every failure is logged,
 * never passed to the posting request. The push service counts failed deliveries per subscription
 * and drops one that keeps failing (it has no queue to retry from: a notice that failed is lost,
 * the alert stays in the library). `settled()` waits for the notices under way (tests, shutdown).
 */
export function createReplyNotifier(deps: ReplyNotifierDeps) {
  const { db, push, log } = deps;
  const pending = new Set<Promise<void>>();

  async function send(alertId: number): Promise<void> {
    const alert = await repo.findAlertForNotice(db, alertId);
    if (!alert || alert.notify_replies !== 1) return;
    const titles = await repo.listBookTitles(db, [alert.book_id]);
    const url = chapterCommentsPath(alert.book_uuid, { chapter_uuid: alert.chapter_uuid, chapter_number: alert.chapter_number });
    const report = await push.notifyUser(alert.user_id, (language) => {
      const book = pickTranslation(titles, language, alert.original_language)?.title ?? '';
      return {
        title: book,
        body: repliedText(language, alert.replier_username, book, alert.chapter_number),
        url,
        // One notice per alert: a second reply shows beside the first, not over it.
        tag: `reply-${alert.id}`,
      };
    });
    if (report.sent + report.removed + report.failed > 0) log.info({ alertId, ...report }, 'reply notice delivered');
  }

  function notify(alertId: number): void {
    if (!deps.community) return;
    const work = send(alertId).catch((error: unknown) => log.warn({ err: error, alertId }, 'a reply notice could not be sent'));
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  async function settled(): Promise<void> {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  return { notify, settled };
}

export type ReplyNotifier = ReturnType<typeof createReplyNotifier>;
