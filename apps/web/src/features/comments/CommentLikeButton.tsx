import type { Comment } from '@inkstream/contracts';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { useAuth } from '../auth';
import { formatCount } from './format';
import { Heart } from './icons';
import { useCommentLike, useLoginPath } from './use-comments';
import styles from './Comments.module.css';

/** The heart of a comment: pressed once liked; a visitor is sent to log in and brought back. */
export function CommentLikeButton({ comment, chapterUuid }: { comment: Comment; chapterUuid: string }) {
  const { t } = useTranslation('comments');
  const language = useLanguage();
  const { userUuid } = useAuth();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const like = useCommentLike(chapterUuid);
  return (
    <button
      type="button"
      className={comment.already_liked ? `${styles.action} ${styles.liked}` : styles.action}
      aria-pressed={comment.already_liked}
      disabled={like.isPending}
      onClick={() => (userUuid ? like.mutate(comment) : void navigate(loginPath))}
    >
      <Heart filled={comment.already_liked} />
      <span className="visually-hidden">{t('like')}</span> <span>{formatCount(comment.likes, language)}</span>
    </button>
  );
}
