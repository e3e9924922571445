/** A mistake in how the command was called: message plus exit code 2 (usage) or 1 (it failed). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
  }
}

export function parsePositiveInt(value: string | undefined, name: string, options: { min?: number; max?: number } = {}): number {
  const min = options.min ?? 1;
  const max = options.max ?? 1_000_000;
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new CliError(`${name} must be a whole number from ${min} to ${max}${value === undefined ? '' : `, got "${value}"`}`);
  }
  return Number(value);
}

export function requireArg(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new CliError(`missing ${name}`);
  return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function requireUuid(value: string | undefined, name: string): string {
  const uuid = requireArg(value, name);
  if (!UUID.test(uuid)) throw new CliError(`${name} must be a UUID, got "${uuid}"`);
  return uuid.toLowerCase();
}

/** Prints rows as aligned columns. */
export function printTable(rows: Record<string, string | number | null>[], write: (line: string) => void): void {
  if (rows.length === 0) {
    write('(none)');
    return;
  }
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '-').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  write(line(columns));
  for (const row of rows) write(line(columns.map((c) => String(row[c] ?? '-'))));
}
