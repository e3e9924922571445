import { useTranslation } from '../i18n/use-translation';
import { parseTimestamp, relativeTime } from '../lib/relative-time';
import { useNow } from '../lib/render-clock';

/** "3 hours ago" in the reader's language, with the exact time as a machine-readable attribute. */
export function RelativeTime({ value, recentText }: { value: string; recentText?: string }) {
  const { t } = useTranslation();
  const { unit, count } = relativeTime(value, useNow());
  const ms = parseTimestamp(value);
  // "Just posted" suits publishing times; other uses (when you read something) name it their way.
  const text = unit === 'justPosted' && recentText ? recentText : t(`time.${unit}`, { count });
  return <time dateTime={Number.isNaN(ms) ? undefined : new Date(ms).toISOString()}>{text}</time>;
}
