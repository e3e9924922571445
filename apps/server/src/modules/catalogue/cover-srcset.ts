/**
 * Builds an HTML `srcset` ("/media/covers/…-240.webp 240w, …") from a book's stored cover sizes
 * (`books.cover_variants`, JSON [{width, key}]). The column is written by our own importers, but it
 * is still parsed defensively: anything malformed gives null (the single `cover_image` still
 * works) rather than a failed book list.
 */
export function coverSrcset(variantsJson: string | null, urlOf: (key: string) => string): string | null {
  if (!variantsJson) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(variantsJson);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const byWidth = new Map<number, string>();
  for (const entry of parsed as unknown[]) {
    if (!isVariant(entry)) continue;
    const url = urlOf(entry.key);
    // A space or comma would split the srcset entry; our hashed keys never have one.
    if (!/[\s,]/.test(url) && !byWidth.has(entry.width)) byWidth.set(entry.width, url);
  }
  if (byWidth.size === 0) return null;
  return [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');
}

function isVariant(value: unknown): value is { width: number; key: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { width, key } = value as { width?: unknown; key?: unknown };
  return Number.isInteger(width) && (width as number) > 0 && typeof key === 'string' && key.length > 0;
}
