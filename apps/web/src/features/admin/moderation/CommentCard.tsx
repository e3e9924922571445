import { adminPath } from '@inkstream/contracts/routes';
import type { ModerationComment } from '@inkstream/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDateTime } from '../shell/format';
import local from './moderation.module.css';

/**
 * One comment as the moderators see it: who, where, when, its state, then the text. The text is a
 * React text node (never HTML): whatever a reader typed, markup included, shows as written.
 */
export function CommentCard({ comment, children }: { comment: ModerationComment; children?: ReactNode }) {
  const { t } = useTranslation('admin-moderation');
  const chapter = comment.chapter.title
    ? t('chapterTitled', { number: comment.chapter.number, title: comment.chapter.title })
    : t('chapterNumber', { number: comment.chapter.number });
  return (
    <article className={local.item} aria-label={t('commentBy', { name: comment.author.username })}>
      <p className={local.meta}>
        <Link to={adminPath.reader(comment.author.uuid)}>
          <bdi>{comment.author.username}</bdi>
        </Link>
        {comment.author.banned && <span className={local.badge}>{t('banned')}</span>}
        <span>
          <Link to={adminPath.book(comment.book.uuid)} lang={comment.book.title_language}>
            <bdi>{comment.book.title || comment.book.uuid}</bdi>
          </Link>{' '}
          · <bdi>{chapter}</bdi>
        </span>
        <time dateTime={comment.created_at}>{formatDateTime(comment.created_at)}</time>
        {comment.edited_at && <span>{t('edited')}</span>}
        <span className={local.badge}>{t(`state.${comment.state}`)}</span>
        {comment.spoiler && <span className={local.badge}>{t('spoiler')}</span>}
        {comment.parent_uuid && <span>{t('reply')}</span>}
      </p>
      {comment.state === 'deleted' ? (
        <p className={local.deleted}>{t('deletedText')}</p>
      ) : (
        <p className={local.body} dir="auto">
          {comment.body}
        </p>
      )}
      {children}
    </article>
  );
}
