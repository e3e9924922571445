import type { InputHTMLAttributes } from 'react';
import styles from './forms.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string | undefined;
}

/** A labelled text input with an optional hint tied to it by aria-describedby. */
export function TextField({ id, label, value, onChange, hint, ...input }: TextFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? hintId : undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
