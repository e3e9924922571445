import unhomoglyph from 'unhomoglyph';

/**
 * The look-alike identity of a user name: two names with the same skeleton are refused as one
 * (`pаyer1` with a Cyrillic а, `ｐａｙｅｒ１` in full width and `payerl` all read as `payer1`).
 *
 * NFKC folds compatibility forms (full width, ligatures, the Kelvin sign), then the Unicode TS #39
 * skeleton maps each character to its confusable prototype (`unhomoglyph` carries the consortium's
 * confusables.txt), between NFD passes as the standard asks. Names are case-insensitive here, so
 * the prototype is lower-cased and mapped once more: `I` and `l` (and `Ο`, `ο`, `o`) meet.
 * Only uniqueness uses it; a reader logs in by the exact name (username_key).
 */
export function usernameSkeleton(username: string): string {
  const once = unhomoglyph(username.normalize('NFKC').normalize('NFD')).normalize('NFD').toLowerCase();
  return unhomoglyph(once).normalize('NFD').toLowerCase();
}
