import type { Comment } from '@inkstream/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { commentsOf } from './comment-cache';
import { useReplies } from './use-comments';
import styles from './Comments.module.css';

/** The replies under a comment (one level: a reply has no replies of its own), ten at a time. */
export function CommentReplies({
  chapterUuid,
  parentUuid,
  id,
  renderReply,
}: {
  chapterUuid: string;
  parentUuid: string;
  id: string;
  /** Each reply as the comment list shows a comment (passed in, so the two files do not import each other). */
  renderReply(reply: Comment): ReactNode;
}) {
  const { t } = useTranslation('comments');
  const replies = useReplies(chapterUuid, parentUuid, true);
  const statusId = useId();
  const items = commentsOf(replies.data);
  return (
    <div id={id} className={styles.replies} aria-busy={replies.isPending || replies.isFetchingNextPage} aria-describedby={statusId}>
      {items.length > 0 && (
        <ul className={styles.list}>
          {items.map((reply) => (
            <li key={reply.comment_uuid}>{renderReply(reply)}</li>
          ))}
        </ul>
      )}
      <p id={statusId} className={replies.isError ? styles.error : 'visually-hidden'} role={replies.isError ? 'alert' : undefined}>
        {replies.isPending ? t('loadingReplies') : replies.isError ? t('loadFailed') : ''}
      </p>
      {replies.isPending && <div className={styles.skeleton} aria-hidden="true" />}
      {replies.hasNextPage && (
        <button type="button" className={styles.more} disabled={replies.isFetchingNextPage} onClick={() => void replies.fetchNextPage()}>
          {t('moreReplies')}
        </button>
      )}
    </div>
  );
}
