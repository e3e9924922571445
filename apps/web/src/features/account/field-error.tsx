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

/** A field's hint line, under its error and tied to the input by aria-describedby. */
export function FieldHint({ id, hint }: { id: string; hint: string | undefined }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className={styles.hint}>
      {hint}
    </p>
  );
}
