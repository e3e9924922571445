import type { RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useCopy } from './use-copy';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

interface CopyButtonProps {
  text: string;
  label: string;
  /** Where the clipboard fallback may place its textarea (inside an open modal). */
  container?: RefObject<HTMLElement | null>;
  disabled?: boolean;
}

/** A copy button whose tooltip reads 'copied' for 1.5 s; the tooltip is a live region so it is announced too. */
export function CopyButton({ text, label, container, disabled }: CopyButtonProps) {
  const { t } = useTranslation('profile');
  const { state, copy } = useCopy();
  return (
    <span className={profile.copyWrap}>
      <button type="button" className={styles.primary} onClick={() => void copy(text, container?.current)} disabled={disabled}>
        {label}
      </button>
      <span role="status" className={state === 'idle' ? profile.tooltipHidden : profile.tooltip}>
        {state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </span>
  );
}
