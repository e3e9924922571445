import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { reloadTo } from './full-reload';
import { SignInFinishView } from './SignInFinishView';

vi.mock('./full-reload', () => ({ reloadTo: vi.fn() }));

beforeAll(setUpI18n);
afterEach(() => {
  cleanUpScreen();
  window.location.hash = '';
});

const outcome = (status: string, extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: {
    data: {
      result: {
        status,
        provider: 'corp',
        provider_name: 'Corp ID',
        login: null,
        proposed_username: null,
        email: null,
        return_to: null,
        ...extra,
      },
    },
  },
});

describe('the end of a provider sign-in (/sign-in/finish)', () => {
  it('shows the server’s refusal in its own words', () => {
    window.location.hash = '#error=EXTERNAL_EMAIL_UNVERIFIED';
    renderScreen(<SignInFinishView />, '/sign-in/finish');
    expect(screen.getByRole('alert').textContent).toMatch(/^The provider has not verified your e-mail address/);
  });

  it('asks for the two-step code when the server says so, and shows a wrong code’s words', async () => {
    window.location.hash = '#result=abcdefghijklmnopqrstuvwxyz';
    stubApi({
      'POST /sign-in/external/result': outcome('totp_required'),
      'POST /sign-in/external/two-step': { status: 401, body: { error: 'wrong', code: 'INVALID_TOTP' } },
    });
    renderScreen(<SignInFinishView />, '/sign-in/finish');
    await screen.findByRole('heading', { name: 'Two-step sign-in' });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The code is not correct/);
  });

  it('proposes the user name for a new account and says when it is taken', async () => {
    window.location.hash = '#result=abcdefghijklmnopqrstuvwxyz';
    stubApi({
      'POST /sign-in/external/result': outcome('choose_username', { proposed_username: 'grace' }),
      'POST /sign-in/external/create-account': { status: 409, body: { error: 'taken', code: 'USERNAME_TAKEN' } },
    });
    renderScreen(<SignInFinishView />, '/sign-in/finish');
    await screen.findByRole('heading', { name: 'Choose your user name' });
    expect((screen.getByRole('textbox', { name: 'User name' }) as HTMLInputElement).value).toBe('grace');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This user name is taken. Please choose another.');
  });

  it('a provider sign-in that cancelled the account’s deletion says so on the page after it, as a password login does', async () => {
    window.location.hash = '#result=abcdefghijklmnopqrstuvwxyz';
    sessionStorage.clear();
    stubApi({
      'POST /sign-in/external/result': outcome('signed_in', {
        login: { jwt_token: 'jwt', uuid: 'uuid-1', username: 'reader', deletion_cancelled: true },
        return_to: '/library',
      }),
    });
    renderScreen(<SignInFinishView />, '/sign-in/finish');
    await vi.waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/library'));
    expect(JSON.parse(sessionStorage.getItem('account-notice') ?? 'null')).toEqual({ kind: 'deletion-cancelled' });
    expect(localStorage.getItem('X-API-TOKEN')).toBe('jwt');
  });
});
