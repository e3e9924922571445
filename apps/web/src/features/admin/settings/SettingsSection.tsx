import type { SiteSettings } from '@inkstream/contracts';
import { RETENTION_DAYS, type RetentionSetting } from '@inkstream/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { client, data } from '../../../lib/api-fetch';
import { SaveButton } from '../shell/SaveButton';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';
import { ContentRatingSettings, type ContentRatingDraft } from './ContentRatingSettings';

const settingsApi = {
  get: (): Promise<SiteSettings> => data(client.GET('/api/v1/admin/settings')),
  update: (body: Partial<SiteSettings>): Promise<SiteSettings> => data(client.PUT('/api/v1/admin/settings', { body })),
};

interface Draft extends ContentRatingDraft {
  site_name: string;
  contact_email: string;
  default_free_chapters: string;
  comment_links_min_age_hours: string;
  coins_enabled: boolean;
  default_chapter_price: string;
  retention_reading_events_days: string;
  retention_visitor_days: string;
  retention_outbox_days: string;
  retention_audit_days: string;
}

type TextField = Exclude<keyof Draft, 'coins_enabled' | keyof ContentRatingDraft>;
/** The retention settings (issue 43), in the order the screen shows them. */
const RETENTION_FIELDS = Object.keys(RETENTION_DAYS) as RetentionSetting[];

/** The run-time site settings: site name, contact e-mail, free chapters of a new book, how old an account must be to post links, coins on or off, a chapter's default price, who meets adult and mature books (issue 61), and how long personal data is kept. Every node follows within seconds. */
export default function SettingsSection() {
  const { t } = useTranslation('admin-settings');
  const { t: common } = useTranslation('admin');
  const id = useId();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: ['admin', 'settings'], queryFn: settingsApi.get });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const save = useMutation({
    mutationFn: settingsApi.update,
    onSuccess: (saved) => {
      setErrors(NO_ERRORS);
      client.setQueryData(['admin', 'settings'], saved);
    },
    onError: (error) => setErrors(toFormErrors(error)),
  });

  useEffect(() => {
    if (settings.data && draft === null) {
      setDraft({
        ...settings.data,
        default_free_chapters: String(settings.data.default_free_chapters),
        comment_links_min_age_hours: String(settings.data.comment_links_min_age_hours),
        default_chapter_price: String(settings.data.default_chapter_price),
        ...(Object.fromEntries(RETENTION_FIELDS.map((key) => [key, String(settings.data[key])])) as Record<RetentionSetting, string>),
      });
    }
  }, [settings.data, draft]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate({
      site_name: draft.site_name.trim(),
      contact_email: draft.contact_email.trim(),
      default_free_chapters: Number(draft.default_free_chapters),
      comment_links_min_age_hours: Number(draft.comment_links_min_age_hours),
      coins_enabled: draft.coins_enabled,
      default_chapter_price: Number(draft.default_chapter_price),
      adult_books: draft.adult_books,
      adult_books_for_others: draft.adult_books_for_others,
      blur_mature_covers: draft.blur_mature_covers,
      ...(Object.fromEntries(RETENTION_FIELDS.map((key) => [key, Number(draft[key])])) as Record<RetentionSetting, number>),
    });
  };

  const input = (name: TextField, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{t(`${name}.label`)}</label>
      <input
        id={`${id}-${name}`}
        className={styles.input}
        value={draft?.[name] ?? ''}
        onChange={(event) => setDraft((d) => (d ? { ...d, [name]: event.target.value } : d))}
        aria-invalid={errors.fields[name] ? true : undefined}
        aria-describedby={`${id}-${name}-help${errors.fields[name] ? ` ${id}-${name}-error` : ''}`}
        {...props}
      />
      <p id={`${id}-${name}-help`} className={styles.muted}>
        {t(`${name}.help`, name in RETENTION_DAYS ? RETENTION_DAYS[name as RetentionSetting] : {})}
      </p>
      <FieldError id={`${id}-${name}-error`} message={errors.fields[name]} />
    </div>
  );

  return (
    <section aria-labelledby="settings-heading">
      <div className={styles.heading}>
        <h1 id="settings-heading">{t('title')}</h1>
      </div>
      <p className={styles.muted}>{t('intro')}</p>
      <FormNotice message={settings.error?.message ?? errors.message} />
      {!draft ? (
        settings.isPending && <p role="status">{common('loading')}</p>
      ) : (
        <form className={styles.card} onSubmit={submit}>
          {input('site_name', { required: true, maxLength: 64 })}
          {input('contact_email', { required: true, type: 'email', maxLength: 254 })}
          {input('default_free_chapters', { required: true, type: 'number', inputMode: 'numeric', min: 0, max: 1000 })}
          {input('comment_links_min_age_hours', { required: true, type: 'number', inputMode: 'numeric', min: 0, max: 8760 })}
          <div className={styles.field}>
            <label>
              <input
                type="checkbox"
                checked={draft.coins_enabled}
                aria-describedby={`${id}-coins_enabled-help`}
                onChange={(event) => setDraft((d) => (d ? { ...d, coins_enabled: event.target.checked } : d))}
              />{' '}
              {t('coins_enabled.label')}
            </label>
            <p id={`${id}-coins_enabled-help`} className={styles.muted}>
              {t('coins_enabled.help')}
            </p>
          </div>
          {input('default_chapter_price', { required: true, type: 'number', inputMode: 'numeric', min: 1, max: 10000 })}
          <ContentRatingSettings value={draft} errors={errors} onChange={(change) => setDraft((d) => (d ? { ...d, ...change } : d))} />
          <fieldset>
            <legend>{t('retention.title')}</legend>
            <p className={styles.muted}>{t('retention.intro')}</p>
            {RETENTION_FIELDS.map((key) => (
              <Fragment key={key}>
                {input(key, {
                  required: true,
                  type: 'number',
                  inputMode: 'numeric',
                  min: RETENTION_DAYS[key].min,
                  max: RETENTION_DAYS[key].max,
                })}
              </Fragment>
            ))}
          </fieldset>
          <SaveButton save={save} />
        </form>
      )}
    </section>
  );
}
