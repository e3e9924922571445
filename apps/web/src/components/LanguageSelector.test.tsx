import { cleanup, render as renderInDocument, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../lib/language';
import { setUpI18n } from '../test-support/render-screen';
import { LanguageSelector } from './LanguageSelector';

// The menu links to the Offline screen (issue 47): it renders inside a router.
const render = (element: ReactElement) => renderInDocument(<MemoryRouter>{element}</MemoryRouter>);

vi.mock('../lib/language', async (original) => ({ ...(await original<typeof import('../lib/language')>()), chooseLanguage: vi.fn() }));

beforeAll(setUpI18n);
afterEach(() => {
  cleanup();
  vi.mocked(chooseLanguage).mockClear();
  sessionStorage.clear();
});

describe('language selector (WCAG 3.2.2)', () => {
  it('moves through the languages with the arrow keys without applying any, and applies the one chosen with Enter', async () => {
    const user = userEvent.setup();
    render(<LanguageSelector />);
    const toggle = screen.getByRole('button', { name: 'Language: English' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('English'); // the current language
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}');
    expect(document.activeElement?.getAttribute('lang')).toBe('es-es');
    expect(chooseLanguage).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(chooseLanguage).toHaveBeenCalledExactlyOnceWith('es-es');
  });

  it('closes on Escape with focus back on the button', async () => {
    const user = userEvent.setup();
    render(<LanguageSelector />);
    const toggle = screen.getByRole('button', { name: 'Language: English' });
    await user.click(toggle);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(chooseLanguage).not.toHaveBeenCalled();
  });

  it('takes focus after the reload a choice caused, once', () => {
    sessionStorage.setItem('focus-language-selector', '1');
    render(<LanguageSelector />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Language: English' }));
    cleanup();
    render(<LanguageSelector />);
    expect(document.activeElement).toBe(document.body);
  });
});
