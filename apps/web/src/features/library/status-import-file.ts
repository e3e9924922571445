import { STATUS_IMPORT_FILE_MAX } from '@inkstream/contracts/constants';

/**
 * Issue 61: a picked export file as the import endpoint takes it: gzip (MAL's .xml.gz, told by its
 * first two bytes, not its name) as base64, anything else as text. Read in the browser; nothing is
 * sent until the reader presses Check.
 */
export class FileTooLargeError extends Error {}

export async function readImportFile(file: Blob): Promise<{ content: string; encoding: 'text' | 'base64' }> {
  if (file.size > STATUS_IMPORT_FILE_MAX) throw new FileTooLargeError();
  const bytes = new Uint8Array(await readBytes(file));
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return { content: toBase64(bytes), encoding: 'base64' };
  return { content: new TextDecoder().decode(bytes), encoding: 'text' };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode(...all) would overflow the call stack on a large file.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** FileReader rather than Blob.arrayBuffer: every browser the site supports, and the tests' DOM, have it. */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}
