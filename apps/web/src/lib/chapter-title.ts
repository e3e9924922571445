/**
 * Whether a chapter's title already names its number ("Chapter 1: The Beginning", "第12话", "الفصل ٣"),
 * so a line that shows both says the title alone instead of "Ch. 1 · Chapter 1: The Beginning". The
 * number must stand on its own: chapter 1 titled "Chapter 12" or "1984" does not name it.
 * Full-width and Arabic-Indic digits count as the digits they are.
 */
export function titleNamesNumber(title: string, number: number): boolean {
  const digits = title.normalize('NFKC').replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  return new RegExp(`(?<![0-9]|[0-9]\\.)0*${number}(?![0-9]|\\.[0-9])`).test(digits);
}
