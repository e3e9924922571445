import { useParams } from 'react-router';
import { ReadingScreen } from '../features/reading/ReadingScreen';
import { holdTakeOverForPages } from '../features/reading/paged/load-paged-reader';

/** Reader route (spec section 2), outside the header layout so the pages can be full-bleed. */
export default function ReadingPage() {
  const { bookid = '', chapter_uuid = '', chapter_number = '' } = useParams();
  return <ReadingScreen bookId={bookid} chapterUuid={chapter_uuid} chapterNumber={Number.parseInt(chapter_number, 10)} />;
}

/**
 * The route's code, for App.tsx's lazy screen. Issue 45: only readers of paged books download the
 * paged reader (the strip's readers never do); a chapter the server rendered in pages waits for it
 * before the app takes the page over. Waited for here, not by a top-level await in the reading
 * screen's module: any top-level await turns off the bundler's chunk optimisations for the whole
 * build, which split the reading screen into more chunks and grew `/` (docs/PERFORMANCE.md).
 */
export async function loadReadingPage(): Promise<{ default: typeof ReadingPage }> {
  await holdTakeOverForPages();
  return { default: ReadingPage };
}
