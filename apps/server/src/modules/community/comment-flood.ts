/**
 * How often one reader may post (issue 31: "one comment per 10 s and 60 per hour"), and how long
 * the same text may not be posted again. Per client address only a loose ceiling holds
 * (LIMITS.commentsByAddress*, counted by the rate-limit store in comments.routes.ts): one address
 * is often many readers, who must not block each other (issue 40).
 */
export const COMMENT_FLOOD = {
  minIntervalMs: 10_000,
  perHour: 60,
  hourMs: 3_600_000,
  /** The same text (bodyHash) by the same reader, in any chapter, within this window: 409 DUPLICATE_COMMENT. */
  repeatWindowMs: 24 * 3_600_000,
} as const;

/**
 * Seconds until the reader may post again, or null when they may now. `recent`: the creation
 * times of their comments of the last hour, newest first (at most `perHour` are needed).
 */
export function floodRetryAfter(recent: readonly number[], now: number): number | null {
  const latest = recent[0];
  if (latest !== undefined && now - latest < COMMENT_FLOOD.minIntervalMs) {
    return Math.max(1, Math.ceil((latest + COMMENT_FLOOD.minIntervalMs - now) / 1000));
  }
  const inHour = recent.filter((at) => now - at < COMMENT_FLOOD.hourMs);
  if (inHour.length >= COMMENT_FLOOD.perHour) {
    // The oldest of the last `perHour` leaves the window first.
    const oldest = inHour[COMMENT_FLOOD.perHour - 1]!;
    return Math.max(1, Math.ceil((oldest + COMMENT_FLOOD.hourMs - now) / 1000));
  }
  return null;
}
