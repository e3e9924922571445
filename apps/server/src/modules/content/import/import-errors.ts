/**
 * What the importer reports to the operator. `content`: the source cannot be imported as it is
 * (exit code 1); `usage`: the options do not fit the source or the catalogue (exit code 2).
 * Messages name the file or entry at fault and never carry a stack trace.
 */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly kind: 'content' | 'usage' = 'content',
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

/** The first line of an unexpected error, for messages that must stay one readable line. */
export function describeError(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
}
