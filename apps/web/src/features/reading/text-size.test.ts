import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXT_SIZE, parseTextSize, stepTextSize, TEXT_SIZES } from './text-size';

describe('text size', () => {
  it('has at least four steps around the default', () => {
    expect(TEXT_SIZES.length).toBeGreaterThanOrEqual(4);
    expect(TEXT_SIZES).toContain(DEFAULT_TEXT_SIZE);
  });

  it('reads only a stored step, else the default', () => {
    expect(parseTextSize('130')).toBe(130);
    for (const stored of [null, '', '101', 'big', '1e9', '-100']) expect(parseTextSize(stored)).toBe(DEFAULT_TEXT_SIZE);
  });

  it('steps up and down and holds at either end', () => {
    expect(stepTextSize(100, 1)).toBe(115);
    expect(stepTextSize(100, -1)).toBe(85);
    expect(stepTextSize(TEXT_SIZES[0], -1)).toBe(TEXT_SIZES[0]);
    const largest = TEXT_SIZES[TEXT_SIZES.length - 1]!;
    expect(stepTextSize(largest, 1)).toBe(largest);
  });
});
