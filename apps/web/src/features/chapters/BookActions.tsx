import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api } from '../../lib/api-client';
import { currentLanguage } from '../../lib/language';
import { currentPath, withReturn } from '../../lib/return-path';
import { useAuth } from '../auth/AuthContext';
import { resumeLink } from '../library/resume-link';
import { readerPath } from './ChapterCard';
import { useBookProgress } from './use-book-progress';
import styles from './BookActions.module.css';

/**
 * The book page's one primary action, "Start reading: Chapter 1" or "Continue: Chapter 67" at the
 * remembered place, and the Follow button (a visitor is asked to log in first, then comes back).
 */
export function BookActions({ bookUuid, totalChapters }: { bookUuid: string; totalChapters: number }) {
  const { t } = useTranslation('chapters');
  const language = currentLanguage();
  const progress = useBookProgress(bookUuid);
  const first = useQuery({
    queryKey: ['first-chapter', bookUuid, language],
    queryFn: () => api.chapters(bookUuid, language, 'asc', 0, 1).then((book) => book.chapters[0] ?? null),
    enabled: totalChapters > 0 && progress.isSuccess && !progress.data.resume,
  });
  const resume = progress.data?.resume;
  const start = resume ? resumeLink(bookUuid, resume) : first.data ? { to: readerPath(bookUuid, first.data), state: null } : null;

  return (
    <div className={styles.actions}>
      {start ? (
        <Link className={styles.primary} to={start.to} state={start.state}>
          {resume
            ? t('actions.continue', { number: resume.chapter_number })
            : t('actions.start', { number: first.data?.chapter_number ?? 1 })}
        </Link>
      ) : (
        totalChapters > 0 && <span className={`${styles.primary} ${styles.placeholder}`} aria-hidden="true" />
      )}
      <FollowButton bookUuid={bookUuid} isFollowing={progress.data?.following ?? false} />
    </div>
  );
}

function FollowButton({ bookUuid, isFollowing }: { bookUuid: string; isFollowing: boolean }) {
  const { t } = useTranslation('chapters');
  const { userUuid } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const toggle = useMutation({
    mutationFn: (follow: boolean) => (follow ? api.follow(bookUuid) : api.unfollow(bookUuid)),
    onSuccess: ({ following }) => {
      queryClient.setQueryData(['reading-progress', bookUuid, language], (old: object | undefined) => old && { ...old, following });
      void queryClient.invalidateQueries({ queryKey: ['library'] });
    },
  });
  if (!userUuid) {
    return (
      <Link className={styles.follow} to={withReturn('/login', currentPath(location))}>
        <BookmarkIcon filled={false} />
        {t('actions.follow')}
      </Link>
    );
  }
  const following = toggle.isPending ? toggle.variables : isFollowing;
  return (
    <button
      type="button"
      className={styles.follow}
      aria-pressed={following}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(!following)}
    >
      <BookmarkIcon filled={following} />
      {following ? t('actions.following') : t('actions.follow')}
    </button>
  );
}

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M6 3h12v18l-6-4-6 4z" />
    </svg>
  );
}
