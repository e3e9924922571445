import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import type { Comment, CommunityStanding } from '@inkstream/contracts';
import type { CommentSort } from '@inkstream/contracts/constants';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useLocation } from 'react-router';
import { ApiError } from '../../lib/api-fetch';
import { currentPath, withReturn } from '../../lib/return-path';
import { useAuth } from '../auth';
import { commentKeys, nextPage, snapshot, updateComment, type CommentPages } from './comment-cache';
import { commentsApi, type CommentPage } from './comments-api';

/** Top-level comments per page; replies come ten at a time under their comment. */
export const COMMENTS_PER_PAGE = 20;
export const REPLIES_PER_PAGE = 10;

/** A chapter's top-level comments in one sort, page by page ("More comments"); nothing is asked until `enabled`. */
export function useChapterComments(chapterUuid: string, sort: CommentSort, enabled: boolean) {
  return useInfiniteQuery<CommentPage, Error, CommentPages, readonly unknown[], number>({
    queryKey: commentKeys.list(chapterUuid, sort),
    queryFn: ({ pageParam }) => commentsApi.list(chapterUuid, { sort, page: pageParam, page_size: COMMENTS_PER_PAGE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/** The replies to one comment, oldest first (a conversation reads down), page by page. */
export function useReplies(chapterUuid: string, parentUuid: string, enabled: boolean) {
  return useInfiniteQuery<CommentPage, Error, CommentPages, readonly unknown[], number>({
    queryKey: commentKeys.replies(chapterUuid, parentUuid),
    queryFn: ({ pageParam }) =>
      commentsApi.list(chapterUuid, { sort: 'oldest', page: pageParam, page_size: REPLIES_PER_PAGE, parent_uuid: parentUuid }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

export const standingKey = (userUuid: string | null) => ['community-standing', userUuid] as const;

/** What the signed-in reader may do (a ban and its reason, when links become allowed); nothing for visitors. */
export function useStanding(enabled: boolean) {
  const { userUuid } = useAuth();
  return useQuery<CommunityStanding>({
    queryKey: standingKey(userUuid),
    queryFn: commentsApi.standing,
    enabled: enabled && !!userUuid,
    staleTime: 60_000,
  });
}

/** Sends a visitor to log in, and back to this chapter afterwards. */
export function useLoginPath(): string {
  return withReturn(PAGE_PATTERNS.login, currentPath(useLocation()));
}

/**
 * Like or unlike a comment: the heart and the count change at once, and go back if the server
 * refuses (a visitor whose session ended meanwhile is sent to log in). The server's own count
 * replaces the guess when it answers.
 */
export function useCommentLike(chapterUuid: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  return useMutation({
    mutationFn: (comment: Comment) =>
      comment.already_liked ? commentsApi.unlike(comment.comment_uuid) : commentsApi.like(comment.comment_uuid),
    onMutate: async (comment) => {
      await queryClient.cancelQueries({ queryKey: commentKeys.chapter(chapterUuid) });
      const restore = snapshot(queryClient, chapterUuid);
      const liked = !comment.already_liked;
      updateComment(queryClient, chapterUuid, comment.comment_uuid, (c) => ({
        ...c,
        already_liked: liked,
        likes: Math.max(0, c.likes + (liked ? 1 : -1)),
      }));
      return { restore };
    },
    onError: (error, _comment, context) => {
      context?.restore();
      if (error instanceof ApiError && error.status === 401) void navigate(loginPath);
      else console.error('comment like failed', error);
    },
    onSuccess: (answer, comment) => updateComment(queryClient, chapterUuid, comment.comment_uuid, (c) => ({ ...c, ...answer })),
  });
}
