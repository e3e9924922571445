import type { ReactNode } from 'react';
import styles from './admin.module.css';

/** A list filter that picks one of `choices`, or any (the empty value): a labelled select. */
export function FilterSelect({
  label,
  any,
  choices,
  choiceLabel,
  field,
}: {
  label: ReactNode;
  /** The words for "no filter". */
  any: string;
  choices: readonly string[];
  choiceLabel: (choice: string) => string;
  /** The draft's value and change handler (useListParams's `field`). */
  field: { value: string; onChange: (event: { target: { value: string } }) => void };
}) {
  return (
    <label>
      {label}
      <select className={styles.input} {...field}>
        <option value="">{any}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choiceLabel(choice)}
          </option>
        ))}
      </select>
    </label>
  );
}
