/**
 * A light check before sending: one @, something before it, a dot in what follows, no spaces. The
 * server decides (400 INVALID_EMAIL for what it cannot send to: IP literals, quoted parts, overlong).
 */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value.trim()) && value.trim().length <= 254;
