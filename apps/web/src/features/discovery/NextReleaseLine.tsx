import type { NextRelease } from '@inkstream/contracts';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { useReaderTimeZone } from '../../lib/reader-time-zone';
import { useNow } from '../../lib/render-clock';
import { formatReleaseDate, formatReleaseTime, formatWeekdays, readerPublishingDays } from './release-format';

/**
 * When the book's next chapter is due (issue 46), on its page: "Every Tuesday and Friday at 10:00"
 * from the operator's publishing days, and "Next chapter on December 3, 10:00 AM" when a moment is
 * known, both in the reader's language and time zone. The days and times depend on the zone, which
 * the server cannot know: its render (and the hydration of it) shows nothing, the next render the
 * line in the reader's zone (lib/reader-time-zone.ts).
 */
export function NextReleaseLine({ release, className }: { release: NextRelease | null | undefined; className?: string }) {
  const { t } = useTranslation('discovery');
  const language = useLanguage();
  const zone = useReaderTimeZone();
  const now = useNow();
  if (!release || zone === null) return null;
  const parts: string[] = [];
  if (release.days.length > 0) {
    const days = formatWeekdays(
      readerPublishingDays(release, zone, release.next_chapter_at ? Date.parse(release.next_chapter_at) : now),
      language,
    );
    parts.push(
      release.next_chapter_at && release.time
        ? t('nextRelease.everyAt', { days, time: formatReleaseTime(release.next_chapter_at, language, zone) })
        : t('nextRelease.every', { days }),
    );
  }
  if (release.next_chapter_at) parts.push(t('nextRelease.next', { date: formatReleaseDate(release.next_chapter_at, language, zone, now) }));
  if (parts.length === 0) return null;
  return (
    <p className={className} data-testid="next-release">
      {parts.join(' · ')}
    </p>
  );
}
