import { LEGAL_KINDS, LEGAL_MARKDOWN_MAX, RETENTION_DAYS, type LegalKind } from '@inkstream/contracts/constants';
import { LANGUAGES } from '@inkstream/contracts/languages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Language } from '../../../lib/language';
import { LegalText } from '../../legal';
import styles from '../shell/admin.module.css';
import { ConfirmButton } from '../shell/ConfirmButton';
import { FieldError, FormNotice } from '../shell/FieldError';
import { formatDateTime } from '../shell/format';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';
import { legalAdminApi } from './legal-admin-api';

const LIST_KEY = ['admin', 'legal'] as const;
/** What the server fills in at render (modules/legal/legal-render.ts), from the site settings. */
const PLACEHOLDERS = ['site_name', 'contact_email', 'deletion_grace_days', ...Object.keys(RETENTION_DAYS)];

/**
 * The privacy and terms pages (issue 43): pick a page and a language, edit its Markdown, preview
 * it exactly as readers will see it (rendered and sanitised by the server), and publish it as the
 * next version. Published versions are never changed; registrations record the one they showed.
 */
export default function LegalPagesSection() {
  const { t } = useTranslation('admin-legal');
  const { t: common } = useTranslation('admin');
  const { t: shared } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<LegalKind>('privacy');
  const [language, setLanguage] = useState<Language>('en-us');
  const list = useQuery({ queryKey: LIST_KEY, queryFn: legalAdminApi.list });
  const current = list.data?.pages.find((page) => page.kind === kind && page.language === language);
  const [draft, setDraft] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  // Another page or language: its own text, its own preview.
  useEffect(() => {
    setDraft(null);
    setErrors(NO_ERRORS);
  }, [kind, language]);
  const text = draft ?? current?.markdown ?? '';

  const preview = useMutation({ mutationFn: legalAdminApi.preview, onError: (error) => setErrors(toFormErrors(error)) });
  const publish = useMutation({
    mutationFn: () => legalAdminApi.publish(kind, language, text),
    onSuccess: (page) => {
      setErrors(NO_ERRORS);
      setDraft(null);
      queryClient.setQueryData(LIST_KEY, (old: typeof list.data) =>
        old ? { pages: old.pages.map((p) => (p.kind === page.kind && p.language === page.language ? page : p)) } : old,
      );
    },
    onError: (error) => setErrors(toFormErrors(error)),
  });
  const unchanged = current !== undefined && text === current.markdown;

  return (
    <section aria-labelledby="legal-heading">
      <div className={styles.heading}>
        <h1 id="legal-heading">{t('title')}</h1>
      </div>
      <p className={styles.muted}>{t('intro')}</p>
      <p className={styles.muted}>
        {t('placeholders')}{' '}
        {PLACEHOLDERS.map((name, index) => (
          <Fragment key={name}>
            {index > 0 && ', '}
            <code dir="ltr">{`{{${name}}}`}</code>
          </Fragment>
        ))}
      </p>
      <FormNotice message={list.error?.message ?? errors.message} />
      <div className={styles.card}>
        <div className={styles.field}>
          <label htmlFor={`${id}-kind`}>{t('kind')}</label>
          <select id={`${id}-kind`} className={styles.input} value={kind} onChange={(event) => setKind(event.target.value as LegalKind)}>
            {LEGAL_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-language`}>{t('language')}</label>
          <select
            id={`${id}-language`}
            className={styles.input}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Language)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {shared(`languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        {!current ? (
          list.isPending && <p role="status">{common('loading')}</p>
        ) : (
          <>
            <p role="status">
              {current.current_version === 0
                ? t('builtIn')
                : t('current', { version: current.current_version, date: formatDateTime(current.published_at) })}
            </p>
            <div className={styles.field}>
              <label htmlFor={`${id}-markdown`}>{t('markdown')}</label>
              <textarea
                id={`${id}-markdown`}
                className={styles.input}
                rows={20}
                maxLength={LEGAL_MARKDOWN_MAX}
                value={text}
                dir={language === 'ar-sa' ? 'rtl' : 'ltr'}
                onChange={(event) => setDraft(event.target.value)}
                aria-describedby={`${id}-markdown-help${errors.fields.markdown ? ` ${id}-markdown-error` : ''}`}
                aria-invalid={errors.fields.markdown ? true : undefined}
              />
              <p id={`${id}-markdown-help`} className={styles.muted}>
                {t('markdownHelp')}
              </p>
              <FieldError id={`${id}-markdown-error`} message={errors.fields.markdown} />
            </div>
            <button
              type="button"
              className={styles.button}
              disabled={preview.isPending || text.trim() === ''}
              onClick={() => preview.mutate(text)}
            >
              {t('preview')}
            </button>{' '}
            <ConfirmButton
              className={styles.button}
              disabled={publish.isPending || unchanged || text.trim() === ''}
              question={t('publishQuestion', { version: current.current_version + 1 })}
              confirmLabel={t('publishYes')}
              onConfirm={() => publish.mutate()}
            >
              {t('publish')}
            </ConfirmButton>
            {publish.isSuccess && (
              <p className={styles.success} role="status">
                {t('published', { version: publish.data.current_version })}
              </p>
            )}
            {preview.data && (
              <div className={styles.card} aria-label={t('previewLabel')} role="region">
                <LegalText document={{ html: preview.data.html, language }} />
              </div>
            )}
          </>
        )}
      </div>
      {current && (
        <div className={styles.card}>
          <h2>{t('history')}</h2>
          {current.history.length === 0 ? (
            <p className={styles.muted}>{t('noHistory')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('version')}</th>
                  <th scope="col">{t('author')}</th>
                  <th scope="col">{t('publishedAt')}</th>
                </tr>
              </thead>
              <tbody>
                {current.history.map((version) => (
                  <tr key={version.version}>
                    <td>{version.version}</td>
                    <td>{version.author ?? t('formerOperator')}</td>
                    <td>{formatDateTime(version.published_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}
