import { useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Dialog } from '../../components/Dialog';
import { readStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { CopyButton } from './CopyButton';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

/** Read-only view of the stored API token with copy and close (spec section 2). */
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
  const token = readStorage(STORAGE_KEYS.token) ?? '';
  return (
    <div ref={container}>
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
    </div>
  );
}
