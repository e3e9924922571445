import { PROFILE_SECTIONS } from '@inkstream/contracts/routes';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { DataExportPanel } from './DataExportPanel';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import styles from '../../components/forms.module.css';
import local from './data-rights.module.css';

/**
 * Profile section "Your data" (issue 43, docs/WEB.md): download everything the site holds about the
 * reader, and delete the account. The archive's mail links to /profile#your-data: the heading then
 * takes the focus, so a keyboard or screen reader user starts there.
 */
export function YourDataSection() {
  const { t } = useTranslation('datarights');
  const [deleting, setDeleting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${PROFILE_SECTIONS.yourData}`) heading.current?.focus();
  }, [hash]);

  return (
    <section id={PROFILE_SECTIONS.yourData} className={local.section} aria-labelledby="your-data-title">
      <h2 id="your-data-title" ref={heading} tabIndex={-1} className={local.sectionTitle}>
        {t('heading')}
      </h2>
      <DataExportPanel />
      <div className={local.part} role="group" aria-labelledby="delete-account-title">
        <h3 id="delete-account-title" className={local.partTitle}>
          {t('delete.heading')}
        </h3>
        <p className={local.text}>{t('delete.summary')}</p>
        <button type="button" className={`${styles.primary} ${local.danger}`} onClick={() => setDeleting(true)}>
          {t('delete.open')}
        </button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
