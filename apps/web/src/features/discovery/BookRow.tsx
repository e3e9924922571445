import type { BookSummary } from '@inkstream/contracts';
import { pagePath } from '@inkstream/contracts/routes';
import { Link } from 'react-router';
import { decodeEntities } from '../../lib/decode-entities';
import { BookCover } from '../../components/BookCover';
import styles from './BookRow.module.css';

const ROW_COVER_SIZES = '140px';

/**
 * A heading and a sideways row of small book cards (cover and title), each leading to the book:
 * "Readers also read" and "Because you read X". Nothing at all when there is no book to show.
 */
export function BookRow({
  headingId,
  heading,
  books,
  onOpen,
}: {
  headingId: string;
  heading: string;
  books: readonly BookSummary[];
  onOpen?: () => void;
}) {
  if (books.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <ul className={styles.track}>
        {books.map((book) => (
          <li key={book.book_uuid} className={styles.item}>
            <article className={styles.card}>
              <BookCover
                src={book.cover_image}
                srcSet={book.cover_srcset}
                blurred={book.cover_blurred}
                rating={book.content_rating}
                sizes={ROW_COVER_SIZES}
              />
              <h3 className={styles.title} dir="auto">
                <Link to={pagePath.book(book.book_uuid)} className={styles.link} onClick={onOpen}>
                  {decodeEntities(book.book_title)}
                </Link>
              </h3>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
