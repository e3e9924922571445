import styles from '../../components/forms.module.css';

/** The ids a field's input is described by: its error first (read before the hint), then its hint. */
export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/** A field's own error line, under its input and tied to it by aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className={styles.fieldError}>
      {error}
    </p>
  );
}
