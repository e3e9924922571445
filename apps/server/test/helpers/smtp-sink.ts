import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * A real SMTP server (the `smtp-server` package) in the test process on a free port of 127.0.0.1,
 * that parses every message it accepts with `mailparser`. Point a test app at it with
 * `createTestContext({ SMTP_URL: sink.url })`, then `await sink.waitFor((m) => m.to === '…')`.
 *
 * `refuseNext(n, code)` answers the next n messages with an SMTP error (451: try later) after the
 * DATA, as a greylisting or full server would.
 */
export interface SinkMessage {
  /** The envelope's recipients (RCPT TO). */
  rcptTo: string[];
  /** The envelope's sender (MAIL FROM). */
  mailFrom: string;
  /** The first To address of the headers, lower-cased. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every header, lower-cased names, as mailparser reads them. */
  headers: ParsedMail['headers'];
  /** The header lines as sent, for headers mailparser turns into structures (List-Unsubscribe). */
  rawHeader(name: string): string | undefined;
  messageId: string | undefined;
  parsed: ParsedMail;
  raw: Buffer;
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: SinkMessage[];
  /** How many messages were refused so far. */
  refused: number;
  refuseNext(count: number, code?: number): void;
  /** The first message (already here or to come) that matches; rejects after `timeoutMs`. */
  waitFor(predicate?: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  /** Messages to one address. */
  to(address: string): SinkMessage[];
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpSink(options: Partial<SMTPServerOptions> = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters = new Set<{ predicate: (message: SinkMessage) => boolean; resolve: (message: SinkMessage) => void }>();
  let refuseLeft = 0;
  let refuseCode = 451;
  let refused = 0;

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseLeft > 0) {
          refuseLeft -= 1;
          refused += 1;
          const error = Object.assign(new Error('Try again later (test sink)'), { responseCode: refuseCode });
          return callback(error);
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const toValue = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
            const headerBlock = raw
              .toString('utf8')
              .split(/\r?\n\r?\n/)[0]!
              .replace(/\r?\n[ \t]+/g, ' ');
            const message: SinkMessage = {
              rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: (toValue?.value[0]?.address ?? '').toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: parsed.headers,
              rawHeader: (name) =>
                headerBlock
                  .split(/\r?\n/)
                  .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
                  ?.slice(name.length + 1)
                  .trim(),
              messageId: parsed.messageId,
              parsed,
              raw,
            };
            messages.push(message);
            for (const waiter of [...waiters]) {
              if (waiter.predicate(message)) {
                waiters.delete(waiter);
                waiter.resolve(message);
              }
            }
            callback(null, 'Queued (test sink)');
          })
          .catch((error: Error) => callback(error));
      });
    },
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => undefined);
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    get refused() {
      return refused;
    },
    refuseNext(count, code = 451) {
      refuseLeft = count;
      refuseCode = code;
    },
    waitFor(predicate = () => true, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`no matching message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs).unref();
      });
    },
    to: (address) => messages.filter((message) => message.to === address.toLowerCase()),
    clear: () => void messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Runs `app`'s due jobs (tests do not start the job runner) until a matching message arrived: for
 * messages queued after an answer (a forgotten password) or by a background step. Bounded by
 * `timeoutMs` of real time (a test may have mocked Date).
 */
export async function receive(
  app: { jobs: { drain(): Promise<void> } },
  sink: SmtpSink,
  predicate: (message: SinkMessage) => boolean,
  timeoutMs = 10_000,
): Promise<SinkMessage> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    await app.jobs.drain();
    try {
      return await sink.waitFor(predicate, 50);
    } catch (error) {
      if (performance.now() > until) throw error;
    }
  }
}
