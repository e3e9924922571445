/**
 * Text of unknown direction (a title, a user name, a search) set inside a translated sentence,
 * wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: the plain-text form of <bdi>, so an
 * English title in an Arabic sentence keeps its full stop at its end and does not reorder the words
 * around it. In markup, use dir="auto" on the element or <bdi> instead.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
