import { describe, expect, it } from 'vitest';
import { formatLogLine, logDestination } from './log-output.js';

// Local time: the terminal shows the reader's own clock.
const time = new Date(2026, 10, 22, 8, 30, 5, 120).getTime();
const json = (entry: object) => `${JSON.stringify({ level: 30, time, pid: 42, hostname: 'box', ...entry })}\n`;

describe('log output', () => {
  it('keeps JSON lines when stdout is not a terminal', () => {
    const written: string[] = [];
    const output = { write: (text: string) => written.push(text), isTTY: false };
    expect(logDestination(output)).toBe(output);
  });

  it('writes one readable line per entry on a terminal', () => {
    const written: string[] = [];
    const destination = logDestination({ write: (text: string) => written.push(text), isTTY: true, hasColors: () => true });
    destination.write(json({ msg: 'demo catalogue: 3/24 books', storage: 'local' }));
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('\u001b[32mINFO \u001b[0m');
    // eslint-disable-next-line no-control-regex
    expect(written[0]!.replace(/\u001b\[\d+m/g, '')).toBe('08:30:05.120 INFO  demo catalogue: 3/24 books storage=local\n');
  });

  it('shows a request line as method, URL, status and time', () => {
    const line = formatLogLine(
      json({
        reqId: 'req-1',
        req: { method: 'GET', url: '/api/v1/x' },
        res: { statusCode: 404 },
        responseTime: 3.456,
        msg: 'request completed',
      }),
      false,
    );
    expect(line).toBe('08:30:05.120 INFO  GET /api/v1/x 404 3.5 ms request completed\n');
  });

  it('puts an error stack below its line and quotes values with spaces', () => {
    const line = formatLogLine(
      json({ level: 50, msg: 'failed', err: { message: 'boom', stack: 'Error: boom\n    at x' }, note: 'two words' }),
      false,
    );
    expect(line).toBe('08:30:05.120 ERROR failed note="two words"\nError: boom\n    at x\n');
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(formatLogLine('plain text', false)).toBe('plain text\n');
  });
});
