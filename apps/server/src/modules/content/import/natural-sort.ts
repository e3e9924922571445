/**
 * Orders file and folder names as people number them: `2.jpg` before `10.jpg`, `Chapter 9`
 * before `Chapter 10`. Case and accents only break ties, so the order is stable on every system.
 */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function compareNatural(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Compares slash-separated paths folder by folder, so `a/10/x` sorts after `a/9/y`. */
export function comparePaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const order = compareNatural(left[i]!, right[i]!);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}
