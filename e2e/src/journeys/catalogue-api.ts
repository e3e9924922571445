/** Looks up demo catalogue ids through the public API, so journeys can open a screen directly. */

interface BookHit {
  book_uuid: string;
  book_title: string;
}

interface ChapterHit {
  chapter_uuid: string;
  chapter_number: number;
}

async function getData<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** The uuid of the demo book with exactly this English title. */
export async function bookUuid(baseUrl: string, title: string): Promise<string> {
  const query = new URLSearchParams({ language: 'en-us', page: '0', page_size: '10', q: title });
  const { result } = await getData<{ result: BookHit[] }>(`${baseUrl}/api/v1/comics/book/search?${query}`);
  const book = result.find((hit) => hit.book_title === title);
  if (!book) throw new Error(`no demo book titled ${title}`);
  return book.book_uuid;
}

/** The uuid of chapter `number` (1-based) of a book. */
export async function chapterUuid(baseUrl: string, bookId: string, number: number): Promise<string> {
  const page = Math.floor((number - 1) / 10);
  const { result } = await getData<{ result: { chapters: ChapterHit[] } }>(
    `${baseUrl}/api/v1/comics/chapters/${bookId}/en-us/asc/${page}/10`,
  );
  const chapter = result.chapters.find((hit) => hit.chapter_number === number);
  if (!chapter) throw new Error(`book ${bookId} has no chapter ${number}`);
  return chapter.chapter_uuid;
}

/** The reader path of chapter `number` of the demo book with this title. */
export async function readerPath(baseUrl: string, title: string, number: number): Promise<string> {
  const book = await bookUuid(baseUrl, title);
  return `/reader/book/chapter/${book}/${await chapterUuid(baseUrl, book, number)}/${number}`;
}
