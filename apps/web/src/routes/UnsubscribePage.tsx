import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { mailApi } from '../lib/api-mail';
import styles from './UnsubscribePage.module.css';

/**
 * /unsubscribe?token=…: the link at the foot of a reminder or digest e-mail. Opening it changes
 * nothing (mail scanners open every link); the button leaves the list.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation('mail');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const preview = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => mailApi.previewUnsubscribe(token),
    enabled: token !== '',
    retry: false,
  });
  const leave = useMutation({ mutationFn: () => mailApi.unsubscribe(token) });
  useEffect(() => {
    document.title = t('unsubscribe.title');
  }, [t]);

  const invalid = token === '' || preview.isError || leave.isError;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="unsubscribe-heading">
        <h1 id="unsubscribe-heading">{t('unsubscribe.title')}</h1>
        {leave.isSuccess ? (
          <div role="status">
            <p className={styles.done}>{t(`unsubscribe.done.${leave.data.list}`)}</p>
            <p className={styles.muted}>{t('unsubscribe.doneHint')}</p>
            <Link to={PAGE_PATTERNS.home}>{t('unsubscribe.home')}</Link>
          </div>
        ) : invalid ? (
          <div role="alert">
            <p>{t('unsubscribe.invalid')}</p>
            <Link to={PAGE_PATTERNS.home}>{t('unsubscribe.home')}</Link>
          </div>
        ) : preview.data ? (
          <>
            <p>{t(`unsubscribe.explain.${preview.data.list}`)}</p>
            <button type="button" className={styles.button} disabled={leave.isPending} onClick={() => leave.mutate()}>
              {t(`unsubscribe.button.${preview.data.list}`)}
            </button>
          </>
        ) : (
          <p className={styles.muted}>{t('unsubscribe.loading')}</p>
        )}
      </section>
    </div>
  );
}
