import { randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { eventually } from './session.js';

/** One message of the embedded default's outbox folder, DATA_DIR/mail/ (no SMTP_URL: e2e/src/server.ts). */
export interface WrittenMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The http(s) links of the plain-text part, in order. */
  links: string[];
}

/** Every .eml file the server has written so far (never a half-written one: it writes a temporary file and renames it). */
export async function readMailFolder(dataDir: string): Promise<WrittenMail[]> {
  const dir = path.join(dataDir, 'mail');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml') && !name.startsWith('.'));
  } catch {
    return [];
  }
  return Promise.all(
    names.sort().map(async (name) => {
      const parsed = await simpleParser(await readFile(path.join(dir, name)));
      const to = [parsed.to ?? []].flat().flatMap((list) => list.value.map((one) => one.address ?? ''));
      const text = parsed.text ?? '';
      return { file: name, to: to.join(', '), subject: parsed.subject ?? '', text, links: text.match(/https?:\/\/[^\s<>")\]]+/g) ?? [] };
    }),
  );
}

/** The messages to `address`, oldest first. */
export async function mailTo(dataDir: string, address: string): Promise<WrittenMail[]> {
  return (await readMailFolder(dataDir)).filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

/**
 * Waits (the outbox sends from the jobs runner, a moment after the request that queued it) until a
 * message to `address` has a link whose path is `pathname`, and returns that link.
 */
export async function waitForLink(dataDir: string, address: string, pathname: string, timeout = 30_000): Promise<string> {
  const find = async () =>
    (await mailTo(dataDir, address)).flatMap((mail) => mail.links).find((link) => new URL(link).pathname === pathname) ?? null;
  await eventually(find, timeout).not.toBeNull();
  return (await find())!;
}

/** An address only this run uses (the domain has a dot, as the server requires). */
export const uniqueAddress = (username: string) => `${username}.${randomInt(1000, 9999)}@example.com`;

/**
 * Registers through the API with an e-mail address (not yet confirmed: the confirmation message
 * is in the mail folder), from its own client address like registerViaApi.
 */
export async function registerWithEmail(baseUrl: string, user: { username: string; password: string; email: string }): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
    body: JSON.stringify({ ...user, user_type: 'inkstream' }),
  });
  if (response.status !== 201) throw new Error(`register ${user.username}: HTTP ${response.status} ${await response.text()}`);
}
