import { useTranslation } from '../../i18n/use-translation';
import { setAccountNotice, type AccountNotice } from '../../lib/account-notice';
import { whenOf } from './format';
import styles from '../../components/forms.module.css';
import local from './data-rights.module.css';

/**
 * Above any page, until dismissed (issue 43): the account's deletion scheduled (the reader was just
 * signed out) or cancelled by logging in during the grace period. The layout loads it lazily.
 */
export default function AccountNoticeBanner({ notice }: { notice: AccountNotice }) {
  const { t, i18n } = useTranslation('datarights');
  return (
    <div className={`${styles.notice} ${local.banner}`} role="status">
      <p>
        {notice.kind === 'deletion-scheduled'
          ? t('notice.scheduled', { date: whenOf(notice.eraseAt, i18n.language) })
          : t('notice.cancelled')}
      </p>
      <button type="button" className={styles.secondary} onClick={() => setAccountNotice(null)}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}
