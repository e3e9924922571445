/** One changed field of an audit entry: its path (`titles.en-us`, a chapter uuid…) and its values. */
export interface AuditChange {
  path: string[];
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The fields an entry's before and after records changed, flattened to one row per leaf
 * (`{titles: {"en-us": …}}` gives `titles.en-us`), in the order they first appear. Values that
 * are not records (the carousel's list of books) make one row with an empty path.
 */
export function auditChanges(before: unknown, after: unknown, path: string[] = []): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) return before === undefined && after === undefined ? [] : [{ path, before, after }];
  if (!isRecord(before) && before !== null && before !== undefined) return [{ path, before, after }];
  if (!isRecord(after) && after !== null && after !== undefined) return [{ path, before, after }];
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys.flatMap((key) => {
    const [was, is] = [from[key], to[key]];
    if (isRecord(was) || isRecord(is)) return auditChanges(was ?? null, is ?? null, [...path, key]);
    return [{ path: [...path, key], before: key in from ? was : undefined, after: key in to ? is : undefined }];
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A value as words: names for ids, dates in the console's language, yes/no, lists joined. */
export function describeValue(
  value: unknown,
  context: {
    names: Record<string, string>;
    formatDate: (iso: string) => string;
    yes: string;
    no: string;
    none: string;
    /** The words for a field's coded values ("hidden" → "Hidden"); absent: strings as stored. */
    word?: (value: string) => string;
  },
): string {
  if (value === null || value === undefined || value === '') return context.none;
  if (typeof value === 'boolean') return value ? context.yes : context.no;
  if (typeof value === 'string') {
    if (UUID.test(value)) return context.names[value] ?? value;
    if (INSTANT.test(value)) return context.formatDate(value);
    return context.word ? context.word(value) : value;
  }
  if (Array.isArray(value)) return value.length === 0 ? context.none : value.map((item) => describeValue(item, context)).join(', ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${describeValue(item, context)}`)
      .join(', ');
  return String(value);
}

export const isUuid = (text: string) => UUID.test(text);
