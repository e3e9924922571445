/** Placeholder: the chapter upload panel (import jobs with a progress bar) of a book's page. */
export function ChapterUpload(_props: { bookUuid: string }) {
  return null;
}
