import { useSyncExternalStore } from 'react';
import { readingApi } from '../../lib/api-reading';
import { isOffline } from '../../lib/online';
import { browserDeps } from './browser-deps';
import { observeProgress } from '../../lib/progress-sync';
import { chaptersFrom } from './chapter-plan';
import { markSavedChapters, noteSaveRun, notifyOfflineChanged } from './offline-changes';
import { browserStorage, canSaveOffline } from './offline-db';
import { rememberPositions } from './offline-start';
import { withSaveLock } from './save-lock';
import { saveChapters, type SaveBook, type SaveOutcome, type SaveProgress, type SaveTarget } from './save-chapters';
import { askPersistence, PERSIST_ASKED_AT } from './storage-status';

/**
 * The one save run of this tab (issue 47), as the buttons and the progress panel see it: started by
 * the book page or the end-of-chapter card (`origin` says which shows it), with its progress, the
 * metered connection's question, and the outcome until dismissed. One run at a time.
 */
export type SaveRun =
  | { status: 'idle' }
  | { status: 'running'; origin: string; progress: SaveProgress | null }
  | { status: 'confirm'; origin: string; chapters: number; bytes: number }
  | { status: 'finished'; origin: string; outcome: RunOutcome };

export type RunOutcome = Omit<SaveOutcome, 'stopped'> & { stopped?: SaveOutcome['stopped'] | 'unsupported' };

/** What to save: given chapters, or the next `count` from a chapter number on. */
export type SaveChoice = { book: SaveBook; chapters: SaveTarget[] } | { bookUuid: string; fromNumber: number; count: number };

let run: SaveRun = { status: 'idle' };
let controller: AbortController | undefined;
let answer: ((yes: boolean) => void) | undefined;
const listeners = new Set<() => void>();

function set(next: SaveRun): void {
  run = next;
  noteSaveRun(next.status === 'idle' ? null : next.origin);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSaveRun = (): SaveRun =>
  useSyncExternalStore(
    subscribe,
    () => run,
    () => run,
  );

export async function startSaving(
  origin: string,
  choice: SaveChoice,
  { language, lighter }: { language: string; lighter: boolean },
): Promise<void> {
  if (run.status === 'running' || run.status === 'confirm') return;
  const finish = (outcome: RunOutcome) => set({ status: 'finished', origin, outcome });
  if (!canSaveOffline()) return finish({ saved: 0, skipped: [], stopped: 'unsupported' });
  if (isOffline()) return finish({ saved: 0, skipped: [], stopped: 'offline' });
  controller = new AbortController();
  const signal = controller.signal;
  set({ status: 'running', origin, progress: null });
  try {
    const request =
      'chapters' in choice
        ? choice
        : await chaptersFrom(
            (page, size) => readingApi.chapters(choice.bookUuid, language, 'asc', page, size),
            choice.fromNumber,
            choice.count,
          );
    // Set before the first record is written: the next start then looks after what this run leaves.
    markSavedChapters(true);
    const store = browserStorage.store;
    // The first save asks the browser to keep what is saved (the Offline screen shows the answer).
    if ((await store.readMeta(PERSIST_ASKED_AT)) === undefined) void askPersistence(store);
    const outcome = await withSaveLock(() =>
      saveChapters(
        browserDeps,
        { ...request, language, lighter },
        {
          signal,
          onProgress: (progress) => set({ status: 'running', origin, progress }),
          onSaved: notifyOfflineChanged,
          confirm: (estimate) =>
            new Promise<boolean>((resolve) => {
              answer = resolve;
              set({ status: 'confirm', origin, ...estimate });
            }),
        },
      ),
    );
    // The place the reader reaches in a saved chapter is kept with it from now on.
    if (outcome.saved > 0) observeProgress(rememberPositions);
    finish(outcome);
  } catch {
    // The chapter list could not be read (saveChapters itself explains its own failures).
    finish({ saved: 0, skipped: [], stopped: isOffline() ? 'offline' : 'failed' });
  } finally {
    controller = undefined;
    answer = undefined;
    notifyOfflineChanged();
  }
}

/** The reader's answer to the metered connection's question. */
export function answerConfirm(yes: boolean): void {
  const resolve = answer;
  answer = undefined;
  if (run.status === 'confirm') set({ status: 'running', origin: run.origin, progress: null });
  resolve?.(yes);
}

export function cancelSaving(): void {
  controller?.abort();
  answerConfirm(false);
}

export function dismissRun(): void {
  if (run.status === 'finished') set({ status: 'idle' });
}
