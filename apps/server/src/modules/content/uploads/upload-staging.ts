import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode, IMPORT_ARCHIVE_EXTENSIONS, IMPORT_IMAGE_EXTENSIONS } from '@inkstream/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { compareNatural } from '../import/natural-sort.js';

/**
 * Streams the files of a console upload to `<uploads>/.incoming-<random>/` on this node's disk,
 * counting bytes as they pass: past the per-file or per-upload limit the request is refused with
 * 413 and the folder is deleted. Form fields come first (they are checked before a byte of a file
 * is written); then either one archive (.cbz/.zip/.epub) or images that make one chapter.
 */

/** Chapter uploads from the console, as config.ts reads them (UPLOAD_MAX_* settings, under DATA_DIR). */
export interface UploadsConfig {
  /** Staged under `dir/<job uuid>/` on the node that received them. */
  readonly dir: string;
  readonly maxFileBytes: number;
  readonly maxJobBytes: number;
}

export interface UploadLimits {
  root: string;
  maxFileBytes: number;
  maxJobBytes: number;
}

export interface StagedUpload {
  /** The staging folder (deleted by the caller's refusal, or renamed to the job's uuid). */
  dir: string;
  /** What the importer opens, relative to `dir`: the archive's file, or `images` (a folder). */
  source: string;
  /** The names the browser sent, in the order the chapter will have. */
  files: string[];
  bytes: number;
}

export const IMAGES_FOLDER = 'images';
const ARCHIVES: readonly string[] = IMPORT_ARCHIVE_EXTENSIONS;
const IMAGES: readonly string[] = IMPORT_IMAGE_EXTENSIONS;
const MB = 1024 * 1024;

const refused = (message: string) => new AppError(ErrorCode.UPLOAD_REFUSED, 400, message);
const tooLarge = (message: string) => new AppError(ErrorCode.UPLOAD_TOO_LARGE, 413, message);

/** A name safe to store: no folders, no leading dots, letters, digits, `.`, `_`, `-` only, at most 100 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned === '' ? 'file' : cleaned;
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
const pad = (index: number) => String(index).padStart(4, '0');

/** Turns what the multipart reader throws into the API's errors (never a 500 for a bad body). */
function uploadError(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(`A file is larger than ${limits.maxFileBytes / MB} MB`);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return tooLarge('The upload has too many files or fields');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 415, 'Send the files as multipart/form-data');
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  const message = error instanceof Error ? error.message : '';
  if ((typeof status === 'number' && status < 500) || /multipart|form|boundary|premature|aborted/i.test(message)) {
    return refused('The upload was interrupted or is not a valid multipart form');
  }
  return error;
}

/**
 * Reads the whole multipart body. `checkFields` runs once, before the first file (or at the end
 * when there is none): it validates the fields and throws the 400/404 the client should see.
 */
export async function stageUpload(
  request: FastifyRequest,
  limits: UploadLimits,
  checkFields: (fields: Record<string, string>) => Promise<void>,
): Promise<StagedUpload> {
  if (!request.isMultipart()) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 415, 'Send the files as multipart/form-data');
  const dir = path.join(limits.root, `.incoming-${randomUUID()}`);
  const fields: Record<string, string> = {};
  const received: { original: string; stored: string }[] = [];
  let kind: 'archive' | 'images' | null = null;
  let total = 0;
  let fieldsChecked = false;
  try {
    await mkdir(path.join(dir, IMAGES_FOLDER), { recursive: true });
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (fieldsChecked) throw refused(`The field "${part.fieldname}" must come before the files`);
        if (part.fieldname in fields) throw refused(`The field "${part.fieldname}" is given twice`);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (!fieldsChecked) {
        fieldsChecked = true;
        await checkFields(fields);
      }
      const original = part.filename || 'file';
      const extension = extensionOf(original);
      const partKind = ARCHIVES.includes(extension) ? 'archive' : IMAGES.includes(extension) ? 'images' : null;
      if (partKind === null) {
        throw refused(`"${safeFileName(original)}" is not a .cbz, .zip, .epub or image file (JPEG, PNG, WebP, AVIF, GIF)`);
      }
      if (kind === 'archive' || (kind === 'images' && partKind === 'archive')) {
        throw refused('Upload either one archive (.cbz, .zip, .epub) or image files, not several archives or both');
      }
      kind = partKind;
      const stored = `${pad(received.length + 1)}-${safeFileName(original)}`;
      const target = partKind === 'archive' ? path.join(dir, stored) : path.join(dir, IMAGES_FOLDER, `.part-${stored}`);
      let fileBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          fileBytes += chunk.length;
          total += chunk.length;
          if (fileBytes > limits.maxFileBytes)
            callback(tooLarge(`"${safeFileName(original)}" is larger than ${limits.maxFileBytes / MB} MB`));
          else if (total > limits.maxJobBytes) callback(tooLarge(`The upload is larger than ${limits.maxJobBytes / MB} MB in all`));
          else callback(null, chunk);
        },
      });
      await pipeline(part.file, counter, createWriteStream(target, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge(`"${safeFileName(original)}" is larger than ${limits.maxFileBytes / MB} MB`);
      received.push({ original, stored });
    }
    if (!fieldsChecked) await checkFields(fields);
    if (kind === null) throw refused('Choose a .cbz, .zip or .epub file, or the image files of one chapter');
    if (kind === 'archive') {
      await rm(path.join(dir, IMAGES_FOLDER), { recursive: true });
      return { dir, source: received[0]!.stored, files: [received[0]!.original], bytes: total };
    }
    // The pages of the chapter in the order of their names (page 2 before page 10), whatever order the browser sent.
    const ordered = [...received].sort((a, b) => compareNatural(a.original, b.original));
    for (const [index, file] of ordered.entries()) {
      await rename(
        path.join(dir, IMAGES_FOLDER, `.part-${file.stored}`),
        path.join(dir, IMAGES_FOLDER, `${pad(index + 1)}-${file.stored.slice(5)}`),
      );
    }
    return { dir, source: IMAGES_FOLDER, files: ordered.map((file) => file.original), bytes: total };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw uploadError(error, limits);
  }
}

/**
 * Deletes what uploads cut short by a crash left behind (`.incoming-*` folders older than a day;
 * a refused or interrupted upload deletes its own at once). Staged uploads of jobs are the jobs' to delete.
 */
export async function sweepStaleUploads(root: string, now = Date.now(), maxAgeMs = 24 * 60 * 60 * 1000): Promise<number> {
  let removed = 0;
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith('.incoming-'))) {
    const folder = path.join(root, name);
    const info = await stat(folder).catch(() => null);
    if (info && now - info.mtimeMs > maxAgeMs) {
      await rm(folder, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}
