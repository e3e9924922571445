import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { ConfirmButton } from '../shell/ConfirmButton';
import { FormNotice } from '../shell/FieldError';
import { formatDateTime } from '../shell/format';
import { BanForm } from './BanForm';
import { CommentActions } from './CommentActions';
import { CommentCard } from './CommentCard';
import local from './moderation.module.css';
import { moderationApi } from './moderation-api';
import { useCommunityOn } from './use-community';

/** The reader page's comments part: their ban (or the ban form) and their latest comments with state. Absent with COMMUNITY=off. */
export function ReaderCommentsPanel({ userUuid, username }: { userUuid: string; username: string }) {
  const community = useCommunityOn();
  if (!community) return null;
  return <Panel userUuid={userUuid} username={username} />;
}

function Panel({ userUuid, username }: { userUuid: string; username: string }) {
  const { t } = useTranslation('admin-moderation');
  const { t: common } = useTranslation('admin');
  const client = useQueryClient();
  const panel = useQuery({ queryKey: ['admin', 'moderation', 'reader', userUuid], queryFn: () => moderationApi.reader(userUuid) });
  const lift = useMutation({
    mutationFn: () => moderationApi.liftBan(userUuid),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'moderation'] }),
  });
  const ban = panel.data?.ban;
  return (
    <section aria-labelledby="reader-comments-heading">
      <h2 id="reader-comments-heading">{t('readerPanel.title')}</h2>
      <FormNotice message={panel.error?.message ?? lift.error?.message ?? null} />
      {panel.isPending && <p>{common('loading')}</p>}
      {ban ? (
        <div className={styles.card}>
          <p>
            <strong>
              {ban.until ? t('readerPanel.bannedUntil', { date: formatDateTime(ban.until) }) : t('readerPanel.bannedForGood')}
            </strong>
          </p>
          <p>
            {t('readerPanel.reason')} <bdi>{ban.reason}</bdi>
          </p>
          <ConfirmButton
            className={styles.secondary}
            disabled={lift.isPending}
            question={t('bans.liftQuestion', { name: username })}
            confirmLabel={t('bans.lift')}
            onConfirm={() => lift.mutate()}
          >
            {t('bans.lift')}
          </ConfirmButton>
        </div>
      ) : (
        panel.data && <BanForm userUuid={userUuid} username={username} />
      )}
      <h3>{t('readerPanel.latest')}</h3>
      {panel.data?.comments.length === 0 && <p className={styles.muted}>{common('empty')}</p>}
      <ul className={local.list}>
        {panel.data?.comments.map((comment) => (
          <li key={comment.comment_uuid}>
            <CommentCard comment={comment}>
              <CommentActions comment={comment} banControl={false} />
            </CommentCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
