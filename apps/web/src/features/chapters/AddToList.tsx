import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { listErrorKey, listsApi, MY_LISTS_KEY } from '../../lib/api-lists';
import { useAuth } from '../auth';
import forms from '../../components/forms.module.css';
import styles from './BookActions.module.css';

/**
 * Issue 61: "Add to list" beside the reading status: the reader's lists in a menu and "Add"; the
 * server's answer shown (added, or the refusal in its own words). Visitors have no lists: nothing.
 */
export function AddToList({ bookUuid }: { bookUuid: string }) {
  const { t } = useTranslation('chapters');
  const { userUuid } = useAuth();
  const id = useId();
  const client = useQueryClient();
  const lists = useQuery({ queryKey: MY_LISTS_KEY, queryFn: listsApi.mine, enabled: !!userUuid, staleTime: 60_000 });
  const [chosen, setChosen] = useState('');
  const add = useMutation({
    mutationFn: (listUuid: string) => listsApi.putBook(listUuid, bookUuid, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_LISTS_KEY }),
  });
  if (!userUuid || !lists.data || lists.data.length === 0) return null;
  const target = chosen || lists.data[0]!.list_uuid;
  return (
    <div className={styles.status}>
      <label htmlFor={id} className={styles.statusLabel}>
        {t('addToList.label')}
      </label>
      <select id={id} className={styles.statusSelect} value={target} onChange={(event) => setChosen(event.target.value)}>
        {lists.data.map((list) => (
          <option key={list.list_uuid} value={list.list_uuid}>
            {list.name}
          </option>
        ))}
      </select>{' '}
      <button type="button" className={styles.follow} disabled={add.isPending} onClick={() => add.mutate(target)}>
        {t('addToList.add')}
      </button>
      {add.isSuccess && <p role="status">{t('addToList.added', { name: add.data.name })}</p>}
      {add.isError && (
        <p className={forms.error} role="alert">
          {t(listErrorKey(add.error).replace('lists.', 'addToList.'))}
        </p>
      )}
    </div>
  );
}
