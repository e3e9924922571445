import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { ConfirmButton } from '../shell/ConfirmButton';
import { DataTable } from '../shell/DataTable';
import { FieldError, FormNotice } from '../shell/FieldError';
import { toFormErrors } from '../shell/form-errors';
import { formatDate } from '../shell/format';
import local from './moderation.module.css';
import { moderationApi } from './moderation-api';

/** The word filter: add a word or phrase (mask or hold), remove one, and try a sample text against it. */
export function WordFilters() {
  const { t } = useTranslation('admin-moderation');
  const id = useId();
  const client = useQueryClient();
  const [pattern, setPattern] = useState('');
  const [action, setAction] = useState<'mask' | 'hold'>('mask');
  const filters = useQuery({ queryKey: ['admin', 'moderation', 'filters'], queryFn: moderationApi.wordFilters });
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'moderation', 'filters'] });
  const add = useMutation({
    mutationFn: () => moderationApi.addWordFilter(pattern, action),
    onSuccess: () => {
      setPattern('');
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: moderationApi.removeWordFilter, onSuccess: refresh });
  const errors = add.error ? toFormErrors(add.error, { CONFLICT: t('filters.duplicate') }) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <section aria-labelledby="filters-heading">
      <h2 id="filters-heading">{t('filters.title')}</h2>
      <p className={styles.muted}>{t('filters.intro')}</p>
      <form className={styles.card} onSubmit={submit} aria-label={t('filters.add')}>
        <FormNotice message={errors?.message ?? null} />
        <div className={local.inline}>
          <div className={`${styles.field} ${local.field}`}>
            <label htmlFor={`${id}-pattern`}>{t('filters.pattern')}</label>
            <input
              id={`${id}-pattern`}
              className={styles.input}
              required
              maxLength={64}
              value={pattern}
              onChange={(event) => setPattern(event.target.value)}
              {...(errors?.fields.pattern ? { 'aria-invalid': true, 'aria-describedby': `${id}-pattern-error` } : {})}
            />
          </div>
          <div className={`${styles.field} ${local.field}`}>
            <label htmlFor={`${id}-action`}>{t('filters.action')}</label>
            <select
              id={`${id}-action`}
              className={styles.input}
              value={action}
              onChange={(event) => setAction(event.target.value as 'mask' | 'hold')}
            >
              <option value="mask">{t('filters.mask')}</option>
              <option value="hold">{t('filters.hold')}</option>
            </select>
          </div>
          <button type="submit" className={styles.button} disabled={add.isPending || pattern.trim() === ''}>
            {t('filters.add')}
          </button>
        </div>
        <FieldError id={`${id}-pattern-error`} message={errors?.fields.pattern} />
      </form>
      <DataTable
        label={t('filters.title')}
        labelledBy="filters-heading"
        columns={[t('filters.pattern'), t('filters.action'), t('filters.added'), t('actions')]}
        items={filters.data?.items}
        rowKey={(filter) => filter.id}
        row={(filter) => (
          <>
            <th scope="row">
              <bdi>{filter.pattern}</bdi>
            </th>
            <td>{filter.action === 'mask' ? t('filters.mask') : t('filters.hold')}</td>
            <td className={local.nowrap}>{formatDate(filter.created_at)}</td>
            <td>
              <ConfirmButton
                className={styles.secondary}
                disabled={remove.isPending}
                question={t('filters.removeQuestion', { pattern: filter.pattern })}
                confirmLabel={t('filters.remove')}
                onConfirm={() => remove.mutate(filter.id)}
              >
                {t('filters.remove')}
              </ConfirmButton>
            </td>
          </>
        )}
        error={filters.error?.message ?? remove.error?.message ?? null}
      />
      <Preview />
    </section>
  );
}

/** A sample text through today's filter: what readers would see, and whether it would wait for a moderator. */
function Preview() {
  const { t } = useTranslation('admin-moderation');
  const id = useId();
  const [text, setText] = useState('');
  const preview = useMutation({ mutationFn: moderationApi.preview });
  return (
    <form
      className={styles.card}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        preview.mutate(text);
      }}
    >
      <h3 id={`${id}-title`}>{t('preview.title')}</h3>
      <div className={styles.field}>
        <label htmlFor={`${id}-text`}>{t('preview.sample')}</label>
        <textarea
          id={`${id}-text`}
          className={styles.input}
          rows={3}
          maxLength={2000}
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <button type="submit" className={styles.secondary} disabled={preview.isPending || text.trim() === ''}>
        {t('preview.submit')}
      </button>
      <FormNotice message={preview.error?.message ?? null} />
      <div role="status">
        {preview.data && (
          <>
            <p className={local.preview} dir="auto">
              {preview.data.text}
            </p>
            <p>
              {preview.data.held ? t('preview.held') : t('preview.shown')}
              {preview.data.matched.length > 0 && ` ${t('preview.matched', { words: preview.data.matched.join(', ') })}`}
            </p>
          </>
        )}
      </div>
    </form>
  );
}
