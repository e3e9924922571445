import { gunzipSync } from 'node:zlib';
import { STATUS_IMPORT_FILE_MAX, STATUS_IMPORT_UNPACKED_MAX } from '@inkstream/contracts';
import { tooLarge, unreadable } from './entries.js';

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/**
 * Issue 61: the file's text from the request's `content`: plain text as is, or base64 decoded and,
 * when it starts with gzip's magic bytes (MAL's .xml.gz), unpacked with a cap on the output so a
 * small bomb cannot fill the memory (zlib stops at maxOutputLength).
 */
export function decodeContent(content: string, encoding: 'text' | 'base64'): string {
  if (encoding === 'text') {
    if (Buffer.byteLength(content, 'utf8') > STATUS_IMPORT_FILE_MAX) throw tooLarge('The file is over 2 MB');
    return content;
  }
  if (!BASE64.test(content)) throw unreadable('The file could not be read: it is not base64');
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > STATUS_IMPORT_FILE_MAX) throw tooLarge('The file is over 2 MB');
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    let unpacked: Buffer;
    try {
      unpacked = gunzipSync(bytes, { maxOutputLength: STATUS_IMPORT_UNPACKED_MAX });
    } catch (error) {
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw tooLarge('The file is over 20 MB once unpacked');
      }
      throw unreadable('The file could not be unpacked: it is not a whole gzip file');
    }
    return unpacked.toString('utf8');
  }
  return bytes.toString('utf8');
}
