import { PAGE_PATTERNS } from '@inkstream/contracts/routes';

/**
 * Where a notice opens: only a path on this site. '//host' and '/\host' start with a slash too, so
 * the address is resolved and its origin compared rather than its first character; anything else
 * opens the library.
 */
export function sitePath(value: unknown, origin: string): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return PAGE_PATTERNS.library;
  try {
    const url = new URL(value, origin);
    if (url.origin === origin) return url.pathname + url.search + url.hash;
  } catch {
    // Not an address: the library instead.
  }
  return PAGE_PATTERNS.library;
}
