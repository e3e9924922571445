import type { AdminChapterItem } from '@inkstream/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { Page } from '../shell/admin-api';

/**
 * Writes the server's answer about one chapter into every cached page of its book's chapter table,
 * at once. The editors close on success and the table refetches; an Edit opened before that refetch
 * came back started from the old values (a price saved as 10,000 reopened as the 1 it replaced:
 * issue 56), and saving that form again would have put them back.
 */
export function storeChapterAnswer(client: QueryClient, bookUuid: string, chapterUuid: string, answer: Partial<AdminChapterItem>): void {
  client.setQueriesData<Page<AdminChapterItem>>(
    { queryKey: ['admin', 'chapters', bookUuid] },
    (page) =>
      page && {
        ...page,
        items: page.items.map((item) => (item.chapter_uuid === chapterUuid ? { ...item, ...answer } : item)),
      },
  );
}
