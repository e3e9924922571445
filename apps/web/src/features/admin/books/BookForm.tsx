import {
  DEFAULT_CONTENT_RATING,
  type AdminBookCreateBody,
  type AdminBookDetail,
  type ContentDescriptorValue,
  type ContentRatingValue,
} from '@inkstream/contracts';
import { LANGUAGES, type Language } from '@inkstream/contracts/languages';
import { GENRE_TAG_LIST } from '@inkstream/contracts/tags';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { currentLanguage } from '../../../lib/language';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import type { FormErrors } from '../shell/form-errors';
import local from './books.module.css';
import { ContentRatingFields } from './ContentRatingFields';
import { AlternateTitlesEditor, checkAlternateTitleRows, toAlternateTitlesBody, type AlternateTitleRow } from './AlternateTitlesEditor';

const MAX_TAGS = 3;

export interface BookFormValues {
  original_language: Language;
  titles: Record<string, string>;
  introductions: Record<string, string>;
  tags: string[];
  alternate_titles: AlternateTitleRow[];
  book_type: 'comic' | 'novel';
  author: string;
  /** Issue 46: who drew the book ("A & B" for several). */
  artist: string;
  status: 'ongoing' | 'completed';
  /** Empty: the site's default (new books only). */
  public_free_chapters: string;
  /** Issue 61: who the book is for, and what it shows that a reader may want to leave out. */
  content_rating: ContentRatingValue;
  content_descriptors: ContentDescriptorValue[];
}

export function initialValues(book: AdminBookDetail | null): BookFormValues {
  return {
    // A new book is most likely in the operator's own language.
    original_language: book?.original_language ?? currentLanguage(),
    titles: { ...(book?.titles ?? {}) },
    introductions: { ...(book?.introductions ?? {}) },
    tags: [...(book?.tags ?? [])],
    alternate_titles: (book?.alternate_titles ?? []).map((alternate) => ({ title: alternate.title, language: alternate.language ?? '' })),
    book_type: book?.book_type ?? 'comic',
    author: book?.author ?? '',
    artist: book?.artist ?? '',
    status: book?.status ?? 'ongoing',
    public_free_chapters: book ? String(book.public_free_chapters) : '',
    content_rating: book?.content_rating ?? DEFAULT_CONTENT_RATING,
    content_descriptors: [...(book?.content_descriptors ?? [])],
  };
}

/**
 * The request body: only languages with a title, an empty author or artist as none, the free-chapter
 * count when given, the rating and descriptors only when they differ from the book's (a new book's: all ages, none).
 */
export function toBody(values: BookFormValues, book: AdminBookDetail | null = null): AdminBookCreateBody {
  const was = initialValues(book);
  const sameDescriptors =
    values.content_descriptors.length === was.content_descriptors.length &&
    values.content_descriptors.every((descriptor) => was.content_descriptors.includes(descriptor));
  const titled = LANGUAGES.filter((language) => values.titles[language]?.trim());
  const free = values.public_free_chapters.trim();
  return {
    original_language: values.original_language,
    titles: Object.fromEntries(titled.map((language) => [language, values.titles[language]!.trim()])),
    introductions: Object.fromEntries(titled.map((language) => [language, values.introductions[language] ?? ''])),
    tags: values.tags as AdminBookCreateBody['tags'],
    alternate_titles: toAlternateTitlesBody(values.alternate_titles),
    book_type: values.book_type,
    author: values.author.trim() ? values.author.trim() : null,
    artist: values.artist.trim() ? values.artist.trim() : null,
    status: values.status,
    ...(free !== '' ? { public_free_chapters: Number(free) } : {}),
    ...(values.content_rating !== was.content_rating ? { content_rating: values.content_rating } : {}),
    ...(sameDescriptors ? {} : { content_descriptors: values.content_descriptors }),
  };
}

/**
 * A book's details: titles and introductions per language (one tab each), alternate titles,
 * genres, type, author, status, free chapters, content rating and descriptors. The server's field errors appear next to their
 * fields; blank and repeated alternate titles are caught here first, in the console's language.
 */
export function BookForm({
  book,
  errors,
  busy,
  onSubmit,
}: {
  book: AdminBookDetail | null;
  errors: FormErrors;
  busy: boolean;
  onSubmit: (body: AdminBookCreateBody) => void;
}) {
  const { t } = useTranslation('admin-books');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation('common');
  const [values, setValues] = useState(() => initialValues(book));
  const [tab, setTab] = useState<Language>(values.original_language);
  // Found on submit; an edit of the list hides them and the server's (its lines may have moved) until the next submit.
  const [alternateErrors, setAlternateErrors] = useState<Record<string, string> | null>(null);
  const set = <K extends keyof BookFormValues>(key: K, value: BookFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const setText = (kind: 'titles' | 'introductions', value: string) =>
    setValues((current) => ({ ...current, [kind]: { ...current[kind], [tab]: value } }));
  const error = (field: string) => errors.fields[field];
  const described = (field: string) => (error(field) ? `${field}-error` : undefined);
  const tagError = error('tags') ?? Object.entries(errors.fields).find(([field]) => field.startsWith('tags.'))?.[1];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkAlternateTitleRows(values.alternate_titles, t);
    if (Object.keys(found).length > 0) {
      setAlternateErrors(found);
      const first = Object.keys(found)[0]!.split('.')[1];
      document.getElementById(`alternate-title-${first}`)?.focus();
      return;
    }
    setAlternateErrors(null);
    onSubmit(toBody(values, book));
  };
  const serverAlternateErrors = Object.fromEntries(Object.entries(errors.fields).filter(([field]) => field.startsWith('alternate_titles')));

  return (
    <form className={styles.card} onSubmit={submit} noValidate>
      <FormNotice message={errors.message} />
      <div className={local.grid}>
        <div className={styles.field}>
          <label htmlFor="book-language">{t('form.originalLanguage')}</label>
          <select
            id="book-language"
            className={styles.input}
            value={values.original_language}
            aria-describedby={described('original_language')}
            onChange={(event) => set('original_language', event.target.value as Language)}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {tCommon(`languages.${language}`)}
              </option>
            ))}
          </select>
          <FieldError id="original_language-error" message={error('original_language')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="book-type">{t('type.label')}</label>
          <select
            id="book-type"
            className={styles.input}
            value={values.book_type}
            onChange={(event) => set('book_type', event.target.value as 'comic' | 'novel')}
          >
            <option value="comic">{t('type.comic')}</option>
            <option value="novel">{t('type.novel')}</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="book-status">{t('status.label')}</label>
          <select
            id="book-status"
            className={styles.input}
            value={values.status}
            onChange={(event) => set('status', event.target.value as 'ongoing' | 'completed')}
          >
            <option value="ongoing">{t('status.ongoing')}</option>
            <option value="completed">{t('status.completed')}</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="book-author">{t('form.author')}</label>
          <input
            id="book-author"
            className={styles.input}
            value={values.author}
            maxLength={100}
            aria-describedby={described('author')}
            onChange={(event) => set('author', event.target.value)}
          />
          <FieldError id="author-error" message={error('author')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="book-artist">{t('form.artist')}</label>
          <input
            id="book-artist"
            className={styles.input}
            value={values.artist}
            maxLength={100}
            aria-describedby={['book-artist-help', described('artist')].filter(Boolean).join(' ')}
            onChange={(event) => set('artist', event.target.value)}
          />
          <span id="book-artist-help" className={styles.muted}>
            {t('form.creditsHelp')}
          </span>
          <FieldError id="artist-error" message={error('artist')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="book-free">{t('form.freeChapters')}</label>
          <input
            id="book-free"
            className={styles.input}
            type="number"
            inputMode="numeric"
            min={0}
            max={10000}
            value={values.public_free_chapters}
            placeholder={book ? undefined : t('form.freeChaptersDefault')}
            aria-describedby={described('public_free_chapters')}
            onChange={(event) => set('public_free_chapters', event.target.value)}
          />
          <FieldError id="public_free_chapters-error" message={error('public_free_chapters')} />
        </div>
      </div>

      <h2>{t('form.texts')}</h2>
      <div className={local.tabs} role="tablist" aria-label={t('form.texts')}>
        {LANGUAGES.map((language) => {
          const hasError = Boolean(error(`titles.${language}`) ?? error(`introductions.${language}`));
          return (
            <button
              key={language}
              type="button"
              role="tab"
              id={`tab-${language}`}
              aria-selected={tab === language}
              aria-controls="book-texts"
              className={local.tab}
              onClick={() => setTab(language)}
            >
              {tCommon(`languages.${language}`)}
              {language === values.original_language && ` (${t('form.original')})`}
              {hasError && <span className="visually-hidden"> {t('form.hasError')}</span>}
              {hasError && <span aria-hidden="true"> ⚠</span>}
            </button>
          );
        })}
      </div>
      <div id="book-texts" role="tabpanel" aria-labelledby={`tab-${tab}`} lang={tab} dir={tab === 'ar-sa' ? 'rtl' : 'ltr'}>
        <div className={styles.field}>
          <label htmlFor="book-title">{t('form.titleIn', { language: tCommon(`languages.${tab}`) })}</label>
          <input
            id="book-title"
            className={styles.input}
            value={values.titles[tab] ?? ''}
            maxLength={200}
            aria-describedby={described(`titles.${tab}`)}
            onChange={(event) => setText('titles', event.target.value)}
          />
          <FieldError id={`titles.${tab}-error`} message={error(`titles.${tab}`)} />
        </div>
        <div className={styles.field}>
          <label htmlFor="book-introduction">{t('form.introductionIn', { language: tCommon(`languages.${tab}`) })}</label>
          <textarea
            id="book-introduction"
            className={`${styles.input} ${local.textarea}`}
            value={values.introductions[tab] ?? ''}
            maxLength={5000}
            aria-describedby={described(`introductions.${tab}`)}
            onChange={(event) => setText('introductions', event.target.value)}
          />
          <FieldError id={`introductions.${tab}-error`} message={error(`introductions.${tab}`)} />
        </div>
      </div>

      <AlternateTitlesEditor
        rows={values.alternate_titles}
        errors={alternateErrors ?? serverAlternateErrors}
        onChange={(rows) => {
          setAlternateErrors({});
          set('alternate_titles', rows);
        }}
      />

      <fieldset className={`${styles.field} ${local.tags}`} aria-describedby={tagError ? 'tags-error' : undefined}>
        <legend>{t('form.tags', { max: MAX_TAGS })}</legend>
        {GENRE_TAG_LIST.map((tag) => {
          const checked = values.tags.includes(tag);
          return (
            <label key={tag}>
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && values.tags.length >= MAX_TAGS}
                onChange={() => set('tags', checked ? values.tags.filter((other) => other !== tag) : [...values.tags, tag])}
              />
              {tCommon(`tags.${tag}`)}
            </label>
          );
        })}
      </fieldset>
      <FieldError id="tags-error" message={tagError} />

      <ContentRatingFields
        rating={values.content_rating}
        descriptors={values.content_descriptors}
        errors={errors}
        onRating={(rating) => set('content_rating', rating)}
        onDescriptors={(descriptors) => set('content_descriptors', descriptors)}
      />

      <button type="submit" className={styles.button} disabled={busy}>
        {book ? tAdmin('save') : t('form.create')}
      </button>
    </form>
  );
}
