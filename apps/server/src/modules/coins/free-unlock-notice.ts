import { pagePath, type Language } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { EnqueueInput } from '../jobs/job-runner.js';
import type { PushNotice } from '../push/push.service.js';
import * as ledgerRepo from './coin-ledger.repository.js';
import * as repo from './free-unlock-notice.repository.js';

const HOUR_MS = 3_600_000;
export const FREE_UNLOCK_READY_JOB = 'free_unlock_ready';

const READY: Record<Language, string> = {
  'en-us': 'Your free chapter is ready: open the next one now',
  'zh-cn': '你的免费章节已就绪：现在就解锁下一章吧',
  'fr-fr': 'Votre chapitre gratuit est prêt : ouvrez le suivant maintenant',
  'es-es': 'Tu capítulo gratis está listo: abre el siguiente ahora',
  'ar-sa': 'فصلك المجاني جاهز: افتح الفصل التالي الآن',
};

/**
 * Wait-for-free's "it is ready" (issue 42): when a reader who follows the book takes a free unlock,
 * a job waits until the next one is ready and then tells them by Web Push, in each browser's
 * language, with a link to the book. Only if nothing changed: they took no other free unlock of the
 * book since, the book still offers it, and they still follow it. (Readers without push see the
 * countdown on the book page; the e-mail digest does not carry it.)
 */
export function createFreeUnlockNotice(deps: {
  db: Db;
  push: { notifyUser(userId: number, noticeFor: (language: Language) => PushNotice): Promise<unknown> };
  jobs: { enqueue(executor: DbExecutor, input: EnqueueInput): Promise<string> };
}) {
  const { db } = deps;

  /** In the free unlock's transaction: schedules the notice for a follower of the book. */
  async function scheduleWithin(trx: DbExecutor, userId: number, bookId: number, readyAt: number): Promise<void> {
    if (!(await repo.follows(trx, userId, bookId))) return;
    await deps.jobs.enqueue(trx, {
      kind: FREE_UNLOCK_READY_JOB,
      payload: { user_id: userId, book_id: bookId, ready_at: readyAt },
      runAt: readyAt,
    });
  }

  /** The job: sends the notice if it still holds. */
  async function run(payload: unknown): Promise<{ sent: boolean }> {
    const job = payload as { user_id?: unknown; book_id?: unknown; ready_at?: unknown } | null;
    if (typeof job?.user_id !== 'number' || typeof job.book_id !== 'number' || typeof job.ready_at !== 'number') return { sent: false };
    const book = await repo.findBook(db, job.book_id);
    if (!book || book.coin_price === null || book.wait_free_hours === null) return { sent: false };
    const last = await ledgerRepo.lastFreeUnlockAt(db, job.user_id, job.book_id);
    if (last === null || last + book.wait_free_hours * HOUR_MS !== job.ready_at) return { sent: false };
    if (!(await repo.follows(db, job.user_id, job.book_id))) return { sent: false };
    const titles = await repo.findBookTitles(db, job.book_id);
    const titleIn = (language: Language) =>
      titles.find((t) => t.language === language)?.title ?? titles.find((t) => t.language === book.original_language)?.title ?? '';
    await deps.push.notifyUser(job.user_id, (language) => ({
      title: titleIn(language),
      body: READY[language],
      url: pagePath.book(book.uuid),
      tag: `free-unlock-${book.uuid}`,
    }));
    return { sent: true };
  }

  return { scheduleWithin, run };
}

export type FreeUnlockNotice = ReturnType<typeof createFreeUnlockNotice>;
