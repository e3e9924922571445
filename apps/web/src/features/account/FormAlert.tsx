import type { ReactNode } from 'react';
import styles from '../../components/forms.module.css';

/** A form's error line, in the forms' error style and read out at once (role="alert"). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p className={styles.error} role="alert">
      {children}
    </p>
  );
}
