import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookmarkIcon } from '../../components/LineIcon';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { readingApi } from '../../lib/api-reading';
import { currentPath, withReturn } from '../../lib/return-path';
import { useAuth } from '../auth';
import { setFollowState, useFollowState } from './follow-state';
import styles from './BookActions.module.css';

/**
 * Follow / Following for a book, from the one follow state every screen shares (follow-state.ts);
 * while it is not known yet the button holds its place without claiming either. A visitor is sent
 * to log in and comes back here. `isEnabled`: whether to ask for the state now (the reader asks
 * only when its end card comes near).
 */
export function FollowButton({ bookUuid, isEnabled = true }: { bookUuid: string; isEnabled?: boolean }) {
  const { t } = useTranslation('chapters');
  const { userUuid } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const isFollowing = useFollowState(bookUuid, isEnabled);
  const toggle = useMutation({
    mutationFn: (follow: boolean) => (follow ? readingApi.follow(bookUuid) : readingApi.unfollow(bookUuid)),
    onSuccess: ({ following }) => {
      setFollowState(queryClient, bookUuid, following);
      // The progress answers carry it too (in any language): kept in step, and the library asks again.
      queryClient.setQueriesData({ queryKey: ['reading-progress', bookUuid] }, (old: object | undefined) => old && { ...old, following });
      void queryClient.invalidateQueries({ queryKey: ['library'] });
    },
  });
  if (!userUuid) {
    return (
      <Link className={styles.follow} to={withReturn(PAGE_PATTERNS.login, currentPath(location))}>
        <BookmarkIcon filled={false} />
        {t('actions.follow')}
      </Link>
    );
  }
  if (isFollowing === undefined && !toggle.isPending) {
    return (
      <span className={`${styles.follow} ${styles.placeholder}`} aria-busy="true" data-follow-pending="">
        <BookmarkIcon filled={false} />
      </span>
    );
  }
  const following = (toggle.isPending ? toggle.variables : isFollowing) ?? false;
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
