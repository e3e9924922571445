import { useId, type ReactNode } from 'react';
import styles from './ReadingSettingsPanel.module.css';

interface Props<T extends string> {
  legend: string;
  value: T | null;
  options: readonly { value: T; label: ReactNode }[];
  onChoose(value: T): void;
}

/**
 * One setting as a group of real radio buttons: a fieldset named by its legend, arrow keys move
 * between the options (the browser's), each option's text is its name.
 */
export function ChoiceGroup<T extends string>({ legend, value, options, onChoose }: Props<T>) {
  const name = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChoose(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
