import { useEffect, useRef } from 'react';
import { sendEvents } from '../../lib/api-reading';

/**
 * 'start reading' (spec section 4), sent once on arrival in a chapter view (the component using it
 * is keyed by chapter): shared by the comic and the novel reader.
 */
export function useStartReading(bookUuid: string, chapterUuid: string) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    sendEvents([{ type: 'start_reading', book_uuid: bookUuid, chapter_uuid: chapterUuid }]);
  }, [bookUuid, chapterUuid]);
}
