import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { readingApi } from '../../lib/api-reading';
import { useLanguage } from '../../lib/use-language';
import { currentPath, withReturn } from '../../lib/return-path';
import { useAuth } from '../auth/AuthContext';
import styles from './BookActions.module.css';

/** Follow / Following for a book; a visitor is sent to log in and comes back here. */
export function FollowButton({ bookUuid, isFollowing }: { bookUuid: string; isFollowing: boolean }) {
  const { t } = useTranslation('chapters');
  const { userUuid } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const toggle = useMutation({
    mutationFn: (follow: boolean) => (follow ? readingApi.follow(bookUuid) : readingApi.unfollow(bookUuid)),
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
