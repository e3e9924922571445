import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as Nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { loadOnFirstUse } from '../../lib/load-on-first-use.js';
import type { RenderedMail } from './mail-render.js';

// Nodemailer is loaded the first time a message goes out, not when the server starts
// (apps/server/test/optional-packages.test.ts).
const nodemailer = loadOnFirstUse<typeof Nodemailer>('nodemailer');

/** One message ready to go: the rendered parts and the headers the outbox row fixes. */
export interface OutgoingMail extends RenderedMail {
  from: string;
  to: string;
  /** `<uuid@inkstream.mail>`, fixed when the message was queued. */
  messageId: string;
  /** The one-click unsubscribe API URL (RFC 8058); set for list messages only. */
  unsubscribePostUrl?: string | null;
  /** The moment the message is sent (its Date header). */
  date: Date;
}

/** Where a message went: `smtp` with the server's answer, or `eml` with the file's name. */
export type SendReport = { via: 'smtp'; response: string } | { via: 'eml'; file: string };

export interface MailTransport {
  readonly kind: 'smtp' | 'eml';
  send(mail: OutgoingMail, outboxUuid: string): Promise<SendReport>;
  close(): void;
}

/** The message as Nodemailer's composer takes it: both transports build the same RFC 5322 message from it. */
export function messageOptions(mail: OutgoingMail): Nodemailer.SendMailOptions {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: mail.date,
    // Base64 parts: lines stay short whatever the language, and the console can read .eml files back.
    textEncoding: 'base64',
    headers: mail.unsubscribePostUrl
      ? { 'List-Unsubscribe': `<${mail.unsubscribePostUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : {},
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** SMTP_URL → Nodemailer's SMTP options, with timeouts well under the sending lease (mail-sender.ts). */
export function smtpOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  let transporter: Nodemailer.Transporter<SMTPTransport.SentMessageInfo> | null = null;
  return {
    kind: 'smtp',
    async send(mail) {
      transporter ??= nodemailer().createTransport(smtpOptions(smtpUrl));
      const info = await transporter.sendMail(messageOptions(mail));
      return { via: 'smtp', response: String(info.response ?? '') };
    },
    close() {
      transporter?.close();
      transporter = null;
    },
  };
}

/** The file name of a message in the .eml folder: `<yyyy-mm-dd>-<outbox uuid>.eml`. */
export const emlFileName = (uuid: string, date: Date) => `${date.toISOString().slice(0, 10)}-${uuid}.eml`;

/**
 * No SMTP server: the complete message, as Nodemailer would send it, written to `dir` atomically
 * (a temporary file renamed into place), so a reader of the folder never sees half a message.
 */
export function createEmlTransport(dir: string): MailTransport {
  let transporter: Nodemailer.Transporter | null = null;
  return {
    kind: 'eml',
    async send(mail, outboxUuid) {
      transporter ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
      const info = (await transporter.sendMail(messageOptions(mail))) as { message: Buffer };
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = emlFileName(outboxUuid, mail.date);
      const temporary = path.join(dir, `.${name}.${randomUUID()}.tmp`);
      await writeFile(temporary, info.message, { mode: 0o600 });
      await rename(temporary, path.join(dir, name));
      return { via: 'eml', file: name };
    },
    close() {
      transporter = null;
    },
  };
}

/** The .eml file of an outbox message, or null (not written yet, or the folder was cleaned). */
export async function findEmlFile(dir: string, uuid: string): Promise<string | null> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return null;
  }
  const name = names.find((entry) => entry.endsWith(`-${uuid}.eml`));
  return name ? path.join(dir, name) : null;
}

/**
 * Deletes the .eml files of these outbox messages (an erased reader's, the farewell once sent):
 * one listing of the folder, whatever the number of messages. Answers how many went.
 */
export async function removeEmlFiles(dir: string, uuids: readonly string[]): Promise<number> {
  if (uuids.length === 0) return 0;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const wanted = new Set(uuids);
  const doomed = names.filter((name) => wanted.has(/-([0-9a-f-]{36})\.eml$/.exec(name)?.[1] ?? ''));
  for (const name of doomed) await rm(path.join(dir, name), { force: true });
  return doomed.length;
}

/** What the console shows of an .eml file: its subject and plain-text part, and the links in it. */
export interface EmlSummary {
  subject: string;
  text: string;
  links: string[];
}

/** Reads back what createEmlTransport wrote (base64 or quoted-printable parts, encoded-word subject). */
export async function readEml(file: string): Promise<EmlSummary> {
  const raw = (await readFile(file)).toString('latin1');
  const { headers, body } = splitMessage(raw);
  const subject = decodeWords(headers.get('subject') ?? '');
  let text = '';
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const inner = splitMessage(part.replace(/^\r?\n/, ''));
    const type = inner.headers.get('content-type') ?? '';
    const nested = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (nested) {
      for (const sub of inner.body.split(`--${nested}`).slice(1, -1)) {
        const leaf = splitMessage(sub.replace(/^\r?\n/, ''));
        if (/^text\/plain/i.test(leaf.headers.get('content-type') ?? '')) text = decodeBody(leaf.headers, leaf.body);
      }
    } else if (/^text\/plain/i.test(type)) {
      text = decodeBody(inner.headers, inner.body);
    }
  }
  const links = [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
  return { subject, text, links };
}

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          )
        : Buffer.from(body, 'latin1');
  return bytes.toString('utf8').replace(/\r\n/g, '\n').trimEnd();
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, mode: string, data: string) =>
      mode.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
