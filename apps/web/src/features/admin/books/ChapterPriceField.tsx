import type { AdminChapterItem } from '@inkstream/contracts';
import { COIN_PRICE_MAX } from '@inkstream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { coinsApi } from '../coins/coins-api';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { toFormErrors } from '../shell/form-errors';
import { formatNumber } from '../shell/format';
import local from './books.module.css';
import { storeChapterAnswer } from './chapter-cache';

/**
 * A chapter's own price in coins (docs/ADMIN.md "Selling chapters"): empty means the book's price,
 * shown as the placeholder; Clear goes back to it. The server checks the same bounds.
 */
export function ChapterPriceField({ chapter, bookUuid, onDone }: { chapter: AdminChapterItem; bookUuid: string; onDone: () => void }) {
  const { t } = useTranslation('admin-books');
  const id = useId();
  const client = useQueryClient();
  const book = useQuery({ queryKey: ['admin', 'book-unlocks', bookUuid], queryFn: () => coinsApi.bookUnlocks(bookUuid) });
  const [value, setValue] = useState(chapter.coin_price === null ? '' : String(chapter.coin_price));
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (price: number | null) => coinsApi.setChapterPrice(chapter.chapter_uuid, price),
    onSuccess: (answer) => {
      setValue(answer.coin_price === null ? '' : String(answer.coin_price));
      storeChapterAnswer(client, bookUuid, chapter.chapter_uuid, { coin_price: answer.coin_price });
      void client.invalidateQueries({ queryKey: ['admin', 'chapters', bookUuid] });
      onDone();
    },
  });
  const errors = save.error ? toFormErrors(save.error) : null;
  const bookPrice = book.data?.coin_price ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (text === '') {
      setInvalid(null);
      save.mutate(null);
      return;
    }
    const price = Number(text);
    if (!Number.isInteger(price) || price < 1 || price > COIN_PRICE_MAX) {
      setInvalid(t('chapters.priceInvalid', { max: formatNumber(COIN_PRICE_MAX) }));
      return;
    }
    setInvalid(null);
    save.mutate(price);
  };
  const message = invalid ?? errors?.fields.coin_price ?? null;

  return (
    <form className={styles.field} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-price`}>{t('chapters.priceLabel')}</label>
      <p id={`${id}-price-hint`} className={styles.muted}>
        {bookPrice === null ? t('chapters.priceHintNone') : t('chapters.priceHint', { count: bookPrice })}
      </p>
      <div className={local.actions}>
        <input
          id={`${id}-price`}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          max={COIN_PRICE_MAX}
          step={1}
          placeholder={bookPrice === null ? '' : String(bookPrice)}
          value={value}
          aria-describedby={message ? `${id}-price-hint ${id}-price-error` : `${id}-price-hint`}
          aria-invalid={message ? true : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className={`${styles.button} ${local.small}`} disabled={save.isPending}>
          {t('chapters.priceSave')}
        </button>
        {chapter.coin_price !== null && (
          <button
            type="button"
            className={`${styles.secondary} ${local.small}`}
            disabled={save.isPending}
            onClick={() => {
              setInvalid(null);
              save.mutate(null);
            }}
          >
            {t('chapters.priceClear')}
          </button>
        )}
      </div>
      <FieldError id={`${id}-price-error`} message={message ?? undefined} />
      <FormNotice message={errors?.message} />
    </form>
  );
}
