import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { ConfirmButton } from '../shell/ConfirmButton';
import { DataTable } from '../shell/DataTable';
import { FormNotice } from '../shell/FieldError';
import { formatDateTime } from '../shell/format';
import { readersApi } from './readers-api';

/**
 * The reader page's feed keys (issue 32, docs/OPDS.md "Feed keys"): name, created, last used, and
 * Revoke (audited as feed_key.revoke). The keys themselves are never shown: only their hashes are stored.
 */
export function ReaderFeedKeysPanel({ userUuid }: { userUuid: string }) {
  const { t } = useTranslation('admin-readers');
  const client = useQueryClient();
  const queryKey = ['admin', 'reader', userUuid, 'feed-keys'];
  const keys = useQuery({ queryKey, queryFn: () => readersApi.feedKeys(userUuid) });
  const revoke = useMutation({
    mutationFn: (keyId: number) => readersApi.revokeFeedKey(userUuid, keyId),
    onSettled: () => client.invalidateQueries({ queryKey }),
  });
  return (
    <>
      <h2 id="feed-keys-heading">{t('feedKeys.title')}</h2>
      <FormNotice message={revoke.error?.message ?? null} />
      <DataTable
        label={t('feedKeys.title')}
        labelledBy="feed-keys-heading"
        columns={['name', 'created', 'lastUsed', 'action'].map((column) => t(`feedKeys.${column}`))}
        items={keys.data}
        error={keys.error?.message}
        rowKey={(key) => key.key_id}
        row={(key) => (
          <>
            <td>
              <bdi>{key.name}</bdi>
            </td>
            <td>{formatDateTime(key.created_at)}</td>
            <td>{key.last_used_at ? formatDateTime(key.last_used_at) : t('feedKeys.never')}</td>
            <td>
              <ConfirmButton
                className={styles.secondary}
                disabled={revoke.isPending}
                question={t('feedKeys.revokeQuestion', { name: key.name })}
                confirmLabel={t('feedKeys.revoke')}
                onConfirm={() => revoke.mutate(key.key_id)}
              >
                {t('feedKeys.revoke')}
              </ConfirmButton>
            </td>
          </>
        )}
      />
    </>
  );
}
