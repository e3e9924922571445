import type { AdminBookCreateBody, AdminBookDetail } from '@inkstream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SellingChaptersPanel } from '../coins/SellingChaptersPanel';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import styles from '../shell/admin.module.css';
import { ConfirmButton } from '../shell/ConfirmButton';
import { FormNotice } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors } from '../shell/form-errors';
import { formatDateTime } from '../shell/format';
import { BookCommentsSwitch } from '../moderation/BookCommentsSwitch';
import { ChapterUpload } from '../uploads/ChapterUpload';
import { BookForm } from './BookForm';
import { BookPublishingSettings } from './BookPublishingSettings';
import { BookReadingSettings } from './BookReadingSettings';
import { booksApi } from './books-api';
import local from './books.module.css';
import { ChaptersTable } from './ChaptersTable';
import { CoverUpload } from './CoverUpload';

/** One book: its details, cover, publication, chapters and the chapter upload. */
export function BookPage() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation('admin-books');
  const { t: tAdmin } = useTranslation('admin');
  const client = useQueryClient();
  const key = ['admin', 'book', uuid];
  const book = useQuery({ queryKey: key, queryFn: () => booksApi.get(uuid) });
  const onSaved = (data: AdminBookDetail) => {
    client.setQueryData(key, data);
    // A change answers with the title in the original language: read it again in the console's.
    void client.invalidateQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: ['admin', 'books'] });
  };
  const update = useMutation({ mutationFn: (body: AdminBookCreateBody) => booksApi.update(uuid, body), onSuccess: onSaved });
  const publish = useMutation({ mutationFn: (published: boolean) => booksApi.setPublished(uuid, published), onSuccess: onSaved });

  if (book.isPending) return <p>{tAdmin('loading')}</p>;
  if (book.error) return <FormNotice message={book.error.message} />;
  const data = book.data;

  return (
    <section aria-labelledby="book-heading">
      <div className={styles.heading}>
        <h1 id="book-heading" lang={data.title_language}>
          <bdi>{data.title}</bdi>
        </h1>
        <Link to=".." relative="path">
          {t('back')}
        </Link>
      </div>
      <div className={styles.card}>
        <div className={local.actions}>
          <strong>{data.is_published ? t('published.published') : t('published.unpublished')}</strong>
          {data.import_pending && <span className={styles.muted}>{t('importPending')}</span>}
          {data.is_published ? (
            <ConfirmButton
              className={styles.danger}
              disabled={publish.isPending}
              question={t('unpublishBookQuestion')}
              confirmLabel={t('confirmUnpublish')}
              onConfirm={() => publish.mutate(false)}
            >
              {t('unpublish')}
            </ConfirmButton>
          ) : (
            <button type="button" className={styles.button} disabled={publish.isPending} onClick={() => publish.mutate(true)}>
              {t('publish')}
            </button>
          )}
          <span className={styles.muted}>
            {t('chapters.count')}: {data.chapter_count} · {t('updatedAt')}: {formatDateTime(data.updated_at)}
          </span>
        </div>
        <FormNotice message={publish.error ? publish.error.message : null} />
      </div>
      <BookCommentsSwitch bookUuid={data.book_uuid} />
      <CoverUpload book={data} onUploaded={onSaved} />
      <BookForm
        key={data.updated_at + JSON.stringify(data.titles)}
        book={data}
        busy={update.isPending}
        errors={update.error ? toFormErrors(update.error) : NO_ERRORS}
        onSubmit={(body) => update.mutate(body)}
      />
      {update.isSuccess && (
        <p className={styles.success} role="status">
          {tAdmin('saved')}
        </p>
      )}
      {data.book_type === 'comic' && <BookReadingSettings book={data} onSaved={onSaved} />}
      <BookPublishingSettings book={data} onSaved={onSaved} />
      <SellingChaptersPanel bookUuid={uuid} />
      <ChaptersTable bookUuid={uuid} language={data.original_language} onChanged={() => void client.invalidateQueries({ queryKey: key })} />
      <ChapterUpload bookUuid={uuid} />
    </section>
  );
}
