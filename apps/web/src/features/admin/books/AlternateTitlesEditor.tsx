import { BOOK_ALTERNATE_TITLES_MAX } from '@inkstream/contracts/constants';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError } from '../shell/FieldError';
import local from './books.module.css';

/** One line of the editor: what the operator typed, language empty for none. */
export interface AlternateTitleRow {
  title: string;
  language: string;
}

/** Language tags the operator is likely to want; any BCP 47 tag may be typed. */
const SUGGESTED_LANGUAGES = ['zh-cn', 'zh-Hant', 'zh-Latn-pinyin', 'en', 'fr', 'es', 'ar', 'ja', 'ja-Latn', 'ko', 'ko-Latn'];

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What the server would refuse anyway, said in the console's language before sending: a blank
 * line, a title given twice (trimmed, any case). Keys are the server's field names.
 */
export function checkAlternateTitleRows(rows: readonly AlternateTitleRow[], t: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const key = row.title.trim().normalize('NFC').toLowerCase();
    if (key === '') errors[`alternate_titles.${index}.title`] = t('alternates.blank');
    else if (seen.has(key)) errors[`alternate_titles.${index}.title`] = t('alternates.duplicate');
    seen.add(key);
  });
  return errors;
}

export const toAlternateTitlesBody = (rows: readonly AlternateTitleRow[]) =>
  rows.map((row) => ({ title: row.title.trim(), language: row.language.trim() || null }));

/**
 * The other names readers know a book by, one line each (title, optional language tag, remove).
 * Keyboard: adding a line puts the focus in its title; removing one puts it on the next line's
 * title, else on the add button, so it is never lost on a removed element.
 */
export function AlternateTitlesEditor({
  rows,
  errors,
  onChange,
}: {
  rows: AlternateTitleRow[];
  errors: Record<string, string>;
  onChange: (rows: AlternateTitleRow[]) => void;
}) {
  const { t } = useTranslation('admin-books');
  const editor = useRef<HTMLFieldSetElement>(null);
  // Where the focus goes once the changed list is drawn: set by add/remove, applied in the same
  // commit (a layout effect), so keys typed right after Enter land in the new line.
  const pendingFocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    const index = pendingFocus.current;
    pendingFocus.current = null;
    const target =
      editor.current?.querySelector<HTMLElement>(`#alternate-title-${index}`) ??
      editor.current?.querySelector<HTMLElement>('#alternate-add');
    target?.focus();
  }, [rows.length]);
  const focusTitle = (index: number) => {
    pendingFocus.current = index;
  };
  const update = (index: number, change: Partial<AlternateTitleRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const remove = (index: number) => {
    onChange(rows.filter((_, i) => i !== index));
    focusTitle(index < rows.length - 1 ? index : -1);
  };
  const add = () => {
    onChange([...rows, { title: '', language: '' }]);
    focusTitle(rows.length);
  };
  const listError = errors.alternate_titles;
  const full = rows.length >= BOOK_ALTERNATE_TITLES_MAX;

  return (
    <fieldset ref={editor} className={local.alternates} aria-describedby="alternates-hint">
      <legend>{t('alternates.legend')}</legend>
      <p id="alternates-hint" className={styles.muted}>
        {t('alternates.hint', { max: BOOK_ALTERNATE_TITLES_MAX })}
      </p>
      {rows.length === 0 && <p className={styles.muted}>{t('alternates.none')}</p>}
      <datalist id="alternate-languages">
        {SUGGESTED_LANGUAGES.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      {rows.map((row, index) => {
        const n = index + 1;
        const titleField = `alternate_titles.${index}.title`;
        const languageField = `alternate_titles.${index}.language`;
        return (
          <div key={index} className={local.alternate}>
            <div className={styles.field}>
              <label htmlFor={`alternate-title-${index}`}>{t('alternates.title', { n })}</label>
              <input
                id={`alternate-title-${index}`}
                className={styles.input}
                value={row.title}
                maxLength={200}
                dir="auto"
                aria-invalid={errors[titleField] ? true : undefined}
                aria-describedby={errors[titleField] ? `${titleField}-error` : undefined}
                onChange={(event) => update(index, { title: event.target.value })}
              />
              <FieldError id={`${titleField}-error`} message={errors[titleField]} />
            </div>
            <div className={styles.field}>
              <label htmlFor={`alternate-language-${index}`}>{t('alternates.language', { n })}</label>
              <input
                id={`alternate-language-${index}`}
                className={`${styles.input} ${local.alternateLanguage}`}
                value={row.language}
                maxLength={35}
                dir="ltr"
                list="alternate-languages"
                placeholder={t('alternates.languageExample')}
                autoCapitalize="off"
                spellCheck={false}
                aria-invalid={errors[languageField] ? true : undefined}
                aria-describedby={errors[languageField] ? `${languageField}-error` : undefined}
                onChange={(event) => update(index, { language: event.target.value })}
              />
              <FieldError id={`${languageField}-error`} message={errors[languageField]} />
            </div>
            <button
              type="button"
              className={`${styles.secondary} ${local.alternateRemove}`}
              aria-label={t('alternates.removeLabel', { n })}
              onClick={() => remove(index)}
            >
              {t('alternates.remove')}
            </button>
          </div>
        );
      })}
      <FieldError id="alternate_titles-error" message={listError} />
      <button id="alternate-add" type="button" className={styles.secondary} disabled={full} onClick={add}>
        {t('alternates.add')}
      </button>
      {full && <p className={styles.muted}>{t('alternates.full', { max: BOOK_ALTERNATE_TITLES_MAX })}</p>}
    </fieldset>
  );
}
