/** The first index of `list` at or after `from` whose value is at least `value` (galloping, then binary search). */
export function seek(list: Int32Array, from: number, value: number): number {
  let step = 1;
  let low = from;
  let high = from;
  while (high < list.length && list[high]! < value) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  if (high > list.length) high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Unions and intersections of sorted posting lists (places of `count` books), sharing one byte
 * per book for the marks, cleared after each use.
 */
export function postingSets(count: number) {
  /** A byte per book for unions, cleared after each use. */
  let scratch: Uint8Array | undefined;

  /**
   * The books in any of `lists`, sorted, once each: a few short lists are joined and sorted, many
   * or long ones (a prefix of 500 terms) marked in a byte per book and read back in order.
   */
  function union(lists: Int32Array[]): Int32Array {
    if (lists.length === 1) return lists[0]!;
    const total = lists.reduce((sum, list) => sum + list.length, 0);
    if (total <= 4_096) {
      const all = new Int32Array(total);
      let at = 0;
      for (const list of lists) {
        all.set(list, at);
        at += list.length;
      }
      all.sort();
      let kept = 0;
      for (let i = 0; i < all.length; i += 1) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i]!;
      return all.subarray(0, kept);
    }
    const marks = (scratch ??= new Uint8Array(count));
    let low = count;
    let high = -1;
    for (const list of lists) {
      if (list.length === 0) continue;
      if (list[0]! < low) low = list[0]!;
      if (list[list.length - 1]! > high) high = list[list.length - 1]!;
      for (let i = 0; i < list.length; i += 1) marks[list[i]!] = 1;
    }
    const out = new Int32Array(total);
    let kept = 0;
    for (let place = low; place <= high; place += 1) {
      if (marks[place] === 0) continue;
      out[kept++] = place;
      marks[place] = 0;
    }
    return out.subarray(0, kept);
  }

  /**
   * The books in at least one list of every choice (a conjunction), sorted: the choice with the
   * fewest books is read in full, each other one only checked for those books, smallest first,
   * until none is left (by galloping through its lists, or by marking them when that is cheaper).
   */
  function meetAll(choices: Int32Array[][]): Int32Array {
    const sizeOf = (lists: Int32Array[]) => lists.reduce((sum, list) => sum + list.length, 0);
    const sized = choices.map((lists) => ({ lists: lists.filter((list) => list.length > 0), size: sizeOf(lists) }));
    sized.sort((a, b) => a.size - b.size);
    let current = union(sized[0]!.lists);
    for (let c = 1; c < sized.length && current.length > 0; c += 1) {
      const { lists, size } = sized[c]!;
      const kept = new Int32Array(current.length);
      let n = 0;
      // Galloping costs a few steps per book and list; marking, two visits of every posting.
      if (current.length * lists.length * 4 < 2 * size) {
        const cursors = new Int32Array(lists.length);
        for (const place of current) {
          let isIn = false;
          for (let l = 0; l < lists.length && !isIn; l += 1) {
            const list = lists[l]!;
            const at = seek(list, cursors[l]!, place);
            cursors[l] = at;
            isIn = at < list.length && list[at] === place;
          }
          if (isIn) kept[n++] = place;
        }
      } else {
        const marks = (scratch ??= new Uint8Array(count));
        for (const list of lists) for (let i = 0; i < list.length; i += 1) marks[list[i]!] = 1;
        for (const place of current) if (marks[place] === 1) kept[n++] = place;
        for (const list of lists) for (let i = 0; i < list.length; i += 1) marks[list[i]!] = 0;
      }
      current = kept.subarray(0, n);
    }
    return current;
  }

  return { meetAll };
}
