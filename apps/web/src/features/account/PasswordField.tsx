import { CURRENT_PASSWORD_MAX } from '@inkstream/contracts/constants';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { describedBy, FieldError, FieldHint } from './field-error';
import styles from '../../components/forms.module.css';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  placeholder?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean | undefined;
  /** A problem with the value: shown under the input, which is marked invalid and described by it. */
  error?: string | undefined;
}

/** A password input with its own show/hide toggle: two fields on one form toggle independently (spec section 4). */
export function PasswordField({ id, label, value, onChange, autoComplete, placeholder, hint, disabled, error }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.passwordBox}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          placeholder={placeholder}
          // Past the new-password rule's 128, so an over-long paste is told (tooLong), not silently cut;
          // the server takes a current password up to the same length.
          maxLength={CURRENT_PASSWORD_MAX}
          disabled={disabled}
          aria-describedby={describedBy(id, hint, error)}
          aria-invalid={error ? true : undefined}
          spellCheck={false}
          autoCapitalize="none"
        />
        <button
          type="button"
          className={styles.toggle}
          aria-controls={id}
          aria-label={t(visible ? 'password.hideLabel' : 'password.showLabel', { field: label })}
          onClick={() => setVisible((shown) => !shown)}
          disabled={disabled}
        >
          {t(visible ? 'password.hide' : 'password.show')}
        </button>
      </div>
      <FieldError id={id} error={error} />
      <FieldHint id={id} hint={hint} />
    </div>
  );
}
