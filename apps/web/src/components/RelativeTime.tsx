import { useTranslation } from 'react-i18next';
import { parseTimestamp, relativeTime } from '../lib/relative-time';

/** "3 hours ago" in the reader's language, with the exact time as a machine-readable attribute. */
export function RelativeTime({ value }: { value: string }) {
  const { t } = useTranslation();
  const { unit, count } = relativeTime(value);
  const ms = parseTimestamp(value);
  return <time dateTime={Number.isNaN(ms) ? undefined : new Date(ms).toISOString()}>{t(`time.${unit}`, { count })}</time>;
}
