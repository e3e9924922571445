import styles from './admin.module.css';

/** A server's message for one field, tied to its input by id (aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.fieldError} role="alert">
      {message}
    </p>
  );
}

/** A failure that belongs to no field (a conflict, a refused refund). */
export function FormNotice({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className={styles.notice} role="alert">
      {message}
    </p>
  );
}
