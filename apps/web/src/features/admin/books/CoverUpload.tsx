import type { AdminBookDetail } from '@inkstream/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { booksApi } from './books-api';
import local from './books.module.css';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
const MAX_BYTES = 20 * 1024 * 1024;

/** The cover: the current one and a file picker that uploads the chosen image at once. */
export function CoverUpload({ book, onUploaded }: { book: AdminBookDetail; onUploaded: (book: AdminBookDetail) => void }) {
  const { t } = useTranslation('admin-books');
  const id = useId();
  const upload = useMutation({
    mutationFn: (file: File) => {
      if (file.size > MAX_BYTES) return Promise.reject(new Error(t('coverUpload.tooLarge')));
      return booksApi.uploadCover(book.book_uuid, file);
    },
    onSuccess: onUploaded,
  });
  return (
    <div className={`${styles.card} ${local.actions}`}>
      {book.cover_image ? (
        <img className={local.cover} src={book.cover_image} alt={t('coverUpload.current')} />
      ) : (
        <p>{t('coverUpload.none')}</p>
      )}
      <div className={styles.field}>
        <label htmlFor={id}>{t('coverUpload.label')}</label>
        <input
          id={id}
          type="file"
          accept={ACCEPT}
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            event.target.value = '';
          }}
        />
        <span className={styles.muted}>{upload.isPending ? t('coverUpload.uploading') : t('coverUpload.help')}</span>
        {upload.isSuccess && (
          <span className={styles.success} role="status">
            {t('coverUpload.done')}
          </span>
        )}
        <FormNotice message={upload.error ? upload.error.message : null} />
      </div>
    </div>
  );
}
