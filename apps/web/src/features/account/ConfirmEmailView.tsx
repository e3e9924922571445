import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { accountApi } from '../../lib/api-account';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../auth';
import { usePageTitle } from '../../components/use-page-title';
import { FormAlert } from './FormAlert';
import styles from '../../components/forms.module.css';

/**
 * /confirm-email?token=…: confirms on load. Confirming is harmless (it only says the address is
 * the reader's), so a mail scanner that opens the link does no damage; the link works once.
 */
export function ConfirmEmailView() {
  const { t } = useTranslation('recovery');
  usePageTitle(t('confirm.title'));
  const { userUuid } = useAuth();
  const queryClient = useQueryClient();
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<'pending' | 'done' | 'invalid' | 'taken' | 'failed'>(token ? 'pending' : 'invalid');
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    accountApi
      .confirmEmail(token)
      .then(() => {
        setState('done');
        void queryClient.invalidateQueries({ queryKey: ['account', 'me'] });
      })
      .catch((caught: unknown) => {
        const code = caught instanceof ApiError ? caught.code : '';
        setState(code === 'INVALID_EMAIL_TOKEN' ? 'invalid' : code === 'EMAIL_TAKEN' ? 'taken' : 'failed');
      });
  }, [token, queryClient]);

  const message = {
    pending: <p role="status">{t('confirm.submitting')}</p>,
    done: (
      <p className={styles.success} role="status">
        {t('confirm.done')}
      </p>
    ),
    invalid: <FormAlert>{token ? t('confirm.invalid') : t('confirm.missing')}</FormAlert>,
    taken: <FormAlert>{t('confirm.taken')}</FormAlert>,
    failed: <FormAlert>{t('common:status.error')}</FormAlert>,
  }[state];

  return (
    <div className={styles.page}>
      <div className={styles.card} aria-labelledby="confirm-title">
        <h1 id="confirm-title" className={styles.heading}>
          {t('confirm.title')}
        </h1>
        {message}
        <div className={styles.footer}>
          {userUuid ? (
            <Link to={PAGE_PATTERNS.profile}>{t('confirm.toProfile')}</Link>
          ) : (
            <Link to={PAGE_PATTERNS.home}>{t('confirm.home')}</Link>
          )}
        </div>
      </div>
    </div>
  );
}
