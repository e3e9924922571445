/**
 * Where the log goes: JSON lines (pino's own format) when stdout is a file, a pipe or a log
 * collector, and one readable line per entry when a person watches it in a terminal. No
 * pino-pretty: this is all a terminal needs, and nothing is fetched at run time.
 */

export interface LogDestination {
  write(line: string): void;
}

interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  /** tty.WriteStream's: false for NO_COLOR, TERM=dumb and terminals without colours. */
  hasColors?: () => boolean;
}

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '90' },
  20: { name: 'DEBUG', colour: '36' },
  30: { name: 'INFO ', colour: '32' },
  40: { name: 'WARN ', colour: '33' },
  50: { name: 'ERROR', colour: '31' },
  60: { name: 'FATAL', colour: '35' },
};

/** Fields every line has, or that the line's head already shows. */
const SHOWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v', 'err', 'req', 'res', 'responseTime', 'reqId']);

function paint(colour: boolean, code: string, text: string): string {
  return colour ? `\u001b[${code}m${text}\u001b[0m` : text;
}

/** The entry's local time of day, HH:MM:SS.mmm: a person at a terminal thinks in their own clock. */
function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

function value(field: unknown): string {
  if (typeof field === 'string') return /^[^\s"=]+$/.test(field) ? field : JSON.stringify(field);
  return JSON.stringify(field) ?? String(field);
}

/**
 * One pino JSON line as `12:00:03.120 INFO  message key=value …`; a request line shows method,
 * URL, status and time; an error adds its stack below. A line that is not JSON passes unchanged.
 */
export function formatLogLine(line: string, colour: boolean): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = LEVELS[entry.level as number] ?? { name: String(entry.level).padEnd(5), colour: '0' };
  const parts = [paint(colour, '2', clock(entry.time)), paint(colour, level.colour, level.name)];
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(1)} ms`);
  parts.push(typeof entry.msg === 'string' ? entry.msg : '');
  const extra = Object.entries(entry).filter(([key]) => !SHOWN.has(key));
  if (extra.length > 0) parts.push(paint(colour, '2', extra.map(([key, field]) => `${key}=${value(field)}`).join(' ')));
  let text = parts.filter((part) => part !== '').join(' ');
  const err = entry.err as { stack?: string; message?: string } | undefined;
  if (err) text += `\n${paint(colour, '31', err.stack ?? err.message ?? value(err))}`;
  return `${text}\n`;
}

/** The log destination for this process: readable lines on a terminal, JSON lines otherwise. */
export function logDestination(output: Output = process.stdout): LogDestination {
  if (!output.isTTY) return output;
  const colour = output.hasColors?.() ?? false;
  return { write: (line: string) => void output.write(formatLogLine(line, colour)) };
}
