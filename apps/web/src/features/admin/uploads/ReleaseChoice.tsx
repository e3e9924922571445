import type { ImportReleaseMode } from '@inkstream/contracts';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import admin from '../shell/admin.module.css';
import { FieldError } from '../shell/FieldError';
import styles from './upload.module.css';

export interface ReleaseDraft {
  mode: ImportReleaseMode;
  /** A datetime-local value (the operator's local time), for `at`. */
  when: string;
}

const MODES: readonly ImportReleaseMode[] = ['now', 'draft', 'at'];

/** The upload's release fields, or null when `at` has no valid time (the server checks that it is ahead). */
export function releaseFields(draft: ReleaseDraft): { release: ImportReleaseMode; publishAt?: string } | null {
  if (draft.mode !== 'at') return { release: draft.mode };
  const at = new Date(draft.when);
  return draft.when && !Number.isNaN(at.getTime()) ? { release: 'at', publishAt: at.toISOString() } : null;
}

/** What the uploaded chapters do once imported: go live, wait as drafts, or come out at a chosen time. */
export function ReleaseChoice({
  value,
  onChange,
  error,
  disabled,
}: {
  value: ReleaseDraft;
  onChange: (next: ReleaseDraft) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation('admin-uploads');
  const id = useId();
  return (
    <fieldset className={styles.release} disabled={disabled}>
      <legend>{t('release.legend')}</legend>
      {MODES.map((mode) => (
        <label key={mode} className={styles.releaseOption}>
          <input
            type="radio"
            name={`${id}-release`}
            value={mode}
            checked={value.mode === mode}
            onChange={() => onChange({ ...value, mode })}
          />
          {t(`release.${mode}`)}
        </label>
      ))}
      {value.mode === 'at' && (
        <div className={admin.field}>
          <label htmlFor={`${id}-when`}>{t('release.when')}</label>
          <input
            id={`${id}-when`}
            className={admin.input}
            type="datetime-local"
            step={60}
            value={value.when}
            onChange={(event) => onChange({ ...value, when: event.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-when-error` : undefined}
          />
        </div>
      )}
      <FieldError id={`${id}-when-error`} message={error} />
    </fieldset>
  );
}
