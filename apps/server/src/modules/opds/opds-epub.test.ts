import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EPUB_TEXT_BATCH, epubStream, type EpubBook, type EpubChapter, type EpubText } from './opds-epub.js';

/** The EPUB writer's pacing and failure: texts are read when the zip reaches them, a failed read ends the stream. */

const book = (chapters: number): EpubBook => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  title: 'A <book> & "title"',
  author: null,
  summary: '',
  language: 'en-us',
  updated: '2026-01-02T03:04:05.678Z',
  publisher: 'Inkstream',
  cover: null,
  chapters: Array.from({ length: chapters }, (_, i) => ({ uuid: `c${i + 1}`, number: i + 1, heading: `${i + 1}. Chapter` })),
  notice: null,
});

/** Reads a stream to its end, or to its error. */
async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('epubStream', () => {
  it('asks for the texts a batch at a time, only once the stream is read', async () => {
    const asked: string[][] = [];
    const texts = async (chapters: readonly EpubChapter[]) => {
      asked.push(chapters.map((chapter) => chapter.uuid));
      return new Map<string, EpubText>(chapters.map((chapter) => [chapter.uuid, { language: 'en-us', html: `<p>${chapter.uuid}</p>` }]));
    };
    const count = EPUB_TEXT_BATCH * 2 + 5;
    const stream = epubStream(book(count), texts);
    // Nothing is read before the app reads: the writer has not reached the chapters.
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([]);
    const bytes = await drain(stream);
    expect(asked.map((batch) => batch.length)).toEqual([EPUB_TEXT_BATCH, EPUB_TEXT_BATCH, 5]);
    expect(asked.flat()).toEqual(book(count).chapters.map((chapter) => chapter.uuid));
    expect(bytes.subarray(30, 58).toString('ascii')).toBe('mimetypeapplication/epub+zip');
  });

  it('ends the stream with the error when a text cannot be read, instead of hanging', async () => {
    const stream = epubStream(book(3), () => Promise.reject(new Error('database gone')));
    await expect(drain(stream)).rejects.toThrow('database gone');
  });
});
