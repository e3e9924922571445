import { describe, expect, it } from 'vitest';
import { formatYuan } from './format-price';

describe('prices', () => {
  it('are written the way each language writes money', () => {
    expect(formatYuan(10, 'en-us')).toBe('CN¥10');
    expect(formatYuan(27, 'zh-cn')).toBe('¥27');
    expect(formatYuan(27, 'fr-fr')).toMatch(/^27\sCNY$/);
    // Arabic names the currency in words, with Western digits like every number of the site; no Latin
    // "CN¥" inside right-to-left text (it showed as "¥CN 10").
    expect(formatYuan(10, 'ar-sa')).toBe('10 يوان صيني');
    expect(formatYuan(27, 'ar-sa')).not.toMatch(/[A-Za-z¥]/);
    expect(formatYuan(27, 'es-es')).toMatch(/^27\sCNY$/);
    expect(formatYuan(9.5, 'en-us')).toBe('CN¥9.50');
  });
});
