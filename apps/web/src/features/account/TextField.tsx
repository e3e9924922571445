import type { InputHTMLAttributes } from 'react';
import { describedBy, FieldError, FieldHint } from './field-error';
import styles from '../../components/forms.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string | undefined;
  /** A problem with the value: shown under the input, which is marked invalid and described by it. */
  error?: string | undefined;
}

/** A labelled text input with an optional hint and error tied to it by aria-describedby. */
export function TextField({ id, label, value, onChange, hint, error, ...input }: TextFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        {...input}
      />
      <FieldError id={id} error={error} />
      <FieldHint id={id} hint={hint} />
    </div>
  );
}
