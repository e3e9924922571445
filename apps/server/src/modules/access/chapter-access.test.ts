import { describe, expect, it } from 'vitest';
import {
  chapterAccessOf,
  hasChaptersOpenToEveryone,
  isOpenToEveryone,
  mayRead,
  membershipOpens,
  type ReaderTerms,
} from './chapter-access.js';

const NOW = 1_800_000_000_000;
const DAY = 86_400_000;
const reader = (terms: Partial<ReaderTerms> = {}): ReaderTerms => ({ role: 'user', membershipEnd: null, chapterGrant: null, ...terms });
/** A book with 3 free chapters: chapter 3 is free, chapter 4 is not. */
const chapter = (number: number, earlyAccessUntil: number | null = null, earlyAccessMembers = false) => ({
  number,
  publicFreeChapters: 3,
  earlyAccessUntil,
  earlyAccessMembers,
});

describe('the access rule (docs/ARCHITECTURE.md "Who may read what")', () => {
  it('opens the first free chapters to everyone, and no chapter of a book with none', () => {
    expect([1, 3, 4].map((n) => isOpenToEveryone(chapter(n)))).toEqual([true, true, false]);
    expect(isOpenToEveryone({ number: 1, publicFreeChapters: 0 })).toBe(false);
    expect([0, 1].map((publicFreeChapters) => hasChaptersOpenToEveryone({ publicFreeChapters }))).toEqual([false, true]);
  });

  it('answers each kind of reader as the table says', () => {
    const cases: [string, ReaderTerms | null, number, string][] = [
      ['visitor, free', null, 3, 'free'],
      ['visitor, paid', null, 4, 'members_only'],
      ['never a member', reader(), 4, 'members_only'],
      ['member', reader({ membershipEnd: NOW + DAY }), 4, 'member'],
      ['membership ending this instant', reader({ membershipEnd: NOW }), 4, 'expired'],
      ['lapsed', reader({ membershipEnd: NOW - DAY }), 4, 'expired'],
      ['administrator', reader({ role: 'admin' }), 4, 'admin'],
      ['grant of this chapter', reader({ chapterGrant: 'gift' }), 4, 'granted'],
      ['lapsed with a grant', reader({ membershipEnd: NOW - DAY, chapterGrant: 'gift' }), 4, 'granted'],
      ['member with a grant', reader({ membershipEnd: NOW + DAY, chapterGrant: 'gift' }), 4, 'member'],
      ['member, free chapter', reader({ membershipEnd: NOW + DAY }), 1, 'free'],
    ];
    for (const [name, who, number, expected] of cases) expect(chapterAccessOf(who, chapter(number), NOW), name).toBe(expected);
  });

  it('keeps a chapter in early access for unlocks (and members where the book says so) until its time', () => {
    const member = reader({ membershipEnd: NOW + DAY });
    const cases: [string, ReaderTerms | null, ReturnType<typeof chapter>, string][] = [
      // Issue 56: a visitor is told of the early access, not of a membership that may not open it.
      ['visitor', null, chapter(4, NOW + DAY), 'early_access'],
      ['visitor, members included', null, chapter(4, NOW + DAY, true), 'early_access'],
      ['visitor, early access over', null, chapter(4, NOW - 1), 'members_only'],
      ['never a member', reader(), chapter(4, NOW + DAY), 'early_access'],
      ['lapsed', reader({ membershipEnd: NOW - DAY }), chapter(4, NOW + DAY), 'early_access'],
      ['member, coins only', member, chapter(4, NOW + DAY), 'early_access'],
      ['member, members included', member, chapter(4, NOW + DAY, true), 'member'],
      ['unlocked', reader({ chapterGrant: 'coins' }), chapter(4, NOW + DAY), 'granted'],
      ['member who unlocked', reader({ membershipEnd: NOW + DAY, chapterGrant: 'coins' }), chapter(4, NOW + DAY), 'granted'],
      ['administrator', reader({ role: 'admin' }), chapter(4, NOW + DAY), 'admin'],
      ['member, early access ending this instant', member, chapter(4, NOW), 'member'],
      ['never a member, early access over', reader(), chapter(4, NOW - 1), 'members_only'],
    ];
    for (const [name, who, terms, expected] of cases) expect(chapterAccessOf(who, terms, NOW), name).toBe(expected);
  });

  it('says a membership opens a paid chapter, in early access only where the book includes members (issue 56)', () => {
    expect(membershipOpens(chapter(4), NOW)).toBe(true);
    expect(membershipOpens(chapter(4, NOW + DAY), NOW)).toBe(false);
    expect(membershipOpens(chapter(4, NOW + DAY, true), NOW)).toBe(true);
    expect(membershipOpens(chapter(4, NOW), NOW)).toBe(true);
  });

  it('reads every answer but the three refusals', () => {
    expect(['free', 'admin', 'member', 'granted', 'members_only', 'expired', 'early_access'].map((a) => mayRead(a as never))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('a grant with an end (issue 59: a rental)', () => {
  it('reads its chapter until the end and not from that instant on', () => {
    const cases: [string, ReaderTerms, string][] = [
      ['rental running', reader({ chapterGrant: 'rental', chapterGrantUntil: NOW + 1 }), 'granted'],
      ['rental ending this instant', reader({ chapterGrant: 'rental', chapterGrantUntil: NOW }), 'members_only'],
      ['rental ended', reader({ chapterGrant: 'rental', chapterGrantUntil: NOW - DAY }), 'members_only'],
      [
        'rental ended, membership lapsed',
        reader({ chapterGrant: 'rental', chapterGrantUntil: NOW - 1, membershipEnd: NOW - DAY }),
        'expired',
      ],
      ['grant for good', reader({ chapterGrant: 'coins', chapterGrantUntil: null }), 'granted'],
    ];
    for (const [name, who, expected] of cases) expect(chapterAccessOf(who, chapter(4), NOW), name).toBe(expected);
    expect(chapterAccessOf(reader({ chapterGrant: 'rental', chapterGrantUntil: NOW - 1 }), chapter(4, NOW + DAY), NOW)).toBe(
      'early_access',
    );
  });
});
