import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countVisit, isInstallOfferDue, isStandalone, readInstallOffer, SNOOZE_MS, updateInstallOffer } from './install-offer';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.UTC(2030, 0, 10, 9);

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('when to offer the install', () => {
  it('is due on a second visit or after a finished chapter', () => {
    expect(isInstallOfferDue({}, NOW, false)).toBe(false);
    expect(isInstallOfferDue({ visits: 1 }, NOW, false)).toBe(false);
    expect(isInstallOfferDue({ visits: 2 }, NOW, false)).toBe(true);
    expect(isInstallOfferDue({ visits: 1, finished: true }, NOW, false)).toBe(true);
  });

  it('is never due once installed, inside the installed app, or during the 30 days after Not now', () => {
    expect(isInstallOfferDue({ visits: 5, installed: true }, NOW, false)).toBe(false);
    expect(isInstallOfferDue({ visits: 5 }, NOW, true)).toBe(false);
    expect(isInstallOfferDue({ visits: 5, snoozedUntil: NOW + 1 }, NOW, false)).toBe(false);
    expect(isInstallOfferDue({ visits: 5, snoozedUntil: NOW }, NOW, false)).toBe(true);
    expect(SNOOZE_MS).toBe(30 * DAY);
  });

  it('counts a visit per page load that comes more than half an hour after the last', () => {
    const visits = () => readInstallOffer().visits;
    countVisit(NOW);
    expect(visits()).toBe(1);
    countVisit(NOW + 20 * MINUTE);
    expect(visits()).toBe(1);
    // 29 minutes after that last page: the same visit still.
    countVisit(NOW + 49 * MINUTE);
    expect(visits()).toBe(1);
    countVisit(NOW + 80 * MINUTE);
    expect(visits()).toBe(2);
    expect(readInstallOffer().seen).toBe(NOW + 80 * MINUTE);
  });

  it('keeps what it remembers in one key, changed a field at a time', () => {
    updateInstallOffer({ finished: true });
    updateInstallOffer({ snoozedUntil: NOW });
    expect(JSON.parse(localStorage.getItem('install-offer')!)).toEqual({ finished: true, snoozedUntil: NOW });
  });

  it('starts afresh from a stored value it cannot read', () => {
    localStorage.setItem('install-offer', '{not json');
    expect(readInstallOffer()).toEqual({});
    countVisit(NOW);
    expect(readInstallOffer().visits).toBe(1);
  });

  it('knows the installed app by its display mode', () => {
    expect(isStandalone()).toBe(false);
    window.matchMedia = vi.fn((query: string) => ({ matches: query === '(display-mode: standalone)' }) as MediaQueryList);
    expect(isStandalone()).toBe(true);
  });
});
