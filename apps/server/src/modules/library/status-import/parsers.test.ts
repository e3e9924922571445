import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseAnilist } from './anilist.js';
import { decodeContent } from './decode.js';
import { parseMal } from './mal.js';
import { parseMangadex } from './mangadex.js';

/** Issue 61: the three parsers on small files shaped like the sites' exports (test/fixtures/status-import). */
const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/status-import/${name}`, import.meta.url));
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'no error';
};

describe('MyAnimeList XML', () => {
  it('reads titles (CDATA, entities), statuses and ids; a re-read is re_reading, an unknown status null', () => {
    const entries = parseMal(fixture('mal-manga.xml').toString('utf8'));
    expect(entries).toEqual([
      { sourceId: '2', titles: ['The Jade Pin'], status: 'reading', rawStatus: 'Reading' },
      { sourceId: '11', titles: ['Héros & <Storm>'], status: 'plan_to_read', rawStatus: 'Plan to Read' },
      { sourceId: '13', titles: ['Tom & Jerry'], status: 'on_hold', rawStatus: 'On-Hold' },
      { sourceId: '21', titles: ['A Series Nobody Has'], status: 're_reading', rawStatus: 'Completed' },
      { sourceId: '25', titles: ['Strange Status'], status: null, rawStatus: 'Watching' },
    ]);
  });

  it('the .xml.gz reads the same once decoded from base64', () => {
    const gz = fixture('mal-manga.xml.gz');
    expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]);
    const text = decodeContent(gz.toString('base64'), 'base64');
    expect(parseMal(text)).toEqual(parseMal(fixture('mal-manga.xml').toString('utf8')));
  });

  it('expands no DTD entity (no billion laughs), and refuses a file that is not a MAL list', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
      <myanimelist><manga><manga_title>&lol2;</manga_title><my_status>Reading</my_status></manga></myanimelist>`;
    const [entry] = parseMal(laughs);
    expect(entry!.titles.join('')).not.toContain('lollol');
    expect(codeOf(() => parseMal('<html><body>nope</body></html>'))).toBe('IMPORT_FILE_UNREADABLE');
    expect(codeOf(() => parseMal('{"json": true}'))).toBe('IMPORT_FILE_UNREADABLE');
  });

  it('refuses more than 5000 entries', () => {
    const many = `<myanimelist>${'<manga><manga_title>x</manga_title><my_status>Reading</my_status></manga>'.repeat(5001)}</myanimelist>`;
    expect(codeOf(() => parseMal(many))).toBe('IMPORT_TOO_MANY_ENTRIES');
  });
});

describe('AniList JSON', () => {
  it('reads every list once per media, titles english, romaji, native then synonyms, statuses mapped', () => {
    const entries = parseAnilist(fixture('anilist.json').toString('utf8'));
    expect(entries).toEqual([
      { sourceId: '30013', titles: ['Gate of the Storm', 'Fuuun no Mon', '風雲之門', 'GotS'], status: 'reading', rawStatus: 'CURRENT' },
      { sourceId: '30014', titles: ['Nobody Knows'], status: 'on_hold', rawStatus: 'PAUSED' },
      { sourceId: '30015', titles: ['One', 'Ichi', '一'], status: 're_reading', rawStatus: 'REPEATING' },
      { sourceId: '30016', titles: ['Odd'], status: null, rawStatus: 'SOMETHING' },
    ]);
  });

  it('takes a flat array of entries too, and refuses what is not a list', () => {
    const flat = JSON.stringify([{ status: 'PLANNING', media: { id: 1, title: { romaji: 'Kaze' }, synonyms: ['Wind'] } }]);
    expect(parseAnilist(flat)).toEqual([{ sourceId: '1', titles: ['Kaze', 'Wind'], status: 'plan_to_read', rawStatus: 'PLANNING' }]);
    expect(codeOf(() => parseAnilist('{"data": {}}'))).toBe('IMPORT_FILE_UNREADABLE');
    expect(codeOf(() => parseAnilist('<xml/>'))).toBe('IMPORT_FILE_UNREADABLE');
  });
});

describe('MangaDex JSON', () => {
  it('joins statuses to the list file’s titles and alt titles by id; no title is an empty list', () => {
    const entries = parseMangadex(fixture('mangadex-statuses.json').toString('utf8'), fixture('mangadex-follows.json').toString('utf8'));
    expect(entries).toEqual([
      {
        sourceId: 'a96676e5-8ae2-425e-b549-7f15dd34a6d8',
        titles: ["Komi Can't Communicate", '古見さんは、コミュ症です。', 'The Jade Pin'],
        status: 'completed',
        rawStatus: 'completed',
      },
      { sourceId: '32d76d19-8a05-4db0-9fc2-e0b0648fe9d0', titles: ['HEROS & STORM'], status: 'on_hold', rawStatus: 'on_hold' },
      { sourceId: '0001183c-2089-48e9-96b7-d48db5f1a611', titles: [], status: 'plan_to_read', rawStatus: 'plan_to_read' },
      { sourceId: 'f9c33607-9180-4ba6-b85c-e4b5faee7192', titles: [], status: null, rawStatus: 'reading_maybe' },
    ]);
  });

  it('takes statuses and data in one object, and refuses files of another shape', () => {
    const one = JSON.stringify({
      statuses: { 'x-1': 'dropped' },
      data: [{ id: 'x-1', attributes: { title: { en: 'Dropped One' }, altTitles: [] } }],
    });
    expect(parseMangadex(one)).toEqual([{ sourceId: 'x-1', titles: ['Dropped One'], status: 'dropped', rawStatus: 'dropped' }]);
    expect(codeOf(() => parseMangadex('{"result":"ok"}'))).toBe('IMPORT_FILE_UNREADABLE');
    expect(codeOf(() => parseMangadex('not json'))).toBe('IMPORT_FILE_UNREADABLE');
    expect(codeOf(() => parseMangadex('{"statuses":{}}', '{"nope":1}'))).toBe('IMPORT_FILE_UNREADABLE');
  });
});

describe('decoding', () => {
  it('refuses bad base64, a broken gzip, and a gzip bomb over 20 MB unpacked', () => {
    expect(codeOf(() => decodeContent('not base64 !!', 'base64'))).toBe('IMPORT_FILE_UNREADABLE');
    const broken = gzipSync(Buffer.from('<myanimelist/>')).subarray(0, 12);
    expect(codeOf(() => decodeContent(broken.toString('base64'), 'base64'))).toBe('IMPORT_FILE_UNREADABLE');
    const bomb = gzipSync(Buffer.alloc(21 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(100_000);
    expect(codeOf(() => decodeContent(bomb.toString('base64'), 'base64'))).toBe('IMPORT_FILE_TOO_LARGE');
  });
});
