import { describe, expect, it } from 'vitest';
import { classifyFiles, formatBytes } from './upload-files';

const file = (name: string) => new File(['x'], name);

describe('classifyFiles', () => {
  it('takes one archive, or images in the order of their names', () => {
    expect(classifyFiles([file('a.cbz')])).toMatchObject({ kind: 'archive' });
    expect(classifyFiles([file('novel.EPUB')])).toMatchObject({ kind: 'archive' });
    const images = classifyFiles([file('p10.jpg'), file('p2.png'), file('p1.webp')]);
    expect(images.kind).toBe('images');
    expect(images.kind === 'images' && images.files.map((f) => f.name)).toEqual(['p1.webp', 'p2.png', 'p10.jpg']);
  });

  it('refuses mixes, several archives and other files', () => {
    expect(classifyFiles([])).toEqual({ kind: 'empty' });
    expect(classifyFiles([file('a.cbz'), file('1.jpg')])).toMatchObject({ kind: 'invalid', reason: 'mixed' });
    expect(classifyFiles([file('a.cbz'), file('b.zip')])).toMatchObject({ kind: 'invalid', reason: 'several-archives' });
    expect(classifyFiles([file('notes.txt')])).toMatchObject({ kind: 'invalid', reason: 'unsupported', name: 'notes.txt' });
  });
});

it('formatBytes', () => {
  expect(formatBytes(512, 'en-US')).toBe('512 B');
  expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
  expect(formatBytes(200 * 1024 * 1024, 'en-US')).toBe('200 MB');
});
