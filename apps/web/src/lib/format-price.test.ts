import { describe, expect, it } from 'vitest';
import { formatYuan } from './format-price';

describe('prices', () => {
  it('are written the way each language writes money', () => {
    expect(formatYuan(10, 'en-us')).toBe('CN¥10');
    expect(formatYuan(27, 'zh-cn')).toBe('¥27');
    expect(formatYuan(27, 'fr-fr')).toMatch(/^27\sCNY$/);
    expect(formatYuan(10, 'ar-sa')).toMatch(/10/); // Western digits in Arabic too
    expect(formatYuan(9.5, 'en-us')).toBe('CN¥9.50');
  });
});
