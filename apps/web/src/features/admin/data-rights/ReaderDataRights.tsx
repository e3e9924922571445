import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { CommentsChoice } from '../../../lib/api-data-rights';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { ReasonForm } from '../readers/ReasonForm';
import { ReasonField, SavedNote, useReasonAction } from '../readers/reason-action';
import { dataRightsAdminApi } from './data-rights-api';
import { when } from './when';
import local from './data-rights.module.css';

type Act = (run: () => Promise<unknown>) => Promise<unknown>;

/** Deleting a reader's account for them: the comments' choice and the reason, pressed twice. */
function DeleteAccountForm({ userUuid, act }: { userUuid: string; act: Act }) {
  const { t } = useTranslation('admin-datarights');
  const { t: readers } = useTranslation('admin-readers');
  const { t: common } = useTranslation('admin');
  const id = useId();
  const change = useReasonAction();
  const [comments, setComments] = useState<CommentsChoice>('remove');
  const [asking, setAsking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!asking) {
      change.setDone(false);
      setAsking(true);
      return;
    }
    await change.send((reason) => act(() => dataRightsAdminApi.requestDeletion(userUuid, reason, comments)));
    setAsking(false);
  };

  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('delete.title')}</h3>
      <p className={styles.muted}>{t('delete.explain')}</p>
      <FormNotice message={change.errors.message} />
      <fieldset className={local.choice}>
        <legend>{t('comments.legend')}</legend>
        {(['remove', 'keep'] as const).map((choice) => (
          <label key={choice}>
            <input type="radio" name={`${id}-comments`} checked={comments === choice} onChange={() => setComments(choice)} />
            {t(`comments.${choice}`)}
          </label>
        ))}
      </fieldset>
      <ReasonField id={id} action={change} />
      {asking && (
        <p className={styles.notice} role="alert">
          {t('delete.confirm')}
        </p>
      )}
      <button type="submit" className={styles.danger} disabled={change.busy || change.reason.trim() === ''}>
        {asking ? readers('confirmAction', { action: t('delete.submit') }) : t('delete.submit')}
      </button>
      {asking && (
        <button type="button" className={styles.secondary} onClick={() => setAsking(false)}>
          {common('cancel')}
        </button>
      )}
      <SavedNote action={change} />
    </form>
  );
}

/**
 * The reader page's data-rights actions (issue 43): prepare the reader's data archive (they download
 * it themselves, from the mail or the profile), and delete the account or cancel a pending deletion.
 */
export function ReaderDataRights({ userUuid, act }: { userUuid: string; act: Act }) {
  const { t } = useTranslation('admin-datarights');
  const pending = useQuery({ queryKey: ['admin', 'deletion', userUuid], queryFn: () => dataRightsAdminApi.pendingFor(userUuid) });
  return (
    <>
      <ReasonForm
        title={t('export.title')}
        action={t('export.submit')}
        onSubmit={(reason) => act(() => dataRightsAdminApi.exportData(userUuid, reason))}
      />
      {pending.data ? (
        <ReasonForm
          title={t('cancel.titleOn', { date: when(pending.data.erase_at) })}
          action={t('cancel.submit')}
          onSubmit={(reason) => act(() => dataRightsAdminApi.cancelDeletion(userUuid, reason))}
        />
      ) : (
        pending.isSuccess && <DeleteAccountForm userUuid={userUuid} act={act} />
      )}
      <FormNotice message={pending.error?.message} />
    </>
  );
}
