import { describe, expect, it } from 'vitest';
import { movementOf, readRankingState, writeRankingState } from './ranking-rules';
import { formatReleaseTime, formatWeekdays, readerPublishingDays } from './release-format';
import { readWeekParam, weekStartOf } from './week-start';

describe('the calendar week start per language', () => {
  it('starts the week on Sunday in American English, Saturday in Arabic and Monday elsewhere', () => {
    expect(weekStartOf('en-us')).toBe('sunday');
    expect(weekStartOf('ar-sa')).toBe('saturday');
    expect(weekStartOf('zh-cn')).toBe('monday');
    expect(weekStartOf('fr-fr')).toBe('monday');
    expect(weekStartOf('es-es')).toBe('monday');
  });

  it('takes a week from the address only as a YYYY-MM-DD day', () => {
    expect(readWeekParam(new URLSearchParams('week=2026-12-01'))).toBe('2026-12-01');
    expect(readWeekParam(new URLSearchParams('week=next'))).toBeUndefined();
    expect(readWeekParam(new URLSearchParams(''))).toBeUndefined();
  });
});

describe('ranking movement', () => {
  it('says how many places a book went up or down, or that it is new or unchanged', () => {
    expect(movementOf(2, 5)).toEqual({ kind: 'up', by: 3 });
    expect(movementOf(4, 2)).toEqual({ kind: 'down', by: 2 });
    expect(movementOf(1, null)).toEqual({ kind: 'new' });
    expect(movementOf(7, 7)).toEqual({ kind: 'same' });
  });
});

describe('the rankings view in the address', () => {
  it('reads defaults for what is missing or unknown', () => {
    expect(readRankingState(new URLSearchParams(''))).toEqual({ kind: 'popular', period: 'week', tag: undefined, type: undefined });
    expect(readRankingState(new URLSearchParams('kind=best&period=year&type=film'))).toEqual({
      kind: 'popular',
      period: 'week',
      tag: undefined,
      type: undefined,
    });
    expect(readRankingState(new URLSearchParams('kind=rising&period=day&tag=romance&type=novel'))).toEqual({
      kind: 'rising',
      period: 'day',
      tag: 'romance',
      type: 'novel',
    });
  });

  it('writes only what differs from the plain /rankings, and no period for the rankings without one', () => {
    expect(writeRankingState({ kind: 'popular', period: 'week', tag: undefined, type: undefined }).toString()).toBe('');
    expect(writeRankingState({ kind: 'top_rated', period: 'day', tag: 'romance', type: 'comic' }).toString()).toBe(
      'kind=top_rated&tag=romance&type=comic',
    );
    expect(writeRankingState({ kind: 'rising', period: 'month', tag: undefined, type: undefined }).toString()).toBe(
      'kind=rising&period=month',
    );
  });
});

describe("release times and publishing days in the reader's zone", () => {
  const REFERENCE = Date.parse('2026-12-01T12:00:00Z');

  it("moves a publishing day with its time into the reader's zone", () => {
    // Tuesday 02:00 in Shanghai is Monday 19:00 in Paris; Friday 02:00 there is Thursday 19:00.
    expect(readerPublishingDays({ days: [2, 5], time: '02:00', time_zone: 'Asia/Shanghai' }, 'Europe/Paris', REFERENCE)).toEqual([1, 4]);
    expect(readerPublishingDays({ days: [2, 5], time: '10:00', time_zone: 'Asia/Shanghai' }, 'Asia/Shanghai', REFERENCE)).toEqual([2, 5]);
  });

  it("keeps the operator's days as they are without a set time", () => {
    expect(readerPublishingDays({ days: [5, 2], time: null, time_zone: 'Asia/Shanghai' }, 'America/New_York', REFERENCE)).toEqual([2, 5]);
  });

  it('names the days as each language joins a list', () => {
    expect(formatWeekdays([2, 5], 'en-us')).toBe('Tuesday and Friday');
    expect(formatWeekdays([2, 5], 'zh-cn')).toBe('星期二和星期五');
    expect(formatWeekdays([2, 5], 'fr-fr')).toBe('mardi et vendredi');
  });

  it("writes a release time in the reader's zone and language, in Latin digits", () => {
    expect(formatReleaseTime('2026-12-01T10:00:00Z', 'en-us', 'UTC')).toBe('10:00 AM');
    expect(formatReleaseTime('2026-12-01T10:00:00Z', 'zh-cn', 'Asia/Shanghai')).toBe('18:00');
    expect(formatReleaseTime('2026-12-01T10:00:00Z', 'ar-sa', 'UTC')).toMatch(/^10:00/);
  });
});
