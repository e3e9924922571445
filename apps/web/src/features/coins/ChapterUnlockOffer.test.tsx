import type { UnlockOffer } from '@inkstream/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpSignedInScreenTests, stubApi } from '../../test-support/render-screen';
import { ChapterUnlockOffer } from './ChapterUnlockOffer';

const BOOK = '11111111-1111-4111-8111-111111111111';
const CHAPTER = '22222222-2222-4222-8222-222222222222';
const ok = (result: unknown) => ({ status: 200, body: { data: { result } } });
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

setUpSignedInScreenTests();

function renderOffer(offer: UnlockOffer, hasNext = true) {
  renderScreen(
    <ChapterUnlockOffer
      offer={offer}
      bookUuid={BOOK}
      chapterUuid={CHAPTER}
      hasNext={hasNext}
      buyCoinsPath="/profile?return=here#coins"
      loginPath="/login?return=here"
    />,
    '/reader',
  );
}

const bodyOf = (fetch: ReturnType<typeof stubApi>, path: string) => {
  const call = fetch.mock.calls.find(([url, init]) => init?.method === 'POST' && String(url).endsWith(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('the locked chapter’s coin offer', () => {
  it('unlocks this chapter in one tap when the wallet holds enough, or the next 5 with one more', async () => {
    const fetch = stubApi({ 'POST /comics/chapter/unlock': ok({ unlocked: [CHAPTER], balance: 70 }) });
    renderOffer({ price: 30, balance: 100, free_unlock_at: null });
    expect(screen.getByText('You have 100 coins')).toBeTruthy();
    expect(screen.getByText('30 coins per chapter, from this one on')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock this chapter for 30 coins' }));
    await settle();
    expect(bodyOf(fetch, '/comics/chapter/unlock')).toEqual({ chapter_uuid: CHAPTER });
    expect(screen.getByRole('status').textContent).toBe('Unlocked. Opening the chapter…');

    fireEvent.click(screen.getByRole('button', { name: 'Unlock the next 5' }));
    await settle();
    const bodies = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies.at(-1)).toEqual({ chapter_uuid: CHAPTER, count: 5 });
  });

  it('offers no "next" unlocks on the last chapter', () => {
    stubApi({});
    renderOffer({ price: 30, balance: 100, free_unlock_at: null }, false);
    expect(screen.queryByRole('button', { name: 'Unlock the next 5' })).toBeNull();
  });

  it('leads to the coins to buy when the balance is short, instead of an unlock that would fail', () => {
    stubApi({});
    renderOffer({ price: 30, balance: 10, free_unlock_at: null });
    expect(screen.queryByRole('button', { name: /Unlock this chapter/ })).toBeNull();
    expect(screen.getByText('This chapter costs 30 coins: you need more coins.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy coins' }).getAttribute('href')).toBe('/profile?return=here#coins');
  });

  it('says what is missing when the server finds the coins short (a bundle costs more)', async () => {
    stubApi({
      'POST /comics/chapter/unlock': { status: 402, body: { error: 'Short', code: 'INSUFFICIENT_COINS', balance: 100, price: 150 } },
    });
    renderOffer({ price: 30, balance: 100, free_unlock_at: null });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock the next 5' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Not enough coins: this costs 150 coins and you have 100 coins. Buy coins');
  });

  it('shows a visitor the price and asks them to log in', () => {
    stubApi({});
    renderOffer({ price: 1, balance: null, free_unlock_at: null });
    expect(screen.getByText('Unlock this chapter for 1 coin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to unlock' }).getAttribute('href')).toBe('/login?return=here');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reads the chapter free when the wait is over, and says when it will be otherwise', async () => {
    const fetch = stubApi({ 'POST /comics/chapter/unlock_free': ok({ chapter_uuid: CHAPTER, next_free_at: inHours(24) }) });
    renderOffer({ price: 30, balance: 0, free_unlock_at: inHours(-1) });
    fireEvent.click(screen.getByRole('button', { name: 'Read free now (wait-for-free)' }));
    await settle();
    // Issue 56: the free unlock names this chapter; the server opens it or nothing.
    expect(bodyOf(fetch, '/comics/chapter/unlock_free')).toEqual({ book_uuid: BOOK, chapter_uuid: CHAPTER });
    expect(screen.getByRole('status').textContent).toBe('Unlocked. Opening the chapter…');
    cleanUpScreen();

    stubApi({});
    renderOffer({ price: 30, balance: 0, free_unlock_at: inHours(3) });
    expect(screen.queryByRole('button', { name: /Read free/ })).toBeNull();
    expect(screen.getByText('Next free unlock in 3 hours')).toBeTruthy();
  });

  it('says so when a free unlock would open another chapter, and opens none (issue 56)', async () => {
    stubApi({
      'POST /comics/chapter/unlock_free': { status: 409, body: { error: 'Other chapter', code: 'FREE_UNLOCK_OTHER_CHAPTER' } },
    });
    renderOffer({ price: 30, balance: 0, free_unlock_at: inHours(-1) });
    fireEvent.click(screen.getByRole('button', { name: 'Read free now (wait-for-free)' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'A free unlock opens your first locked chapter in reading order, not this one: nothing was unlocked.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('always shows the way to buy coins beside the unlock (issue 56)', () => {
    stubApi({});
    renderOffer({ price: 30, balance: 100, free_unlock_at: null });
    expect(screen.getByRole('link', { name: 'Buy coins' }).getAttribute('href')).toBe('/profile?return=here#coins');
  });
});
