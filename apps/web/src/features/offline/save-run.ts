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

/** The run now (what the screens subscribe to with useSaveRun). */
export const getSaveRun = (): SaveRun => run;

export const useSaveRun = (): SaveRun => useSyncExternalStore(subscribe, getSaveRun, getSaveRun);

/** A save asked for while another runs: it starts when that one ends, in the same run (issue 47). */
interface Pending {
  origin: string;
  choice: SaveChoice;
  form: { language: string; lighter: boolean };
}

let pending: Pending[] = [];
/** The request of the save now running (a press of one of its chapters again adds nothing). */
let current: SaveChoice | undefined;

const sameChoice = (a: SaveChoice, b: SaveChoice): boolean =>
  'chapters' in a
    ? 'chapters' in b && a.chapters.every((chapter) => b.chapters.some((other) => other.chapter_uuid === chapter.chapter_uuid))
    : !('chapters' in b) && a.bookUuid === b.bookUuid && a.fromNumber === b.fromNumber && a.count <= b.count;

/** How many chapters the saves still waiting will take (a "next N" counts as N; fewer may remain). */
const chapterCount = (choice: SaveChoice): number => ('chapters' in choice ? choice.chapters.length : choice.count);
const pendingChapters = (): number => pending.reduce((sum, next) => sum + chapterCount(next.choice), 0);

/**
 * Saves `choice`. A press while a save runs (or waits for the metered question's answer) is not
 * lost: it waits and runs right after, in the same run, so the progress counts it and the outcome
 * adds it up. A press of chapters the running or a waiting save already covers adds nothing.
 */
export async function startSaving(origin: string, choice: SaveChoice, form: { language: string; lighter: boolean }): Promise<void> {
  if (run.status === 'running' || run.status === 'confirm') {
    const covered = [current, ...pending.map((next) => next.choice)].some((other) => other && sameChoice(choice, other));
    if (covered) return;
    pending.push({ origin, choice, form });
    if (run.status === 'running' && run.progress) {
      set({ ...run, progress: { ...run.progress, total: run.progress.total + chapterCount(choice) } });
    }
    return;
  }
  let shownAt = origin;
  const finish = (outcome: RunOutcome) => set({ status: 'finished', origin: shownAt, outcome });
  if (!canSaveOffline()) return finish({ saved: 0, skipped: [], stopped: 'unsupported' });
  if (isOffline()) return finish({ saved: 0, skipped: [], stopped: 'offline' });
  controller = new AbortController();
  const signal = controller.signal;
  let total: RunOutcome = { saved: 0, skipped: [] };
  let next: Pending | undefined = { origin, choice, form };
  try {
    for (; next; next = pending.shift()) {
      shownAt = next.origin;
      current = next.choice;
      const outcome = await saveOnce(next, signal, total);
      total = { ...outcome, saved: total.saved + outcome.saved, skipped: [...total.skipped, ...outcome.skipped] };
      // A run that stopped (cancelled, declined, storage full, connection lost) takes what waited with it.
      if (outcome.stopped) break;
    }
    finish(total);
  } finally {
    pending = [];
    current = undefined;
    controller = undefined;
    answer = undefined;
    notifyOfflineChanged();
  }
}

/** One request of a run; `before` is what the run's earlier requests did (the progress counts on from it). */
async function saveOnce({ origin, choice, form }: Pending, signal: AbortSignal, before: RunOutcome): Promise<RunOutcome> {
  const { language, lighter } = form;
  const earlier = before.saved + before.skipped.length;
  const show = (progress: SaveProgress | null) =>
    set({
      status: 'running',
      origin,
      progress: progress && { ...progress, done: earlier + progress.done, total: earlier + progress.total + pendingChapters() },
    });
  show(null);
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
    // The first save asks the browser to keep what is saved, silently: the Offline screen shows the
    // browser's state, and a refusal only once the reader asked there themselves.
    if ((await store.readMeta(PERSIST_ASKED_AT)) === undefined) void askPersistence(store, { byReader: false });
    const outcome = await withSaveLock(() =>
      saveChapters(
        browserDeps,
        { ...request, language, lighter },
        {
          signal,
          onProgress: show,
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
    return outcome;
  } catch {
    // The chapter list could not be read (saveChapters itself explains its own failures).
    return { saved: 0, skipped: [], stopped: isOffline() ? 'offline' : 'failed' };
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
