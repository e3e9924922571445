import { pagePath, PROFILE_SECTIONS } from '@inkstream/contracts/routes';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { Dialog } from '../../components/Dialog';
import { accountApi } from '../../lib/api-account';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { CopyButton } from './CopyButton';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

/**
 * Read-only view of the stored API token with copy and close (spec section 2). The token is the
 * login itself, so the view says so, sends reading apps to a feed key (which can only read), and
 * offers "sign out everywhere" for a token already given away (issue 40, item 12).
 */
export function ApiTokenDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('profile');
  return (
    <Dialog open={open} onClose={onClose} title={t('token.title')} description={t('token.description')}>
      <TokenBody onClose={onClose} />
    </Dialog>
  );
}

function TokenBody({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('profile');
  const container = useRef<HTMLDivElement>(null);
  // Read at opening: a password change stores a new token while the page stays open.
  const [token, setToken] = useState(() => readStorage(STORAGE_KEYS.token) ?? '');
  const [everywhere, setEverywhere] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');

  const signOutEverywhere = async () => {
    setEverywhere('busy');
    try {
      const { jwt_token } = await accountApi.signOutEverywhere();
      // Every older token is revoked: this browser goes on with the new one.
      writeStorage(STORAGE_KEYS.token, jwt_token);
      setToken(jwt_token);
      setEverywhere('done');
    } catch {
      setEverywhere('failed');
    }
  };

  return (
    <div ref={container}>
      <p className={profile.sectionText}>
        {t('token.appsHint')}{' '}
        <Link to={pagePath.profile(PROFILE_SECTIONS.readInAnApp)} onClick={onClose}>
          {t('token.toFeedKeys')}
        </Link>
      </p>
      <div className={styles.field}>
        <label htmlFor="api-token">{t('token.label')}</label>
        <textarea id="api-token" className={profile.token} readOnly value={token} rows={5} dir="ltr" spellCheck={false} />
      </div>
      <div className={styles.actions}>
        <CopyButton text={token} container={container} label={t('token.copy')} disabled={!token} />
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t('token.close')}
        </button>
      </div>
      <div className={profile.signOutEverywhere}>
        <p className={profile.sectionText}>{t('token.everywhereText')}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} disabled={everywhere === 'busy'} onClick={() => void signOutEverywhere()}>
            {everywhere === 'busy' ? t('token.everywhereBusy') : t('token.everywhere')}
          </button>
        </div>
        <p className={everywhere === 'done' ? styles.success : everywhere === 'failed' ? styles.error : 'visually-hidden'} role="status">
          {everywhere === 'done' ? t('token.everywhereDone') : everywhere === 'failed' ? t('token.everywhereFailed') : ''}
        </p>
      </div>
    </div>
  );
}
