import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './admin.module.css';

/**
 * A button for a change readers feel at once (unpublishing): the first press asks, in words, what
 * will happen; only "Yes" does it. Focus moves to "Yes", and back to the button on "Cancel".
 */
export function ConfirmButton({
  className,
  children,
  question,
  confirmLabel,
  disabled,
  onConfirm,
}: {
  className: string | undefined;
  children: ReactNode;
  question: string;
  confirmLabel: ReactNode;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button ref={trigger} type="button" className={className} disabled={disabled} onClick={() => setAsking(true)}>
        {children}
      </button>
    );
  }
  return (
    <div className={styles.confirm} role="group" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`}>{question}</p>
      <button
        ref={yes}
        type="button"
        className={styles.danger}
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button
        type="button"
        className={styles.secondary}
        onClick={() => {
          setAsking(false);
          requestAnimationFrame(() => trigger.current?.focus());
        }}
      >
        {t('cancel')}
      </button>
    </div>
  );
}
