import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpAdminI18n } from '../../../test-support/render-screen';
import { NO_ERRORS } from '../shell/form-errors';
import { BookForm } from './BookForm';

beforeAll(setUpAdminI18n);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('book form', () => {
  it('sends the titles given, the genres ticked (three at most) and no free-chapter count for the site default', () => {
    const onSubmit = vi.fn();
    localStorage.setItem('language', 'zh-cn'); // a Chinese operator (the console itself in English here)
    render(<BookForm book={null} errors={NO_ERRORS} busy={false} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Title (简体中文)'), { target: { value: ' 青云志 ' } });
    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'Azure Cloud' } });
    for (const genre of ['Classical wuxia', 'Mystery', 'Modern urban']) fireEvent.click(screen.getByLabelText(genre));
    expect(screen.getByLabelText<HTMLInputElement>('Western fantasy').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create book' }));
    expect(onSubmit).toHaveBeenCalledWith({
      original_language: 'zh-cn',
      titles: { 'zh-cn': '青云志', 'en-us': 'Azure Cloud' },
      introductions: { 'zh-cn': '', 'en-us': '' },
      tags: ['古典武侠', '悬疑推理', '现代都市'],
      book_type: 'comic',
      author: null,
      status: 'ongoing',
    });
  });

  it("starts a new book in the operator's own language", () => {
    localStorage.setItem('language', 'fr-fr');
    render(<BookForm book={null} errors={NO_ERRORS} busy={false} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText<HTMLSelectElement>('Original language').value).toBe('fr-fr');
    expect(screen.getByLabelText('Title (Français)')).toBeTruthy();
  });

  it("shows the server's message next to its field and marks the language tab", () => {
    localStorage.setItem('language', 'zh-cn');
    render(
      <BookForm
        book={null}
        busy={false}
        onSubmit={vi.fn()}
        errors={{
          fields: { 'titles.zh-cn': 'A title in the original language is required', public_free_chapters: 'must be <= 10000' },
          message: null,
        }}
      />,
    );
    const title = screen.getByLabelText('Title (简体中文)');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A title in the original language is required',
    );
    expect(screen.getByText('must be <= 10000')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /简体中文.*has an error/ })).toBeTruthy();
  });
});
