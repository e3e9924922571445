/**
 * A person's name as a URL segment (/author/{slug}): NFKC, lower case, accents of alphabets dropped, letters
 * and digits of any script kept (a Chinese or Arabic name stays readable in the address), every
 * other run of characters one '-'. Two people with the same name share a page (docs/DISCOVERY.md).
 * Empty for a name with no letter or digit.
 */
export function personSlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      // Accents of alphabets only: a Japanese kana's voicing mark is part of the letter (が is not か).
      .replace(/([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}])\p{M}+/gu, '$1')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120)
      .replace(/-+$/, '')
  );
}

/**
 * The people of a book's credit line ("A & B", "A、B", "A / B", "A; B"): a comma is not a
 * separator, since "Family, Given" is one name.
 */
export function splitCredit(credit: string | null | undefined): string[] {
  if (!credit) return [];
  const names = credit
    .split(/\s+&\s+|\s*、\s*|\s+\/\s+|\s*;\s*/u)
    .map((name) => name.replace(/\s+/g, ' ').trim())
    .filter((name) => personSlug(name) !== '');
  return [...new Set(names)];
}
