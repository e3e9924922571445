import type { Skipped, SkipReason } from './save-chapters';

/** The chapters not saved, grouped by reason, in the order first met: one line each on the panel. */
export function skippedByReason(skipped: readonly Skipped[]): { reason: SkipReason; numbers: number[] }[] {
  const groups = new Map<SkipReason, number[]>();
  for (const { reason, chapter_number } of skipped) groups.set(reason, [...(groups.get(reason) ?? []), chapter_number]);
  return [...groups].map(([reason, numbers]) => ({ reason, numbers: numbers.sort((a, b) => a - b) }));
}
