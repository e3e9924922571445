import { describe, expect, it } from 'vitest';
import { TermIndexBuilder, withinEdits } from './term-index.js';

describe('withinEdits', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one edit each', () => {
    expect(withinEdits('storm', 'strom', 1)).toBe(true);
    expect(withinEdits('hairpin', 'hairpn', 1)).toBe(true);
    expect(withinEdits('dragon', 'dargon', 1)).toBe(true);
    expect(withinEdits('gate', 'gates', 1)).toBe(true);
    expect(withinEdits('gate', 'late', 1)).toBe(true);
    expect(withinEdits('storm', 'stone', 1)).toBe(false);
    expect(withinEdits('alchemists', 'alchemsit', 2)).toBe(true); // a swap and a letter missing
    expect(withinEdits('alchemists', 'alchemsit', 1)).toBe(false);
    expect(withinEdits('alchemists', 'alchemsiit', 2)).toBe(false);
  });
});

describe('TermIndex', () => {
  const builder = new TermIndexBuilder(2);
  builder.add(0, 1, ['storm', 'gate']);
  builder.add(1, 1, ['rain']);
  builder.add(0, 3, ['stone', 'gate', 'gate']);
  builder.add(0, 7, ['story']);
  const index = builder.build();
  const number = (term: string) => index.numberOf(term)!;

  it('lists the books of a term per field, in increasing order, once each', () => {
    expect(Array.from(index.books(0, number('gate')))).toEqual([1, 3]);
    expect(Array.from(index.books(1, number('gate')))).toEqual([]);
    expect(Array.from(index.books(1, number('rain')))).toEqual([1]);
    expect(index.numberOf('nothing')).toBeUndefined();
  });

  it('gives the terms of a prefix as a range of the sorted vocabulary', () => {
    const [from, to] = index.prefixRange('sto');
    expect(index.vocabulary.slice(from, to)).toEqual(['stone', 'storm', 'story']);
    expect(index.prefixRange('x')[0]).toBe(index.prefixRange('x')[1]);
  });

  it('finds the terms within the typos allowed, sharing the first letter', () => {
    expect(index.nearTerms('strom', 1).map((n) => index.vocabulary[n])).toEqual(['storm']);
    expect(index.nearTerms('tsorm', 1)).toEqual([]);
  });
});
