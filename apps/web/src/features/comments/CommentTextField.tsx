import type { Ref } from 'react';
import styles from './Comments.module.css';

interface Props {
  ids: { field: string; counter: string; error: string };
  fieldRef: Ref<HTMLTextAreaElement>;
  /** Said to screen readers (the label is visually hidden); the composer shows it as the placeholder too. */
  label: string;
  placeholder?: string | undefined;
  value: string;
  rows: number;
  invalid: boolean;
  /** Whether the problem paragraph (`ids.error`) is shown, so the field is described by it too. */
  showsProblem: boolean;
  onChange(value: string): void;
}

/** The text of a comment being written or edited, described by its character counter and by its problem when one is shown. */
export function CommentTextField({ ids, fieldRef, label, placeholder, value, rows, invalid, showsProblem, onChange }: Props) {
  return (
    <>
      <label htmlFor={ids.field} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={ids.field}
        ref={fieldRef}
        className={styles.textarea}
        value={value}
        rows={rows}
        dir="auto"
        placeholder={placeholder}
        aria-invalid={invalid}
        aria-describedby={[ids.counter, showsProblem ? ids.error : ''].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
