import type { SiteSettings } from '@inkstream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { client as apiClient, data } from '../../../lib/api-fetch';
import { SaveButton } from '../shell/SaveButton';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';
import { unlocksBodyOf, unlocksDraftOf, type UnlocksDraft } from './coin-drafts';
import { coinsApi } from './coins-api';

const settingsOf = (): Promise<SiteSettings> => data(apiClient.GET('/api/v1/admin/settings'));

/**
 * "Selling chapters" on a book's screen (issue 42): its locked chapters for membership only, or
 * for membership or coins at a price per chapter (the site's default offered), with wait-for-free.
 */
export function SellingChaptersPanel({ bookUuid }: { bookUuid: string }) {
  const { t } = useTranslation('admin-coins');
  const { t: common } = useTranslation('admin');
  const id = useId();
  const client = useQueryClient();
  const key = ['admin', 'book-unlocks', bookUuid];
  const current = useQuery({ queryKey: key, queryFn: () => coinsApi.bookUnlocks(bookUuid) });
  const settings = useQuery({ queryKey: ['admin', 'settings'], queryFn: settingsOf });
  const [draft, setDraft] = useState<UnlocksDraft | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  useEffect(() => {
    if (current.data && settings.data && draft === null) setDraft(unlocksDraftOf(current.data, settings.data.default_chapter_price));
  }, [current.data, settings.data, draft]);
  const save = useMutation({
    mutationFn: (next: UnlocksDraft) => coinsApi.setBookUnlocks(bookUuid, unlocksBodyOf(next)),
    onSuccess: (saved) => {
      setErrors(NO_ERRORS);
      client.setQueryData(key, saved);
    },
    onError: (error) => setErrors(toFormErrors(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };
  const set = (change: Partial<UnlocksDraft>) => setDraft((d) => (d ? { ...d, ...change } : d));

  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('selling.title')}</h2>
      <FormNotice message={current.error?.message ?? errors.message} />
      {settings.data && !settings.data.coins_enabled && <p className={styles.muted}>{t('selling.coinsOff')}</p>}
      {!draft ? (
        <p role="status">{common('loading')}</p>
      ) : (
        <>
          <fieldset className={styles.field}>
            <legend>{t('selling.model')}</legend>
            {(['membership', 'coins'] as const).map((model) => (
              <label key={model}>
                <input type="radio" name={`${id}-model`} value={model} checked={draft.model === model} onChange={() => set({ model })} />{' '}
                {t(`selling.models.${model}`)}
              </label>
            ))}
          </fieldset>
          {draft.model === 'coins' && (
            <>
              <div className={styles.field}>
                <label htmlFor={`${id}-price`}>{t('selling.price')}</label>
                <input
                  id={`${id}-price`}
                  className={styles.input}
                  type="number"
                  inputMode="numeric"
                  required
                  min={1}
                  max={10000}
                  value={draft.price}
                  aria-invalid={errors.fields.coin_price ? true : undefined}
                  aria-describedby={`${id}-price-help${errors.fields.coin_price ? ` ${id}-price-error` : ''}`}
                  onChange={(event) => set({ price: event.target.value })}
                />
                <p id={`${id}-price-help`} className={styles.muted}>
                  {t('selling.priceHelp', { price: settings.data?.default_chapter_price ?? '' })}
                </p>
                <FieldError id={`${id}-price-error`} message={errors.fields.coin_price} />
              </div>
              <div className={styles.field}>
                <label htmlFor={`${id}-wait`}>{t('selling.waitFree')}</label>
                <input
                  id={`${id}-wait`}
                  className={styles.input}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={720}
                  value={draft.waitFreeHours}
                  aria-invalid={errors.fields.wait_free_hours ? true : undefined}
                  aria-describedby={`${id}-wait-help${errors.fields.wait_free_hours ? ` ${id}-wait-error` : ''}`}
                  onChange={(event) => set({ waitFreeHours: event.target.value })}
                />
                <p id={`${id}-wait-help`} className={styles.muted}>
                  {t('selling.waitFreeHelp')}
                </p>
                <FieldError id={`${id}-wait-error`} message={errors.fields.wait_free_hours} />
              </div>
              <div className={styles.field}>
                <label htmlFor={`${id}-rental-price`}>{t('selling.rentalPrice')}</label>
                <input
                  id={`${id}-rental-price`}
                  className={styles.input}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={draft.rentalPrice}
                  aria-invalid={errors.fields.rental_price ? true : undefined}
                  aria-describedby={`${id}-rental-help`}
                  onChange={(event) => set({ rentalPrice: event.target.value })}
                  data-testid="rental-price"
                />
                <FieldError id={`${id}-rental-price-error`} message={errors.fields.rental_price} />
              </div>
              <div className={styles.field}>
                <label htmlFor={`${id}-rental-days`}>{t('selling.rentalDays')}</label>
                <input
                  id={`${id}-rental-days`}
                  className={styles.input}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={365}
                  value={draft.rentalDays}
                  aria-invalid={errors.fields.rental_days ? true : undefined}
                  aria-describedby={`${id}-rental-help`}
                  onChange={(event) => set({ rentalDays: event.target.value })}
                  data-testid="rental-days"
                />
                <p id={`${id}-rental-help`} className={styles.muted}>
                  {t('selling.rentalHelp')}
                </p>
                <FieldError id={`${id}-rental-days-error`} message={errors.fields.rental_days} />
              </div>
              <div className={styles.field}>
                <label htmlFor={`${id}-early`}>{t('selling.earlyCount')}</label>
                <input
                  id={`${id}-early`}
                  className={styles.input}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={50}
                  value={draft.earlyCount}
                  aria-invalid={errors.fields.early_access_count ? true : undefined}
                  aria-describedby={`${id}-early-help${errors.fields.early_access_count ? ` ${id}-early-error` : ''}`}
                  onChange={(event) => set({ earlyCount: event.target.value })}
                />
                <p id={`${id}-early-help`} className={styles.muted}>
                  {t('selling.earlyCountHelp')}
                </p>
                <FieldError id={`${id}-early-error`} message={errors.fields.early_access_count} />
              </div>
              {Number(draft.earlyCount) > 0 && (
                <>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-early-hours`}>{t('selling.earlyHours')}</label>
                    <input
                      id={`${id}-early-hours`}
                      className={styles.input}
                      type="number"
                      inputMode="numeric"
                      required
                      min={1}
                      max={8760}
                      value={draft.earlyHours}
                      aria-invalid={errors.fields.early_access_hours ? true : undefined}
                      aria-describedby={`${id}-early-hours-help${errors.fields.early_access_hours ? ` ${id}-early-hours-error` : ''}`}
                      onChange={(event) => set({ earlyHours: event.target.value })}
                    />
                    <p id={`${id}-early-hours-help`} className={styles.muted}>
                      {t('selling.earlyHoursHelp')}
                    </p>
                    <FieldError id={`${id}-early-hours-error`} message={errors.fields.early_access_hours} />
                  </div>
                  <label className={styles.checkField}>
                    <input type="checkbox" checked={draft.earlyMembers} onChange={(event) => set({ earlyMembers: event.target.checked })} />
                    {t('selling.earlyMembers')}
                  </label>
                </>
              )}
            </>
          )}
          <SaveButton save={save} />
        </>
      )}
    </form>
  );
}
