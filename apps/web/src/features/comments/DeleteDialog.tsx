import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../components/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { commentKeys } from './comment-cache';
import { commentsApi } from './comments-api';
import { useFocusHeading } from './heading-focus';
import styles from './Comments.module.css';

/** "Delete this comment?": asked first, because a deleted comment does not come back. */
export function DeleteDialog({
  commentUuid,
  chapterUuid,
  open,
  onClose,
}: {
  commentUuid: string;
  chapterUuid: string;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('comments');
  const queryClient = useQueryClient();
  const focusHeading = useFocusHeading();
  const remove = useMutation({
    mutationFn: () => commentsApi.remove(commentUuid),
    // Gone from the lists, or a tombstone where it has replies: the server knows which; counts follow.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commentKeys.chapter(chapterUuid) });
      onClose();
      focusHeading();
    },
  });
  return (
    <div className={styles.dialogTheme}>
      <Dialog open={open} onClose={onClose} title={t('delete.title')} description={t('delete.text')}>
        {remove.isError && (
          <p className={styles.error} role="alert">
            {t('errors.failed')}
          </p>
        )}
        <div className={styles.dialogButtons}>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="button" className={styles.danger} disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('delete.confirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
