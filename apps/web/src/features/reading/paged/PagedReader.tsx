import type { ChapterContent, ResumePoint } from '@inkstream/contracts';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
  type RefObject,
  type TouchEvent,
} from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useBrowserValue } from '../../../lib/browser-value';
import { useLighterImages } from '../../../lib/data-saving';
import type { Language } from '../../../lib/language';
import { pagesOf } from '../ChapterPages';
import type { ComicSettings } from '../modes/reading-settings';
import { PagePicture } from '../PagePicture';
import type { ChapterStep } from '../reading-navigation';
import type { SharedPlace } from '../shared-place';
import { ZoomSurface, type ZoomControl } from '../zoom/ZoomSurface';
import type { PagedArrival } from './arrival-state';
import { effectiveMode, layoutViews, NARROW_PORTRAIT_QUERY, viewOfPage } from './page-layout';
import { PagedControls } from './PagedControls';
import { TapHint } from './TapHint';
import { swipeTurn, tapZone, turnSide, type PageTurn } from './turn-rules';
import { usePageKeys } from './use-page-keys';
import { usePagedPreload } from './use-paged-preload';
import { afterNextPaint, useAfterNextPaint } from './use-after-next-paint';
import { usePagedTracking } from './use-paged-tracking';
import styles from './PagedReader.module.css';

/** How long a first tap in the middle waits for a second one (a double tap zooms instead of showing the bars). */
const DOUBLE_TAP_MS = 250;

// A page that cannot be shown stays an empty box of its size (the chapter still turns past it).
const ignoreError = () => undefined;

// A browser without matchMedia (or a test's DOM) counts as a wide screen.
const narrowQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_PORTRAIT_QUERY) : null);
const subscribeNarrow = (onChange: () => void) => {
  const query = narrowQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isNarrowPortrait = () => narrowQuery()?.matches ?? false;

interface Props {
  content: ChapterContent;
  settings: ComicSettings;
  language: Language;
  /** A "Continue" link's place, a chapter turned into from its neighbour, and the page the other mode showed. */
  resume: ResumePoint | null;
  arrival: PagedArrival | null;
  place: RefObject<SharedPlace | null>;
  /** Past either end of the chapter: the neighbouring chapter (`focus`: the reader had the focus). */
  onLeave(step: ChapterStep, focus: boolean): void;
  /** A tap in the middle third: shows or hides the bars. */
  onMenu(): void;
  /** How far through the chapter the view is, 0 to 1 (the reader's progress line). */
  onProgress(progress: number): void;
}

/** The page the reader opens at: the other mode's, a resume point's, the last when arriving from the next chapter, else the first. */
function startPage(
  content: ChapterContent,
  count: number,
  { resume, arrival, place }: Pick<Props, 'resume' | 'arrival' | 'place'>,
): number {
  const clamp = (index: number) => Math.min(Math.max(0, Math.floor(index)), Math.max(count - 1, 0));
  const own = place.current;
  if (own?.chapterUuid === content.chapter_uuid && typeof own.position.page_index === 'number') return clamp(own.position.page_index);
  if (resume?.chapter_uuid === content.chapter_uuid) return clamp(resume.page_index ?? 0);
  return arrival?.at === 'end' ? clamp(count - 1) : 0;
}

/**
 * The paged reader (issue 45): one page or a pair at a time, in the book's direction, inside the
 * zoom surface. Keyed by chapter. Its DOM is a contract the bench and the browser tests rely on
 * (docs/READER-JOURNEY.md "Reading modes"): the root's data-paged-reader, data-mode, data-direction,
 * data-pages and data-zoomed, an img[data-index] per page shown, and the live "Page 4 of 20".
 *
 * The server renders it at the chapter's first page; a resume point or the last page (arriving
 * from the next chapter) is shown once the browser has taken the page over, so hydration sees the
 * server's markup.
 */
export default function PagedReader({ content, settings, language, resume, arrival, place, onLeave, onMenu, onProgress }: Props) {
  const { t } = useTranslation('paged');
  const { t: tReader } = useTranslation('reader');
  const { direction, fit, coverAlone } = settings;
  const pages = useMemo(() => pagesOf(content), [content]);
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrowPortrait, () => false);
  const mode = effectiveMode(settings.mode === 'double' ? 'double' : 'single', narrow);
  const views = useMemo(() => layoutViews(pages, mode, coverAlone), [pages, mode, coverAlone]);
  // The page, not the view, is the state: a change of mode or layout keeps the page in view.
  const [page, setPage] = useState(() => startPage(content, pages.length, { resume, arrival, place }));
  const isTakenOver = useBrowserValue(() => true, false);
  const isLighter = useLighterImages();
  const current = viewOfPage(views, isTakenOver ? page : 0);
  const shown = views[current] ?? [];
  const root = useRef<HTMLElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const zoom = useRef<ZoomControl>(null);
  const [zoomed, setZoomed] = useState(false);
  const { onPageLoad } = usePagedTracking(content.book_uuid, content.chapter_uuid, views, current, isTakenOver);
  // Views join the ones kept under the shown view once the turn has been painted (see the hook), and
  // leave at once; the shown view is always there, so a jump far away (the scrubber) shows its page.
  const keptNow = usePagedPreload(content, pages, views, current, language, isTakenOver);
  const keptLater = useAfterNextPaint(keptNow);
  const kept = keptNow.filter((view) => view === current || keptLater.includes(view));

  const first = shown[0];
  useEffect(() => {
    if (first === undefined || !isTakenOver) return;
    place.current = { chapterUuid: content.chapter_uuid, position: { page_index: first, page_offset: 0 }, by: 'paged' };
    // The progress bar (the reading screen renders again for it) follows in the frame after the page.
    const fraction = views.length > 0 ? (current + 1) / views.length : 0;
    return afterNextPaint(() => onProgress(fraction));
  }, [first, current, views.length, isTakenOver, content.chapter_uuid, place, onProgress]);

  const focusOnArrival = arrival?.focus === true;
  useEffect(() => {
    // Turned into from a neighbouring chapter: the old reader (and the control used) went away.
    if (focusOnArrival) root.current?.focus({ preventScroll: true });
  }, [focusOnArrival]);

  const hasFocus = () => !!root.current && root.current.contains(document.activeElement);
  const turn = useCallback(
    (to: PageTurn) => {
      if (views.length === 0) return;
      const target = to === 'first' ? 0 : to === 'last' ? views.length - 1 : to === 'next' ? current + 1 : current - 1;
      if (target < 0 || target >= views.length) {
        if (to === 'next' || to === 'previous') onLeave(to, hasFocus());
        return;
      }
      if (target === current) return;
      setPage(views[target]![0]!);
      // A new view starts at its top and its start edge (fit width or original size may scroll);
      // the stage runs in the book's direction, so 0 is that edge either way.
      if (stage.current) {
        stage.current.scrollTop = 0;
        stage.current.scrollLeft = 0;
      }
    },
    [views, current, onLeave],
  );
  usePageKeys(turn, direction);
  const goTo = (index: number) => {
    const view = views[viewOfPage(views, index)];
    if (view) setPage(view[0]!);
  };

  // Taps and swipes on the page: a turn towards a side waits until a zoomed page is panned to that edge.
  const mayTurn = (step: ChapterStep) => zoom.current?.canTurn(turnSide(step, direction)) ?? true;
  const menuTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const swiped = useRef(false);
  useEffect(() => () => clearTimeout(menuTimer.current), []);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    const zone = tapZone(event.clientX - box.left, box.width, direction);
    if (zone !== 'menu') {
      if (mayTurn(zone)) turn(zone);
      return;
    }
    clearTimeout(menuTimer.current);
    if (event.detail >= 2) zoom.current?.toggleAt(event.clientX, event.clientY);
    else menuTimer.current = setTimeout(onMenu, DOUBLE_TAP_MS);
  };
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const touch = {
    onTouchStart(event: TouchEvent) {
      const point = event.touches[0];
      touchStart.current = event.touches.length === 1 && point ? { x: point.clientX, y: point.clientY } : null;
    },
    onTouchMove(event: TouchEvent) {
      if (event.touches.length > 1) touchStart.current = null; // a pinch, not a swipe
    },
    onTouchEnd(event: TouchEvent) {
      const from = touchStart.current;
      const point = event.changedTouches[0];
      touchStart.current = null;
      if (!from || !point) return;
      const step = swipeTurn(point.clientX - from.x, point.clientY - from.y, direction);
      if (!step) return;
      swiped.current = true;
      if (mayTurn(step)) turn(step);
    },
  };

  const total = pages.length;
  const status =
    shown.length > 1
      ? t('statusPair', { first: shown[0]! + 1, last: shown.at(-1)! + 1, total })
      : t('status', { number: (shown[0] ?? 0) + 1, total });
  const fitClass = fit === 'height' ? styles.fitHeight : fit === 'original' ? styles.fitOriginal : styles.fitWidth;
  return (
    <section
      ref={root}
      className={styles.reader}
      tabIndex={-1}
      aria-label={t('label')}
      data-paged-reader=""
      data-mode={mode}
      data-direction={direction}
      data-pages={shown.join(',')}
      data-zoomed={zoomed ? 'true' : 'false'}
    >
      {/* Focusable: a page larger than the screen (fit width, original size) scrolls with the keyboard too. */}
      <div ref={stage} className={styles.stage} dir={direction} tabIndex={0} onClick={onClick} {...touch}>
        <ZoomSurface
          resetKey={shown.join(',')}
          active
          controlRef={zoom}
          onZoomChange={setZoomed}
          className={fit === 'height' ? styles.surface : `${styles.surface} ${styles.surfaceGrows}`}
        >
          {/*
           * The view shown, and with it the views preloaded around it (drawn at an opacity of 0.001,
           * so their images are decoded and rasterised before a turn; PagedReader.module.css). A turn
           * only changes which view is on top: its images are the same elements, already drawn.
           */}
          <div className={styles.views}>
            {kept.map((viewIndex) => {
              const view = views[viewIndex] ?? [];
              const isShown = viewIndex === current;
              return (
                <div
                  key={view.join(',')}
                  className={`${styles.view} ${isShown ? styles.shown : styles.ahead} ${fitClass}`}
                  dir={direction}
                  data-count={view.length}
                  aria-hidden={isShown ? undefined : true}
                  inert={!isShown}
                >
                  {view.map((index) => (
                    <PagePicture
                      key={index}
                      page={pages[index]!}
                      index={index}
                      indexed={isShown}
                      alt={tReader('pageAlt', { number: index + 1, total })}
                      loading="eager"
                      fetchPriority={isShown ? 'high' : 'auto'}
                      className={styles.page}
                      onLoad={() => onPageLoad(index)}
                      onError={ignoreError}
                    />
                  ))}
                </div>
              );
            })}
          </div>
        </ZoomSurface>
        <TapHint direction={direction} />
      </div>
      {/* As in the strip: the reader is told the pages are the data saver's lighter ones. */}
      {isLighter && <p className={styles.dataSaverNote}>{tReader('dataSaverOn')}</p>}
      <PagedControls
        direction={direction}
        shown={shown}
        total={total}
        status={status}
        canGoPrevious={current > 0 || !!content.prev_chapter_uuid}
        canGoNext={current < views.length - 1 || !!content.next_chapter_uuid}
        onStep={turn}
        onGoTo={goTo}
      />
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
