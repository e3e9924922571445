/**
 * The challenge the browser says it signed, read from clientDataJSON (the library checks it again
 * against the one consumed); undefined when the JSON is not readable.
 */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 64 ? challenge : undefined;
  } catch {
    return undefined;
  }
}
