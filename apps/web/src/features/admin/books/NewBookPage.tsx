import type { AdminBookCreateBody } from '@inkstream/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import styles from '../shell/admin.module.css';
import { NO_ERRORS, toFormErrors } from '../shell/form-errors';
import { BookForm } from './BookForm';
import { booksApi } from './books-api';

/** A new book: it starts unpublished; its page (cover, chapters, publish) opens once it is created. */
export function NewBookPage() {
  const { t } = useTranslation('admin-books');
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: (body: AdminBookCreateBody) => booksApi.create(body),
    onSuccess: (book) => {
      client.setQueryData(['admin', 'book', book.book_uuid], book);
      void client.invalidateQueries({ queryKey: ['admin', 'books'] });
      void navigate(`../${book.book_uuid}`, { relative: 'path' });
    },
  });
  return (
    <section aria-labelledby="new-book-heading">
      <div className={styles.heading}>
        <h1 id="new-book-heading">{t('newTitle')}</h1>
        <Link to=".." relative="path">
          {t('back')}
        </Link>
      </div>
      <BookForm
        book={null}
        busy={create.isPending}
        errors={create.error ? toFormErrors(create.error) : NO_ERRORS}
        onSubmit={(body) => create.mutate(body)}
      />
    </section>
  );
}
