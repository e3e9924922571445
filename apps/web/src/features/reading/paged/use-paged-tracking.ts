import { useCallback, useEffect, useRef, useState } from 'react';
import { sendEvents } from '../../../lib/api-reading';
import { announceChapterFinished } from '../../../lib/chapter-finished';
import { markFinished, queueProgress } from '../../../lib/progress-sync';
import { useStartReading } from '../use-start-reading';
import type { PageView } from './page-layout';

/**
 * The paged reader's share of the reading events and the position (the strip's are in
 * use-page-tracking.ts and use-position-memory.ts): 'start reading' on arrival; the page shown,
 * queued on each turn (`page_offset` 0: a page is seen whole); 'finish reading' once, when the
 * last view is shown and its images have loaded (turning to the end of pages that never came does
 * not count as reading them).
 */
export function usePagedTracking(bookUuid: string, chapterUuid: string, views: readonly PageView[], current: number, isShown: boolean) {
  useStartReading(bookUuid, chapterUuid);
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set());
  const finished = useRef(false);
  const view = views[current];
  const first = view?.[0];

  useEffect(() => {
    // While the server's first page is being taken over, the page to open has not been shown yet.
    if (!isShown || first === undefined) return;
    queueProgress(bookUuid, chapterUuid, { page_index: first, page_offset: 0 });
  }, [bookUuid, chapterUuid, first, isShown]);

  const isLastView = views.length > 0 && current === views.length - 1;
  const lastViewLoaded = !!view && view.every((index) => loaded.has(index));
  useEffect(() => {
    if (finished.current || !isShown || !isLastView || !lastViewLoaded) return;
    finished.current = true;
    sendEvents([{ type: 'finish_reading', book_uuid: bookUuid, chapter_uuid: chapterUuid }]);
    announceChapterFinished();
    markFinished(bookUuid, chapterUuid);
  }, [isShown, isLastView, lastViewLoaded, bookUuid, chapterUuid]);

  const onPageLoad = useCallback(
    (index: number) => setLoaded((previous) => (previous.has(index) ? previous : new Set(previous).add(index))),
    [],
  );
  return { onPageLoad };
}
