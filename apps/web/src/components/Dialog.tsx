import { useEffect, useId, useRef, type ReactNode, type SyntheticEvent } from 'react';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  /** Called for Escape, a click on the backdrop, or a close the browser made by itself. */
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  /** Optional line under the title, referenced by aria-describedby. */
  description?: ReactNode;
  /** Extra class of the dialog element, for a dialog laid out otherwise (the reader's settings sheet). */
  className?: string | undefined;
}

/**
 * A modal on the native <dialog>: showModal() gives the top layer, the inert page behind, focus
 * trapping and Escape for free. The content mounts only while open, so closing resets any form inside.
 * Focus goes back to the element that opened it. Layout uses logical properties, so it mirrors in RTL.
 */
export function Dialog({ open, onClose, title, children, description, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // jsdom (tests) has no showModal; the open attribute is the non-modal equivalent.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open) {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      opener.current?.focus();
      opener.current = null;
    }
  }, [open]);

  // Unmounting while open (navigation away) must not strand focus on a removed node.
  useEffect(() => () => opener.current?.focus(), []);

  const onCancel = (event: SyntheticEvent) => {
    // Escape: keep the open state in React, which then closes the element.
    event.preventDefault();
    onClose();
  };

  const onNativeClose = () => {
    // Chrome may close a dialog on a repeated Escape despite preventDefault; follow it.
    if (open) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={className ? `${styles.dialog} ${className}` : styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={onCancel}
      onClose={onNativeClose}
      onClick={(event) => {
        // The body fills the dialog, so a click whose target is the dialog itself landed on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        )}
        {open && children}
      </div>
    </dialog>
  );
}
