import type { Comment, CommunityStanding } from '@inkstream/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime';
import { useLanguage } from '../../i18n/use-language';
import type { TFunction } from '../../i18n/translator';
import { useTranslation } from '../../i18n/use-translation';
import { useAuth } from '../auth';
import { commentKeys, moveChapterCount, updateComment } from './comment-cache';
import { CommentBody } from './CommentBody';
import { CommentComposer } from './CommentComposer';
import { CommentEditor } from './CommentEditor';
import { CommentLikeButton } from './CommentLikeButton';
import { CommentReplies } from './CommentReplies';
import { DeleteDialog } from './DeleteDialog';
import { formatCount, formatDateTime } from './format';
import { ReportDialog } from './ReportDialog';
import { useLoginPath } from './use-comments';
import styles from './Comments.module.css';

/**
 * What the author of a comment readers do not see is told: held by the word filter ("waiting for
 * a moderator") or hidden by a moderator, with the reported reason the moderator upheld (issue 40).
 */
function heldNote(comment: Comment, t: TFunction): string {
  if (comment.hidden_by !== 'moderator') return t('held');
  return comment.hidden_reason
    ? t('hiddenByModeratorReason', { reason: t(`report.reasons.${comment.hidden_reason}`) })
    : t('hiddenByModerator');
}

interface Props {
  comment: Comment;
  chapterUuid: string;
  standing: CommunityStanding | undefined;
  isReply?: boolean;
}

/**
 * One comment: who and when (relative, the exact time on hover and in `datetime`), "edited", the
 * text (spoilers behind a button), the heart, and what the reader may do with it: reply (to a
 * top-level comment), edit and delete their own, report another's. A comment only its author sees
 * (held by the word filter or hidden by a moderator) says so; a deleted one with replies is a tombstone.
 */
export function CommentItem({ comment, chapterUuid, standing, isReply = false }: Props) {
  const { t } = useTranslation('comments');
  const language = useLanguage();
  const { userUuid } = useAuth();
  const loginPath = useLoginPath();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'read' | 'edit' | 'reply'>('read');
  const [showReplies, setShowReplies] = useState(false);
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null);
  const [reported, setReported] = useState(false);
  // Said here, because the reply form that would have said it closes as the reply is posted.
  const [notice, setNotice] = useState('');
  const repliesId = useId();
  const replyButton = useRef<HTMLButtonElement>(null);
  const isMine = comment.mine ?? (!!userUuid && comment.user.uuid === userUuid);
  // An erased reader who kept their comments (issue 43): signed "Deleted reader", never with the
  // account's pseudonym (deleted-…), which names no one a reader could find.
  const deletedReader = comment.user.deleted_reader === true;
  const author = deletedReader ? t('deletedReader') : comment.user.username;
  const canReply = !isReply && !comment.deleted && !comment.hidden && !standing?.banned;

  const replies =
    !isReply && (comment.replies_count > 0 || showReplies) ? (
      <>
        {comment.replies_count > 0 && (
          <button
            type="button"
            className={styles.repliesToggle}
            aria-expanded={showReplies}
            aria-controls={showReplies ? repliesId : undefined}
            onClick={() => setShowReplies((open) => !open)}
          >
            {showReplies
              ? t('hideReplies')
              : t('replies', { count: comment.replies_count, formatted: formatCount(comment.replies_count, language) })}
          </button>
        )}
        {showReplies && (
          <CommentReplies
            chapterUuid={chapterUuid}
            parentUuid={comment.comment_uuid}
            id={repliesId}
            renderReply={(reply) => <CommentItem comment={reply} chapterUuid={chapterUuid} standing={standing} isReply />}
          />
        )}
      </>
    ) : null;

  if (comment.deleted) {
    return (
      <article className={styles.comment}>
        <p className={styles.tombstone}>{t('deleted')}</p>
        {replies}
      </article>
    );
  }

  const onReplied = (reply: Comment) => {
    setMode('read');
    setNotice(reply.hidden ? t('composer.postedHeld') : t('composer.posted'));
    updateComment(queryClient, chapterUuid, comment.comment_uuid, (c) => ({ ...c, replies_count: c.replies_count + 1 }));
    if (!reply.hidden) moveChapterCount(queryClient, chapterUuid, 1);
    void queryClient.invalidateQueries({ queryKey: commentKeys.replies(chapterUuid, comment.comment_uuid) });
    setShowReplies(true);
    replyButton.current?.focus();
  };

  return (
    <article className={comment.hidden ? `${styles.comment} ${styles.hiddenComment}` : styles.comment} aria-label={author}>
      <header className={styles.meta}>
        <bdi className={deletedReader ? `${styles.author} ${styles.deletedAuthor}` : styles.author}>{author}</bdi>
        <span title={formatDateTime(comment.created_at, language)} className={styles.time}>
          <RelativeTime value={comment.created_at} recentText={t('justNow')} />
        </span>
        {comment.edited_at && (
          <span className={styles.edited} title={formatDateTime(comment.edited_at, language)}>
            {t('edited')}
          </span>
        )}
      </header>
      {comment.hidden && <p className={styles.heldNote}>{heldNote(comment, t)}</p>}
      {mode === 'edit' ? (
        <CommentEditor comment={comment} chapterUuid={chapterUuid} onDone={() => setMode('read')} />
      ) : (
        <CommentBody key={comment.body} body={comment.body} spoiler={comment.spoiler} />
      )}
      {mode !== 'edit' && (
        <div className={styles.actions}>
          <CommentLikeButton comment={comment} chapterUuid={chapterUuid} />
          {canReply &&
            (userUuid ? (
              <button
                ref={replyButton}
                type="button"
                className={styles.action}
                aria-expanded={mode === 'reply'}
                onClick={() => setMode(mode === 'reply' ? 'read' : 'reply')}
              >
                {t('reply')}
              </button>
            ) : (
              <Link to={loginPath} className={styles.action}>
                {t('reply')}
              </Link>
            ))}
          {isMine && (
            <>
              <button type="button" className={styles.action} onClick={() => setMode('edit')}>
                {t('edit')}
              </button>
              <button type="button" className={styles.action} onClick={() => setDialog('delete')}>
                {t('delete.action')}
              </button>
            </>
          )}
          {!isMine && userUuid && !reported && (
            <button type="button" className={styles.action} onClick={() => setDialog('report')}>
              {t('report.action')}
            </button>
          )}
        </div>
      )}
      <p className={reported || notice ? styles.posted : 'visually-hidden'} role="status">
        {reported ? t('report.sent') : notice}
      </p>
      {mode === 'reply' && (
        <CommentComposer
          chapterUuid={chapterUuid}
          parent={{ uuid: comment.comment_uuid, username: author }}
          standing={standing}
          autoFocus
          onPosted={onReplied}
          onCancel={() => {
            setMode('read');
            replyButton.current?.focus();
          }}
        />
      )}
      {replies}
      {isMine && (
        <DeleteDialog
          commentUuid={comment.comment_uuid}
          chapterUuid={chapterUuid}
          open={dialog === 'delete'}
          onClose={() => setDialog(null)}
        />
      )}
      {!isMine && userUuid && (
        <ReportDialog
          commentUuid={comment.comment_uuid}
          open={dialog === 'report'}
          onClose={() => setDialog(null)}
          onSent={() => {
            setDialog(null);
            setReported(true);
          }}
        />
      )}
    </article>
  );
}
