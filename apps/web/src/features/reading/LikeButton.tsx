import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import type { ChapterContent } from '@inkstream/contracts';
import { formatCount } from '@inkstream/contracts/formats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth';
import { ApiError } from '../../lib/api-client';
import { readingApi } from '../../lib/api-reading';
import { forgetQueuedLike, queueLike } from '../../lib/like-queue';
import { isOffline } from '../../lib/online';
import type { Language } from '../../lib/language';
import { currentPath, withReturn } from '../../lib/return-path';
import type { LoginLocationState } from '../account';
import { Heart } from './icons';
import { chapterQueryOptions } from './use-chapter-content';
import styles from './ReadingScreen.module.css';
import { useLighterImages } from '../../lib/data-saving';

/**
 * Spec section 4: the like button shows only while the chapter is not liked yet; on success the
 * cached chapter becomes liked, so the button gives way to the risen count, a pressed heart that
 * takes the like back (ext, issue 40). Visitors are sent to log
 * in, told why there, and brought back to this chapter afterwards (the validated return path).
 */
export function LikeButton({ content, language }: { content: ChapterContent; language: Language }) {
  const { t } = useTranslation('reader');
  const { userUuid } = useAuth();
  const navigate = useNavigate();
  const here = currentPath(useLocation());
  const askToLogIn = () => navigate(withReturn(PAGE_PATTERNS.login, here), { state: { reason: 'like' } satisfies LoginLocationState });
  const queryClient = useQueryClient();
  const { queryKey } = chapterQueryOptions(content.chapter_uuid, language, useLighterImages());
  // Issue 47: without a connection the wanted state is kept (like-queue.ts) and shown at once; it is
  // sent when the app is online again. The count moves by one, as the server's would.
  const keepForLater = (liked: boolean) => {
    queueLike(content.book_uuid, content.chapter_uuid, liked);
    const change = liked === content.already_favor ? 0 : liked ? 1 : -1;
    return { already_favor: liked, total_likes: Math.max(0, content.total_likes + change) };
  };
  const like = useMutation({
    mutationFn: async (liked: boolean): Promise<{ already_favor: boolean; total_likes: number }> => {
      if (isOffline()) return keepForLater(liked);
      try {
        const answer = await (liked ? readingApi.favor : readingApi.unfavor)(content.book_uuid, content.chapter_uuid);
        forgetQueuedLike(content.chapter_uuid);
        return answer;
      } catch (error) {
        // No answer at all: the connection went; an answer (a refusal) is handled below as before.
        if (!(error instanceof ApiError)) return keepForLater(liked);
        throw error;
      }
    },
    // It runs offline too (TanStack Query would otherwise hold it until the connection returns).
    networkMode: 'always',
    onSuccess: (result) =>
      queryClient.setQueryData(queryKey, (old) => old && { ...old, already_favor: result.already_favor, total_likes: result.total_likes }),
    onError: (error) => {
      // The session ended meanwhile (the client fell back to a visitor): liking needs a login.
      if (error instanceof ApiError && error.status === 401) askToLogIn();
      else console.error('like failed', error); // spec section 8: like failures are only logged
    },
  });
  // Latin digits, like every other number in the app (chapter numbers, relative times).
  const count = formatCount(content.total_likes, language);

  if (content.already_favor) {
    // The like gives way to the filled heart (spec section 4), which takes it back on a press (issue 40).
    return (
      <button
        type="button"
        className={`${styles.liked} ${styles.unlikeButton}`}
        aria-pressed="true"
        disabled={like.isPending}
        title={t('unlike')}
        onClick={() => like.mutate(false)}
      >
        <Heart filled />
        <span className="visually-hidden">{t('liked')}</span>
        <span>{count}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className={styles.likeButton}
      disabled={like.isPending}
      title={t('likes', { count: content.total_likes, formatted: count })}
      onClick={() => (userUuid ? like.mutate(true) : askToLogIn())}
    >
      <Heart />
      <span className={styles.likeWord}>{t('like')}</span>
      <span className={styles.likeCount}>{count}</span>
    </button>
  );
}
