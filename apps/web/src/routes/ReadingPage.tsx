import { useParams } from 'react-router';
import { ReadingScreen } from '../features/reading/ReadingScreen';

/** Reader route (spec section 2), outside the header layout so the pages can be full-bleed. */
export default function ReadingPage() {
  const { bookid = '', chapter_uuid = '', chapter_number = '' } = useParams();
  return <ReadingScreen bookId={bookid} chapterUuid={chapter_uuid} chapterNumber={Number.parseInt(chapter_number, 10)} />;
}
