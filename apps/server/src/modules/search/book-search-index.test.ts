import { describe, expect, it } from 'vitest';
import { seededRandom, type SeededRandom } from '../../lib/seeded-random.js';
import { startBookSearchIndex, type SearchableBook } from './book-search-index.js';

// Few words, so that most are common (in a third of the books or more) and queries meet the
// limit of 1,000 candidates, where the search stops early.
const WORDS = 'the of storm gate crimson sword dragon moon empress tide lantern garden storms swords dragons celestial'.split(' ');
const HAN = [...'风暴之门天剑龙帝月'];
const NAMES = ['Lu Chen', 'Mara Quill', 'Tom Ashby', '风起青萍', null];
const TAGS = ['fantasy', 'romance', 'wuxia', 'sci-fi'];

function catalogue(random: SeededRandom, size: number): SearchableBook[] {
  const words = (count: number) => Array.from({ length: count }, () => random.pick(WORDS)).join(' ');
  const han = (count: number) => Array.from({ length: count }, () => random.pick(HAN)).join('');
  return Array.from({ length: size }, (_, i) => ({
    id: 1 + i * 2,
    titles: [words(1 + Math.floor(random.next() * 4)), ...(random.next() < 0.5 ? [han(2 + Math.floor(random.next() * 3))] : [])],
    author: random.pick(NAMES),
    tags: [random.pick(TAGS)],
    introductions: [`${words(6)} and ${words(4)}`, ...(random.next() < 0.3 ? [han(8)] : [])],
    // Few distinct values: ties broken by id.
    popularity: Math.floor(random.next() * 50),
  }));
}

function queries(random: SeededRandom, count: number, books: SearchableBook[]): string[] {
  const typo = (word: string) => (word.length < 4 ? word : word.slice(0, 2) + word[3] + word[2] + word.slice(4));
  return Array.from({ length: count }, () => {
    // A whole title, or its beginning: the two best kinds.
    if (random.next() < 0.2) {
      const title = random.pick(random.pick(books).titles);
      return random.next() < 0.5 ? title : title.slice(0, Math.max(2, Math.floor(title.length * random.next())));
    }
    const words = Array.from({ length: 1 + Math.floor(random.next() * 4) }, () => {
      const roll = random.next();
      const word = random.pick(WORDS);
      if (roll < 0.15) return typo(word);
      if (roll < 0.25) return random.pick(HAN) + random.pick(HAN);
      if (roll < 0.3) return random.pick(['lu', 'chen', 'quill', 'fantasy', 'wuxia', 'fengbao', 'tianjian', 'fbzm']);
      return word;
    });
    // The last word sometimes cut short, as while typing.
    if (random.next() < 0.3) words[words.length - 1] = words[words.length - 1]!.slice(0, 3);
    return words.join(' ');
  });
}

describe('book search index: the fast search ranks as looking at every book does', () => {
  it('gives the same books in the same order for random queries over a random catalogue', () => {
    const random = seededRandom(30);
    const builder = startBookSearchIndex();
    const books = catalogue(random, 3_000);
    for (const book of books) builder.add(book);
    const index = builder.finish();
    let withLimit = 0;
    for (const query of queries(random, 400, books)) {
      const fast = index.search(query);
      expect(fast, query).toEqual(index.searchEveryBook(query));
      if (fast.length === 1_000) withLimit += 1;
    }
    // The early stop was exercised, not only full walks.
    expect(withLimit).toBeGreaterThan(20);
  });

  it('builds the same index in turns as at once', async () => {
    const books = catalogue(seededRandom(7), 500);
    const atOnce = startBookSearchIndex();
    const inTurns = startBookSearchIndex();
    for (const book of books) {
      atOnce.add(book);
      inTurns.add(book);
    }
    let turns = 0;
    const a = atOnce.finish();
    const b = await inTurns.finishInTurns(async () => void (turns += 1), 0);
    expect(turns).toBeGreaterThan(0);
    for (const query of ['storm', 'the crimson sword', 'dra', '风暴', 'fengbao']) expect(b.search(query)).toEqual(a.search(query));
  });
});
