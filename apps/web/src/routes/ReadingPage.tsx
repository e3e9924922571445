import { useParams } from 'react-router';
import { Reader } from '../features/reader/Reader';

/** Reader route (spec section 2), outside the header layout so the pages can be full-bleed. */
export default function ReaderPage() {
  const { bookid = '', chapter_uuid = '', chapter_number = '' } = useParams();
  return <Reader bookId={bookid} chapterUuid={chapter_uuid} chapterNumber={Number.parseInt(chapter_number, 10)} />;
}
