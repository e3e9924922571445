import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { ConfirmButton } from '../shell/ConfirmButton';
import { FormNotice } from '../shell/FieldError';
import local from './moderation.module.css';
import { moderationApi } from './moderation-api';
import { useCommunityOn } from './use-community';

/** The book page's switch: close a book's comments (existing ones stay readable) or open them again. Absent with COMMUNITY=off. */
export function BookCommentsSwitch({ bookUuid }: { bookUuid: string }) {
  const community = useCommunityOn();
  if (!community) return null;
  return <Switch bookUuid={bookUuid} />;
}

function Switch({ bookUuid }: { bookUuid: string }) {
  const { t } = useTranslation('admin-moderation');
  const client = useQueryClient();
  const key = ['admin', 'moderation', 'book', bookUuid];
  const state = useQuery({ queryKey: key, queryFn: () => moderationApi.bookComments(bookUuid) });
  const change = useMutation({
    mutationFn: (closed: boolean) => moderationApi.setBookComments(bookUuid, closed),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  if (!state.data) return <FormNotice message={state.error?.message ?? null} />;
  const closed = state.data.closed;
  return (
    <div className={styles.card}>
      <div className={local.actions}>
        <strong role="status">{closed ? t('book.closed') : t('book.open')}</strong>
        {closed ? (
          <button type="button" className={styles.button} disabled={change.isPending} onClick={() => change.mutate(false)}>
            {t('book.openAction')}
          </button>
        ) : (
          <ConfirmButton
            className={styles.secondary}
            disabled={change.isPending}
            question={t('book.closeQuestion')}
            confirmLabel={t('book.closeAction')}
            onConfirm={() => change.mutate(true)}
          >
            {t('book.closeAction')}
          </ConfirmButton>
        )}
      </div>
      <FormNotice message={change.error?.message ?? null} />
    </div>
  );
}
