import { describe, expect, it } from 'vitest';
import { decodeEntities } from './decode-entities';

describe('decodeEntities', () => {
  it('decodes named and numeric entities as text', () => {
    expect(decodeEntities('Tom &amp; Jerry &#8212; &#x4E2D;&lt;b&gt;')).toBe('Tom & Jerry — 中<b>');
  });
  it('leaves unknown or invalid entities alone', () => {
    expect(decodeEntities('&bogus; &#0; & plain')).toBe('&bogus; &#0; & plain');
  });
});
