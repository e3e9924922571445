import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { create, insertMultiple, search as oramaSearch, type AnyOrama } from '@orama/orama';
import { createTokenizer as createMandarinTokenizer } from '@orama/tokenizers/mandarin';
import { Charset, Document, type DocumentData, type Id } from 'flexsearch';
import { openDatabase } from '@inkstream/server/dist/db/database.js';
import { startBookSearchIndex } from '@inkstream/server/dist/modules/search/book-search-index.js';
import { readSearchableBooks, type IndexedBook } from '@inkstream/server/dist/modules/search/searchable-books.js';
import { pinyinOf } from '@inkstream/server/dist/modules/search/search-text.js';
import { ensureCatalogue } from './catalogue-cache.js';
import { integerOption } from './cli-options.js';
import { createRandom, type Random } from './random.js';
import { loadAverages } from './section.js';

/**
 * The two libraries docs/SEARCH.md turned down without measuring, Orama and FlexSearch, measured
 * beside our index (term-index.ts) over the same generated books `npm run bench:search` uses
 * (catalogue-cache.ts, the same seed): build time, heap added, p50 / p99 per kind of query, and
 * whether each finds the book a query was made from (a title with typos, in another word order,
 * in Traditional characters, in pinyin).
 *
 * Each library gets the same texts our index gets (readSearchableBooks: every title, the author,
 * every tag name, every introduction) plus a pinyin field, which neither derives itself, made with
 * the same pinyin-pro reading as ours. Each is set up with what its documentation recommends for
 * Chinese and for typos (see ORAMA and FLEXSEARCH below). One index is built, measured and dropped
 * before the next, so each heap figure is its own.
 *
 * `node --expose-gc bench/dist/search-libraries.js [--books 100000] [--targets 50]`
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const USAGE = `Usage: node --expose-gc bench/dist/search-libraries.js [--books N] [--targets N] [--only ours|orama|flexsearch]
  --books N    catalogue size (default 100000, as bench:search)
  --targets N  books each recall case is made from (default 50)
  --only NAME  measure one index only (a run of all three takes about half an hour at 100,000 books)`;
const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '100000' },
    targets: { type: 'string', default: '50' },
    only: { type: 'string' },
  },
});
const positive = integerOption(USAGE);
const books = positive('books', values.books, 100);
const targets = positive('targets', values.targets, 1);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc: the heap figures need a collection before and after each build');

/** The kinds of query search-bench.ts times, with its queries. */
const QUERIES: [kind: string, query: string][] = [
  ['one word', 'dragon'],
  ['a prefix while typing', 'drag'],
  ['one typo', 'dargon'],
  ['two typos, long word', 'alchemsiit'],
  ['two Chinese characters', '天剑'],
  ['Traditional characters', '龍帝'],
  ['pinyin', 'tianjian'],
  ['two words, any order', 'sword crimson'],
];
const WARM_UP = 20;
const RUNS = 200;
/** A slow library is timed for at most this long per kind (then fewer runs are counted, and said). */
const MAX_SECONDS_PER_KIND = 30;
/** A library whose recall queries of one kind have taken this long is asked no more of them. */
const MAX_RECALL_SECONDS_PER_KIND = 120;
/** A recall case counts as found when a book with the target's title is among the first this many. */
const FOUND_WITHIN = 10;

/**
 * What a reader types for the generator's Chinese characters (catalogue-text.ts), written out by
 * hand rather than taken from the code being measured: Traditional forms and pinyin.
 */
const TRADITIONAL: Record<string, string> = Object.fromEntries(
  [...'剑劍凤鳳龙龍云雲梦夢宫宮录錄传傳记記门門巅巔风風无無双雙归歸来來纪紀'.matchAll(/(.)(.)/gu)].map(([, s, t]) => [s!, t!]),
);
const PINYIN: Record<string, string> = {
  ...pairs('天tian 剑jian 凤feng 龙long 星xing 月yue 云yun 雪xue 血xue 梦meng 神shen 霸ba 仙xian 魔mo 狐hu 夜ye'),
  ...pairs('帝di 尊zun 王wang 途tu 域yu 城cheng 歌ge 宫gong 道dao 录lu 传chuan 记ji 劫jie 门men 行xing 主zhu'),
  ...pairs('之zhi 巅dian 奇qi 风feng 无wu 双shuang 归gui 来lai 纪ji 元yuan 秘mi'),
};
function pairs(text: string): Record<string, string> {
  return Object.fromEntries(text.split(' ').map((entry) => [entry[0]!, entry.slice(1)]));
}

// ---------------------------------------------------------------------------------------------
// The books, read once, as the search reads them

const catalogue = await ensureCatalogue({
  books,
  cacheRoot: path.join(ROOT, 'bench/.data'),
  serverMain: path.join(ROOT, 'apps/server/dist/main.js'),
  fresh: false,
});
const handle = openDatabase({ databaseUrl: null, sqlitePath: catalogue.sqlitePath });
const source: IndexedBook[] = [];
for (let from = 0; from < books; from += 2_000) source.push(...(await readSearchableBooks(handle.db, { from, to: from + 2_000 })));
await handle.close();
const HAN = /\p{Script=Han}/u;
const titleOf = new Map<number, { en: string; zh: string }>();
for (const book of source) {
  titleOf.set(book.id, { en: book.titles.find((t) => !HAN.test(t)) ?? '', zh: book.titles.find((t) => HAN.test(t)) ?? '' });
}
/** Pinyin of the Chinese titles as our index reads it: syllables, the whole run, the initials. */
const pinyinField = (book: IndexedBook) =>
  book.titles
    .filter((title) => HAN.test(title))
    .flatMap((title) => {
      const { syllables, initials } = pinyinOf(title);
      return [...syllables, syllables.join(''), initials];
    })
    .join(' ');

// ---------------------------------------------------------------------------------------------
// The recall cases: queries made from one book's title, found if a book of that title comes early

interface RecallCase {
  kind: string;
  query: string;
  matches: (id: number) => boolean;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** One typo at `at` (never the first letter): two neighbours swapped, a letter dropped, changed or added. */
function typoAt(random: Random, word: string, at: number): string {
  const kind = random.int(0, 3);
  if (kind === 0 && at < word.length - 1 && word[at] !== word[at + 1])
    return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
  const other = LETTERS.replace(word[at] ?? '', '')[random.int(0, 24)]!;
  if (kind === 2) return word.slice(0, at) + other + word.slice(at + 1);
  return word.slice(0, at) + other + word.slice(at);
}

function recallCases(random: Random): RecallCase[] {
  const cases: RecallCase[] = [];
  const pickBook = (accept: (en: string, zh: string) => boolean) => {
    for (;;) {
      const book = random.pick(source);
      const titles = titleOf.get(book.id)!;
      if (accept(titles.en, titles.zh)) return titles;
    }
  };
  const byEnglish = (en: string) => (id: number) => titleOf.get(id)?.en === en;
  const byChinese = (zh: string) => (id: number) => titleOf.get(id)?.zh === zh;
  const words = (title: string) => title.toLowerCase().split(' ');
  for (let n = 0; n < targets; n += 1) {
    // One typo in a word of 4 to 7 letters (the search forgives one there).
    const short = pickBook((en) => words(en).some((w) => w.length >= 4 && w.length <= 7));
    const shortWords = words(short.en);
    const s = shortWords.findIndex((w) => w.length >= 4 && w.length <= 7);
    shortWords[s] = typoAt(random, shortWords[s]!, random.int(1, shortWords[s]!.length - 1));
    cases.push({ kind: 'one typo, word of 4–7 letters', query: shortWords.join(' '), matches: byEnglish(short.en) });
    // Two typos in a word of 8 letters or more, far enough apart not to undo each other.
    const long = pickBook((en) => words(en).some((w) => w.length >= 8));
    const longWords = words(long.en);
    const l = longWords.findIndex((w) => w.length >= 8);
    const word = longWords[l]!;
    longWords[l] = typoAt(random, typoAt(random, word, random.int(5, word.length - 2)), random.int(1, 3));
    cases.push({ kind: 'two typos, word of 8+ letters', query: longWords.join(' '), matches: byEnglish(long.en) });
    // The words of a title in the reverse order.
    const ordered = pickBook(() => true);
    cases.push({ kind: 'title words reversed', query: words(ordered.en).reverse().join(' '), matches: byEnglish(ordered.en) });
    // The Chinese title in Traditional characters, and in pinyin without spaces.
    const chinese = pickBook(() => true);
    const traditional = [...chinese.zh].map((c) => TRADITIONAL[c] ?? c).join('');
    cases.push({ kind: 'Chinese title in Traditional', query: traditional, matches: byChinese(chinese.zh) });
    const spoken = pickBook(() => true);
    const pinyin = [...spoken.zh].map((c) => PINYIN[c] ?? c).join('');
    cases.push({ kind: 'Chinese title in pinyin', query: pinyin, matches: byChinese(spoken.zh) });
    // Two characters from the middle of a Chinese title (its 2nd and 3rd): hundreds of titles hold
    // such a pair, so the case is found when the first book's title holds it.
    const inner = pickBook(() => true);
    const pair = inner.zh.slice(1, 3);
    cases.push({
      kind: 'two characters inside a Chinese title',
      query: pair,
      matches: (id) => titleOf.get(id)?.zh.includes(pair) ?? false,
    });
  }
  return cases;
}
const CASES = recallCases(createRandom(30));

// ---------------------------------------------------------------------------------------------
// The three indexes, behind one shape: build from the books, then ids best first

interface Candidate {
  name: string;
  options: string;
  build(books: readonly IndexedBook[]): Promise<(query: string) => Promise<readonly number[]> | readonly number[]>;
}

const OURS: Candidate = {
  name: 'term-index.ts (ours)',
  options: 'as the server builds it (book-search-index.ts)',
  async build(all) {
    const builder = startBookSearchIndex();
    for (const book of all) builder.add(book);
    const index = builder.finish();
    return (query) => index.search(query).map((match) => match.id);
  },
};

/** Typos a word may carry by its length, as our search allows: Orama takes one number for the whole query. */
const toleranceFor = (query: string) =>
  // Chinese is not forgiven typos by ours either (a character is a word there, not a letter).
  Math.max(0, ...query.split(/\s+/).map((word) => (HAN.test(word) ? 0 : word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0)));

const ORAMA: Candidate = {
  name: 'Orama 3.1.18',
  options:
    "@orama/tokenizers' mandarin tokenizer (Intl.Segmenter words; text and queries lower-cased by us, as it does not), " +
    'threshold 0 (every word must match), prefixes on (exact: false), tolerance per query by its longest word (1 from 4 letters, 2 from 8), ' +
    'boost title 6, pinyin 6, author 4, tags 3, introduction 1, limit 1000',
  async build(all) {
    const db: AnyOrama = create({
      schema: { title: 'string[]', pinyin: 'string', author: 'string', tags: 'string[]', introduction: 'string[]' },
      components: { tokenizer: createMandarinTokenizer() },
    });
    const lower = (texts: string[]) => texts.map((text) => text.toLowerCase());
    await insertMultiple(
      db,
      all.map((book) => ({
        id: String(book.id),
        title: lower(book.titles),
        pinyin: pinyinField(book),
        author: (book.author ?? '').toLowerCase(),
        tags: lower(book.tags),
        introduction: lower(book.introductions),
      })),
      1_000,
    );
    return async (query) => {
      const results = await oramaSearch(db, {
        term: query.toLowerCase(),
        properties: ['title', 'pinyin', 'author', 'tags', 'introduction'],
        threshold: 0,
        tolerance: toleranceFor(query),
        boost: { title: 6, pinyin: 6, author: 4, tags: 3, introduction: 1 },
        limit: 1_000,
      });
      return results.hits.map((hit) => Number(hit.id));
    };
  },
};

/**
 * FlexSearch: one encoder per field, so Chinese (Charset.CJK, a term per character, the context
 * index on for the order of characters) is kept apart from the other scripts (Charset.LatinBalance,
 * its "phonetic basic" encoder). A field has one tokenizer: prefixes ("forward") and typos
 * ("tolerant": a letter swapped or missing) need the same text in two fields.
 */
const FLEX_FIELDS = [
  { field: 'title', tokenize: 'forward', encoder: Charset.LatinBalance },
  { field: 'title_typo', tokenize: 'tolerant', encoder: Charset.LatinBalance },
  { field: 'title_zh', tokenize: 'strict', encoder: Charset.CJK, context: true },
  { field: 'pinyin', tokenize: 'forward', encoder: Charset.LatinBalance },
  { field: 'author', tokenize: 'forward', encoder: Charset.LatinBalance },
  { field: 'tags', tokenize: 'forward', encoder: Charset.LatinBalance },
  { field: 'tags_typo', tokenize: 'tolerant', encoder: Charset.LatinBalance },
  { field: 'tags_zh', tokenize: 'strict', encoder: Charset.CJK },
  { field: 'introduction', tokenize: 'strict', encoder: Charset.LatinBalance },
  { field: 'introduction_zh', tokenize: 'strict', encoder: Charset.CJK, context: true },
] as const;

const FLEXSEARCH: Candidate = {
  name: 'FlexSearch 0.8.212',
  options:
    'Document index; Latin fields Charset.LatinBalance, titles and tags twice (tokenize "forward" for prefixes, "tolerant" for typos), ' +
    'introductions "strict"; Chinese fields Charset.CJK, "strict", context on; no suggest (every word must match); ' +
    'results merged field by field in our order of kinds (title, pinyin, author, tags, introduction), limit 1000 per field',
  async build(all) {
    const index = new Document({ document: { id: 'id', index: FLEX_FIELDS.map((field) => ({ ...field })) } });
    const latin = (texts: string[]) => texts.filter((text) => !HAN.test(text)).join('\n');
    const han = (texts: string[]) => texts.filter((text) => HAN.test(text)).join('\n');
    for (const book of all) {
      const document: DocumentData = {
        id: book.id,
        title: latin(book.titles),
        title_typo: latin(book.titles),
        title_zh: han(book.titles),
        pinyin: pinyinField(book),
        author: book.author ?? '',
        tags: latin(book.tags),
        tags_typo: latin(book.tags),
        tags_zh: han(book.tags),
        introduction: latin(book.introductions),
        introduction_zh: han(book.introductions),
      };
      index.add(document);
    }
    return (query) => {
      const byField = index.search(query, { limit: 1_000 }) as { field?: string; result: Id[] }[];
      const order = FLEX_FIELDS.map((field) => field.field as string);
      byField.sort((a, b) => order.indexOf(a.field ?? '') - order.indexOf(b.field ?? ''));
      const seen = new Set<number>();
      for (const { result } of byField) for (const id of result) seen.add(Number(id));
      return [...seen].slice(0, 1_000);
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Measuring

const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const at = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

interface Figures {
  name: string;
  options: string;
  buildSeconds: number;
  heapMb: number;
  kinds: { kind: string; query: string; found: number; p50: number; p99: number; runs: number }[];
  recall: Map<string, { first: number; within: number; of: number; missed: string[] }>;
}

async function measure(candidate: Candidate): Promise<Figures> {
  const before = heapMb();
  const started = performance.now();
  // Held only by this call: the index is garbage once it returns, before the next one is built.
  const search = await candidate.build(source);
  const buildSeconds = (performance.now() - started) / 1000;
  const heap = heapMb() - before;
  console.log(`${candidate.name}: built in ${buildSeconds.toFixed(1)} s, heap +${heap.toFixed(0)} MB`);
  const kinds: Figures['kinds'] = [];
  for (const [kind, query] of QUERIES) {
    for (let run = 0; run < WARM_UP; run += 1) await search(query);
    const times: number[] = [];
    let found = 0;
    const kindStarted = performance.now();
    while (times.length < RUNS && performance.now() - kindStarted < MAX_SECONDS_PER_KIND * 1000) {
      const start = performance.now();
      found = (await search(query)).length;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    kinds.push({ kind, query, found, p50: at(times, 0.5), p99: at(times, 0.99), runs: times.length });
    console.log(
      `  ${kind} \`${query}\`: ${found} found, p50 ${at(times, 0.5).toFixed(2)} ms, p99 ${at(times, 0.99).toFixed(2)} ms (${times.length} runs)`,
    );
  }
  const recall = new Map<string, { first: number; within: number; of: number; missed: string[] }>();
  const spent = new Map<string, number>();
  for (const { kind, query, matches } of CASES) {
    // A kind whose queries have taken a library minutes is cut short (the cell then says of how many).
    if ((spent.get(kind) ?? 0) > MAX_RECALL_SECONDS_PER_KIND * 1000) continue;
    const start = performance.now();
    const ids = await search(query);
    const took = performance.now() - start;
    spent.set(kind, (spent.get(kind) ?? 0) + took);
    if (took > 5_000) console.log(`  (${kind}: \`${query}\` took ${(took / 1000).toFixed(1)} s)`);
    const tally = recall.get(kind) ?? { first: 0, within: 0, of: 0, missed: [] };
    tally.of += 1;
    if (ids.length > 0 && matches(ids[0]!)) tally.first += 1;
    if (ids.slice(0, FOUND_WITHIN).some(matches)) tally.within += 1;
    else tally.missed.push(query);
    recall.set(kind, tally);
  }
  for (const [kind, { first, within, of, missed }] of recall) {
    const examples =
      missed.length > 0
        ? `; missed e.g. ${missed
            .slice(0, 4)
            .map((q) => `\`${q}\``)
            .join(', ')}`
        : '';
    const seconds = ((spent.get(kind) ?? 0) / 1000).toFixed(1);
    console.log(`  ${kind}: first ${first}/${of}, in the first ${FOUND_WITHIN} ${within}/${of} (${seconds} s)${examples}`);
  }
  return { name: candidate.name, options: candidate.options, buildSeconds, heapMb: heap, kinds, recall };
}

const startLoad = loadAverages();
console.log(`Machine load (uptime) at the start: ${startLoad}; ${source.length.toLocaleString('en')} books read`);
console.log('Recall cases, one of each kind:');
for (const kind of new Set(CASES.map((c) => c.kind))) console.log(`  ${kind}: \`${CASES.find((c) => c.kind === kind)!.query}\``);
const all: Figures[] = [];
const CANDIDATES: Record<string, Candidate> = { ours: OURS, orama: ORAMA, flexsearch: FLEXSEARCH };
if (values.only !== undefined && !(values.only in CANDIDATES)) throw new Error(`--only takes ours, orama or flexsearch\n${USAGE}`);
for (const candidate of values.only ? [CANDIDATES[values.only]!] : Object.values(CANDIDATES)) all.push(await measure(candidate));

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
console.log(`\nAt ${books.toLocaleString('en')} books; load average at the start ${startLoad}, at the end ${loadAverages()}\n`);
console.log(`| Index | Build | Heap | ${QUERIES.map(([kind]) => kind).join(' | ')} |`);
console.log(`| --- | --- | --- | ${QUERIES.map(() => '---').join(' | ')} |`);
for (const figures of all) {
  const cells = figures.kinds.map(({ p50, p99, found }) => `${ms(p50)} / ${ms(p99)} ms (${found})`);
  console.log(`| ${figures.name} | ${figures.buildSeconds.toFixed(1)} s | +${figures.heapMb.toFixed(0)} MB | ${cells.join(' | ')} |`);
}
const recallKinds = [...all[0]!.recall.keys()];
console.log(`\n| Index | ${recallKinds.join(' | ')} |`);
console.log(`| --- | ${recallKinds.map(() => '---').join(' | ')} |`);
for (const figures of all) {
  const cells = recallKinds.map((kind) => {
    const { first, within, of } = figures.recall.get(kind)!;
    return `${first} / ${within} of ${of}`;
  });
  console.log(`| ${figures.name} | ${cells.join(' | ')} |`);
}
console.log(
  `\n(recall cells: first / in the first ${FOUND_WITHIN}; fewer runs than ${RUNS} per kind when a kind took over ${MAX_SECONDS_PER_KIND} s:`,
);
for (const figures of all) for (const k of figures.kinds) if (k.runs < RUNS) console.log(`  ${figures.name}, ${k.kind}: ${k.runs} runs`);
for (const figures of all) console.log(`${figures.name}: ${figures.options}`);
