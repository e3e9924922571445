import { useEffect, useRef } from 'react';
import { sendEvents } from '../../lib/api-reading';

/**
 * Opening a book is a usage event (spec section 4), sent once per visit of the chapter list,
 * and only once the book loaded, so the server gets a real book id. The ref survives the
 * double effects of StrictMode and sorting or jumping within the same visit.
 */
export function useOpenBookEvent(bookUuid: string | undefined): void {
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!bookUuid || sentFor.current === bookUuid) return;
    sentFor.current = bookUuid;
    sendEvents([{ type: 'open_book', book_uuid: bookUuid }]);
  }, [bookUuid]);
}
