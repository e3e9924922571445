import type { Comment } from '@inkstream/contracts';
import type { CommentSort } from '@inkstream/contracts/constants';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CommentPage } from './comments-api';

export type CommentPages = InfiniteData<CommentPage, number>;

/** Every list of a chapter (top-level per sort, replies per comment) sits under one prefix, so a change reaches them all. */
export const commentKeys = {
  chapter: (chapterUuid: string) => ['comments', chapterUuid] as const,
  lists: (chapterUuid: string) => ['comments', chapterUuid, 'list'] as const,
  list: (chapterUuid: string, sort: CommentSort) => ['comments', chapterUuid, 'list', sort] as const,
  replies: (chapterUuid: string, parentUuid: string) => ['comments', chapterUuid, 'replies', parentUuid] as const,
};

/** The next page to ask for, or undefined once every comment the server counted is loaded (or a page came back empty). */
export function nextPage(last: CommentPage, pages: CommentPage[], lastPage: number): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.result.length, 0);
  return last.result.length > 0 && loaded < last.total ? lastPage + 1 : undefined;
}

/** The loaded comments in order, each once: a comment posted meanwhile moves the rest down a page, and would show twice. */
export function commentsOf(pages: CommentPages | undefined): Comment[] {
  const seen = new Set<string>();
  return (pages?.pages ?? [])
    .flatMap((page) => page.result)
    .filter((comment) => !seen.has(comment.comment_uuid) && !!seen.add(comment.comment_uuid));
}

const mapPages = (old: CommentPages | undefined, map: (page: CommentPage, index: number) => CommentPage) =>
  old && { ...old, pages: old.pages.map(map) };

/** Changes one comment wherever the chapter's lists hold it. */
export function updateComment(
  queryClient: QueryClient,
  chapterUuid: string,
  commentUuid: string,
  change: (comment: Comment) => Comment,
): void {
  queryClient.setQueriesData<CommentPages>({ queryKey: commentKeys.chapter(chapterUuid) }, (old) =>
    mapPages(old, (page) => ({ ...page, result: page.result.map((c) => (c.comment_uuid === commentUuid ? change(c) : c)) })),
  );
}

/** Puts a comment just posted at the top of the newest list (the others learn of it when asked again). */
export function addToNewest(queryClient: QueryClient, chapterUuid: string, comment: Comment): void {
  queryClient.setQueryData<CommentPages>(commentKeys.list(chapterUuid, 'newest'), (old) =>
    mapPages(old, (page, index) =>
      index === 0 ? { ...page, result: [comment, ...page.result], total: page.total + 1 } : { ...page, total: page.total + 1 },
    ),
  );
}

/**
 * Moves the chapter's figure (the heading's and the end card's) by what the reader just did: a
 * comment or reply readers see adds one. Changes whose effect the client cannot know (a delete, a
 * thread held by an edit) ask the server again instead.
 */
export function moveChapterCount(queryClient: QueryClient, chapterUuid: string, delta: number): void {
  queryClient.setQueriesData<CommentPages>({ queryKey: commentKeys.lists(chapterUuid) }, (old) =>
    mapPages(old, (page) => (page.comments_count === undefined ? page : { ...page, comments_count: page.comments_count + delta })),
  );
}

/** What every list of the chapter holds now, to put back when an optimistic change fails. */
export function snapshot(queryClient: QueryClient, chapterUuid: string) {
  const saved = queryClient.getQueriesData<CommentPages>({ queryKey: commentKeys.chapter(chapterUuid) });
  return () => {
    for (const [key, value] of saved) queryClient.setQueryData(key, value);
  };
}
