import { renderTable } from './report.js';
import { median, SLOW_3G, SLOW_3G_BYTES_PER_SECOND, type PageRun, type ReaderRun } from './slow-network.js';

/** Targets of the slow-network issue, in seconds. */
const INTERACTIVE_TARGET_S = 3.5;
const FIRST_CONTENT_TARGET_S = 1;
const FIRST_PAGE_TARGET_S = 2.5;
const NEXT_CHAPTER_TARGET_S = 1;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
const verdict = (valueS: number, targetS: number) => (valueS <= targetS ? 'met' : 'MISSED');

/**
 * The physical floor of the take-over: the bytes that arrived before it at the link's rate, plus
 * the two round trips no page can avoid (the document, then the code it asks for).
 */
const floorMs = (bytes: number) => (bytes / SLOW_3G_BYTES_PER_SECOND) * 1000 + 2 * SLOW_3G.latencyMs;

/** The slow-3G part of the web quality section of docs/PERFORMANCE.md. */
export function renderSlowSection(
  pages: { name: string; what: string; dataSaver: boolean; runs: PageRun[] }[],
  reader: { dataSaver: boolean; runs: ReaderRun[] }[],
): string {
  const pageTable = renderTable(
    ['Page', 'Data saver', 'First content', 'Median', 'Interactive (median)', 'Interactive runs', 'Bytes before', 'Floor', 'Target 3.5 s'],
    pages.map(({ name, what, dataSaver, runs }) => {
      const interactive = median(runs.map((run) => run.interactiveMs));
      const bytes = median(runs.map((run) => run.bytesBeforeInteractive));
      return [
        name,
        dataSaver ? 'on' : 'off',
        what,
        seconds(median(runs.map((run) => run.firstContentMs))),
        seconds(interactive),
        runs.map((run) => seconds(run.interactiveMs)).join(', '),
        `${kb(bytes)} in ${median(runs.map((run) => run.requestsBeforeInteractive))}`,
        seconds(floorMs(bytes)),
        verdict(interactive / 1000, INTERACTIVE_TARGET_S),
      ];
    }),
  );
  const readerTable = renderTable(
    ['Data saver', 'First page (median)', 'Runs', 'Interactive', 'Next chapter’s first page (median)', 'Runs', 'Page bytes before “next”'],
    reader.map(({ dataSaver, runs }) => [
      dataSaver ? 'on' : 'off',
      seconds(median(runs.map((run) => run.firstPageMs))),
      runs.map((run) => seconds(run.firstPageMs)).join(', '),
      seconds(median(runs.map((run) => run.interactiveMs))),
      seconds(median(runs.map((run) => run.nextChapterMs))),
      runs.map((run) => seconds(run.nextChapterMs)).join(', '),
      kb(median(runs.map((run) => run.imageBytesBeforeNext))),
    ]),
  );
  const firstContentWorst = Math.max(...pages.map(({ runs }) => median(runs.map((run) => run.firstContentMs)))) / 1000;
  const readerOff = reader.find((entry) => !entry.dataSaver)!.runs;
  const firstPage = median(readerOff.map((run) => run.firstPageMs)) / 1000;
  const nextChapter = median(readerOff.map((run) => run.nextChapterMs)) / 1000;
  return [
    `On an emulated slow 3G connection (${SLOW_3G.kbitPerSecond} kbit/s each way, ${SLOW_3G.latencyMs} ms round trip, which the browser reports as an effective type of 3G; phone viewport, empty cache, CPU not slowed), 3 runs each, with the browser's data saver off and on. Times are from the start of navigation until the element is in a painted frame: the page's first content, and the app's take-over (\`<html data-interactive>\`, when a tap is answered). "Bytes before" is what arrived on the wire (headers included) before the take-over, in that many responses; "Floor" is those bytes at ${SLOW_3G_BYTES_PER_SECOND / 1000} KB/s plus the two round trips no page avoids (the document, then its code).`,
    '',
    pageTable,
    '',
    `First content within ${FIRST_CONTENT_TARGET_S} s on every page: ${verdict(firstContentWorst, FIRST_CONTENT_TARGET_S)} (slowest median ${firstContentWorst.toFixed(2)} s).`,
    '',
    `The reader on the same link: the chapter's first page image on screen (decoded), the take-over, and, after reading to the end and staying until the line was quiet for 2 s, the time from the tap on "next chapter" until that chapter's first page is on screen:`,
    '',
    readerTable,
    '',
    `Targets without the data saver: first page within ${FIRST_PAGE_TARGET_S} s: ${verdict(firstPage, FIRST_PAGE_TARGET_S)} (${firstPage.toFixed(2)} s); next chapter's first page within ${NEXT_CHAPTER_TARGET_S} s: ${verdict(nextChapter, NEXT_CHAPTER_TARGET_S)} (${nextChapter.toFixed(2)} s). With the data saver nothing is fetched ahead, so the next chapter costs its round trips.`,
  ].join('\n');
}

interface ChapterPages {
  pages: { url: string; sources?: { type: string; url: string }[] }[];
}

/**
 * The bytes of one chapter's pages in each form the server keeps: the fallback (JPEG, or PNG with
 * transparency), WebP, AVIF, and the data saver's lighter WebP. A page without a form counts with
 * the form a browser would get instead (AVIF falls back to WebP, WebP to the fallback).
 */
export async function chapterBytesByFormat(baseUrl: string, chapterUuid: string): Promise<string> {
  const ask = async (query: string) => {
    const response = await fetch(`${baseUrl}/api/v1/comics/chapter_comics/${chapterUuid}/en-us${query}`);
    return ((await response.json()) as { data: { result: ChapterPages } }).data.result.pages;
  };
  const size = async (url: string) => Number((await fetch(new URL(url, baseUrl), { method: 'HEAD' })).headers.get('content-length'));
  const [whole, lighter] = [await ask(''), await ask('?data_saver=1')];
  const totals = { fallback: 0, webp: 0, avif: 0, lite: 0 };
  for (const [index, page] of whole.entries()) {
    const fallback = await size(page.url);
    const source = (type: string) => page.sources?.find((candidate) => candidate.type === type)?.url;
    const webpUrl = source('image/webp');
    const webp = webpUrl ? await size(webpUrl) : fallback;
    const avifUrl = source('image/avif');
    const avif = avifUrl ? await size(avifUrl) : webp;
    const liteUrl = lighter[index]?.sources?.[0]?.url;
    totals.fallback += fallback;
    totals.webp += webp;
    totals.avif += avif;
    totals.lite += liteUrl ? await size(liteUrl) : avif;
  }
  return renderTable(
    ['Pages', 'Fallback (JPEG/PNG)', 'WebP', 'AVIF (what Chromium gets)', 'Data saver (lighter WebP)'],
    [[String(whole.length), kb(totals.fallback), kb(totals.webp), kb(totals.avif), kb(totals.lite)]],
  );
}
