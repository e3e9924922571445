import type { ChapterItem, OfflineChapterCheck } from '@inkstream/contracts';
import { useQueries } from '@tanstack/react-query';
import { offlineApi } from '../../lib/api-offline';
import { useAuth } from '../auth';
import { CHAPTER_PAGE_SIZE } from './chapter-pages';

/**
 * What the access rule says of each listed chapter for THIS reader now (issue 56): readable or not,
 * and why (free, member, granted, admin; members_only, expired, early_access). The chapter list
 * itself is public and cached for everyone, so it carries no reader's state; the reader's answer
 * comes from the rule's own per-reader call (POST /reader/offline/check: token optional, private,
 * no-store), one call per page of the list. The list renders its badges and save buttons from this
 * answer and never decides again from membership or unlocks.
 *
 * Keyed under ['book-unlocks', book] so an unlock (coins, wait-for-free), which invalidates that
 * prefix, asks again.
 */
export function useChapterAccess(bookUuid: string | undefined, chapters: readonly ChapterItem[]): ReadonlyMap<string, OfflineChapterCheck> {
  const { userUuid } = useAuth();
  const pages: string[][] = [];
  for (let start = 0; start < chapters.length; start += CHAPTER_PAGE_SIZE)
    pages.push(chapters.slice(start, start + CHAPTER_PAGE_SIZE).map((chapter) => chapter.chapter_uuid));
  const answers = useQueries({
    queries: pages.map((uuids) => ({
      queryKey: ['book-unlocks', bookUuid, userUuid ?? null, 'access', uuids],
      queryFn: () => offlineApi.check(uuids),
      enabled: !!bookUuid,
      // Unlocks invalidate it; otherwise one answer serves returns to the list for a while (a rate-limited call).
      staleTime: 30_000,
    })),
  });
  const byChapter = new Map<string, OfflineChapterCheck>();
  for (const answer of answers) for (const chapter of answer.data?.chapters ?? []) byChapter.set(chapter.chapter_uuid, chapter);
  return byChapter;
}
