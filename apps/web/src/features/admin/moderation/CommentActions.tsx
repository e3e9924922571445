import type { ModerationComment } from '@inkstream/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { ConfirmButton } from '../shell/ConfirmButton';
import { FormNotice } from '../shell/FieldError';
import { BanForm } from './BanForm';
import local from './moderation.module.css';
import { moderationApi, type CommentAction } from './moderation-api';

/**
 * What a moderator may do with one comment: hide (or show again / approve), delete, dismiss its
 * reports, ban its author. Hiding and deleting ask first, in words; the answer is announced.
 */
export function CommentActions({
  comment,
  dismiss = false,
  approve = false,
  banControl = true,
}: {
  comment: ModerationComment;
  /** The reports queue: "Dismiss reports". */
  dismiss?: boolean;
  /** Held comments: "Approve" instead of "Show". */
  approve?: boolean;
  /** False where the page has its own ban control (the reader page). */
  banControl?: boolean;
}) {
  const { t } = useTranslation('admin-moderation');
  const client = useQueryClient();
  const [banning, setBanning] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (action: CommentAction) => moderationApi.act(comment.comment_uuid, action),
    onSuccess: (result, action) => {
      setDone(result.changed ? t(`done.${action}`) : t('done.already'));
      void client.invalidateQueries({ queryKey: ['admin', 'moderation'] });
    },
  });
  const name = comment.author.username;
  return (
    <>
      <div className={local.actions}>
        {comment.state === 'visible' && (
          <ConfirmButton
            className={styles.button}
            disabled={act.isPending}
            question={t('hideQuestion', { name })}
            confirmLabel={t('hide')}
            onConfirm={() => act.mutate('hide')}
          >
            {t('hide')}
          </ConfirmButton>
        )}
        {(comment.state === 'hidden' || comment.state === 'held') && (
          <button type="button" className={styles.button} disabled={act.isPending} onClick={() => act.mutate('show')}>
            {approve ? t('approve') : t('show')}
          </button>
        )}
        {comment.state !== 'deleted' && (
          <ConfirmButton
            className={styles.danger}
            disabled={act.isPending}
            question={t('deleteQuestion', { name })}
            confirmLabel={t('delete')}
            onConfirm={() => act.mutate('delete')}
          >
            {t('delete')}
          </ConfirmButton>
        )}
        {dismiss && (
          <button type="button" className={styles.secondary} disabled={act.isPending} onClick={() => act.mutate('dismiss')}>
            {t('dismiss')}
          </button>
        )}
        {banControl && !comment.author.banned && (
          <button type="button" className={styles.secondary} aria-expanded={banning} onClick={() => setBanning((open) => !open)}>
            {t('banAuthor')}
          </button>
        )}
      </div>
      {banning && (
        <BanForm
          userUuid={comment.author.uuid}
          username={name}
          onDone={() => {
            setBanning(false);
            setDone(t('done.ban', { name }));
          }}
        />
      )}
      <FormNotice message={act.error?.message ?? null} />
      <p role="status" className={done ? styles.success : local.status}>
        {done}
      </p>
    </>
  );
}
