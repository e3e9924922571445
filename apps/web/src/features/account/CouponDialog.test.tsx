import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CouponDialog } from './CouponDialog';
import { formatExpiry } from './format-expiry';
import { MembershipSummary } from './MembershipSummary';
import { renderScreen, setUpSignedInScreenTests, stubApi } from '../../test-support/render-screen';

setUpSignedInScreenTests();

const OLD_EXPIRY = '2026-01-01T00:00:00.000Z';
const NEW_EXPIRY = '2027-03-01T12:30:00.000Z';
const membershipReply = (expire_at: string, is_expired: boolean) => ({
  status: 200,
  body: { data: { result: { expire_at, is_expired } } },
});

const codeInput = () => screen.getByLabelText<HTMLInputElement>('Coupon code');
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Redeem' });
const type = (value: string) => fireEvent.change(codeInput(), { target: { value } });

/** The dialog beside the profile's membership summary, which shares the membership query. */
function open() {
  renderScreen(
    <>
      <MembershipSummary username="reader" />
      <CouponDialog open onClose={vi.fn()} />
    </>,
    '/profile',
  );
}

describe('coupon dialog', () => {
  it('keeps submit disabled while the code is empty or only spaces, and no longer says payments open soon', () => {
    stubApi({ 'GET /user/book/membership': membershipReply(OLD_EXPIRY, true) });
    open();
    expect(submit().disabled).toBe(true);
    type('   ');
    expect(submit().disabled).toBe(true);
    type('SPRING2027');
    expect(submit().disabled).toBe(false);
    expect(screen.queryByText('Online payment opens soon.')).toBeNull();
  });

  it('redeems the trimmed code, shows the new expiry, clears the field and refreshes the membership', async () => {
    let redeemed = false;
    const fetch = stubApi({
      'GET /user/book/membership': () => (redeemed ? membershipReply(NEW_EXPIRY, false) : membershipReply(OLD_EXPIRY, true)),
      'POST /user/coupon/redeem': () => {
        redeemed = true;
        return membershipReply(NEW_EXPIRY, false);
      },
    });
    open();
    expect(await screen.findByText('Expired')).toBeTruthy();
    type('  spring2027 ');
    fireEvent.click(submit());

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(`Coupon redeemed. Your membership now runs until ${formatExpiry(NEW_EXPIRY)}.`);
    expect(within(status).getByText(formatExpiry(NEW_EXPIRY)).getAttribute('dateTime')).toBe(NEW_EXPIRY);
    expect(codeInput().value).toBe('');
    expect(submit().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();

    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ code: 'spring2027' });
    expect(new Headers(post?.[1]?.headers).get('Authorization')).toBe('Token token-1');
    // The summary fetched the membership again and now shows the new expiry.
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.getAllByText(formatExpiry(NEW_EXPIRY))).toHaveLength(2);
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')).toHaveLength(2);
  });

  const failures: [string, number, string, string][] = [
    ['INVALID_COUPON', 400, 'Invalid coupon', 'This coupon code is not valid.'],
    ['VALIDATION_FAILED', 400, 'Validation failed', 'This coupon code is not valid.'],
    ['COUPON_EXPIRED', 400, 'Coupon expired', 'This coupon has expired.'],
    ['COUPON_EXHAUSTED', 400, 'Coupon exhausted', 'This coupon has already been fully redeemed.'],
    ['COUPON_ALREADY_USED', 400, 'Coupon already used', 'You have already used this coupon.'],
    ['RATE_LIMITED', 429, 'Too many requests', 'Too many attempts. Please wait a moment and try again.'],
    ['UNAUTHORIZED', 401, 'Unauthorized', 'The coupon could not be redeemed. Please try again.'],
    ['INTERNAL_ERROR', 500, 'Internal error', 'The coupon could not be redeemed. Please try again.'],
  ];

  it.each(failures)('explains %s (%i) and keeps the code for another try', async (code, status, error, message) => {
    const fetch = stubApi({
      'GET /user/book/membership': membershipReply(OLD_EXPIRY, true),
      'POST /user/coupon/redeem': { status, body: { error, code } },
    });
    open();
    type('SPRING2027');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('status')).toBeNull();
    expect(codeInput().value).toBe('SPRING2027');
    expect(submit().disabled).toBe(false);
    // No redemption happened, so the membership is not fetched again.
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')).toHaveLength(1);
    // Editing the code clears the message about the previous one.
    type('SPRING2028');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('disables the field and submit while the redemption is pending', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('/coupon/')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(new Response(JSON.stringify(membershipReply(OLD_EXPIRY, true).body), { status: 200 })),
      ),
    );
    open();
    type('SPRING2027');
    fireEvent.click(submit());
    const pending = await screen.findByRole<HTMLButtonElement>('button', { name: 'Redeeming…' });
    expect(pending.disabled).toBe(true);
    expect(codeInput().disabled).toBe(true);
    answer(new Response(JSON.stringify(membershipReply(NEW_EXPIRY, false).body), { status: 200 }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(codeInput().disabled).toBe(false);
  });

  it('shows the generic message when the network fails', async () => {
    stubApi({ 'GET /user/book/membership': membershipReply(OLD_EXPIRY, true) });
    const offline = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes('/coupon/')) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(membershipReply(OLD_EXPIRY, true).body), { status: 200 });
    });
    vi.stubGlobal('fetch', offline);
    open();
    type('SPRING2027');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('The coupon could not be redeemed. Please try again.');
  });
});
