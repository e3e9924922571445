import type { ImportReleaseMode } from '@inkstream/contracts';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import admin from '../shell/admin.module.css';
import { FieldError } from '../shell/FieldError';
import styles from './upload.module.css';

export interface ReleaseDraft {
  /** Null until the operator chooses: no choice is made for them (issue 40, item 14). */
  mode: ImportReleaseMode | null;
  /** A datetime-local value (the operator's local time), for `at`. */
  when: string;
}

const MODES: readonly ImportReleaseMode[] = ['now', 'draft', 'at'];

export const NO_RELEASE: ReleaseDraft = { mode: null, when: '' };

/**
 * The upload's release fields, always explicit (the server's default is not relied on), or null
 * when nothing is chosen or `at` has no valid time (the server checks that it is ahead).
 */
export function releaseFields(draft: ReleaseDraft): { release: ImportReleaseMode; publishAt?: string } | null {
  if (draft.mode === null) return null;
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

/** The sentence beside the Upload button: what sending now will do, in words, before it is done. */
export function ReleaseSummary({ id, value }: { id: string; value: ReleaseDraft }) {
  const { t, i18n } = useTranslation('admin-uploads');
  const at = value.mode === 'at' && value.when ? new Date(value.when) : null;
  const text =
    value.mode === null
      ? t('releaseSummary.none')
      : value.mode === 'at'
        ? at && !Number.isNaN(at.getTime())
          ? t('releaseSummary.at', { when: at.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) })
          : t('releaseSummary.atNoTime')
        : t(`releaseSummary.${value.mode}`);
  return (
    <p id={id} className={styles.releaseSummary} aria-live="polite">
      {text}
    </p>
  );
}
