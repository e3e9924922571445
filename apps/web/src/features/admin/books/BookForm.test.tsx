import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminBookDetail } from '@inkstream/contracts';
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
  it('sends the titles given, the genres ticked (three at most), the artist trimmed and no free-chapter count for the site default', () => {
    const onSubmit = vi.fn();
    localStorage.setItem('language', 'zh-cn'); // a Chinese operator (the console itself in English here)
    render(<BookForm book={null} errors={NO_ERRORS} busy={false} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Title (简体中文)'), { target: { value: ' 青云志 ' } });
    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'Azure Cloud' } });
    for (const genre of ['Classical wuxia', 'Mystery', 'Modern urban']) fireEvent.click(screen.getByLabelText(genre));
    expect(screen.getByLabelText<HTMLInputElement>('Western fantasy').disabled).toBe(true);
    // Issue 46: who drew it, beside who wrote it (left empty: none).
    fireEvent.change(screen.getByLabelText('Artist'), { target: { value: ' Bea Stone & 李伟 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create book' }));
    expect(onSubmit).toHaveBeenCalledWith({
      original_language: 'zh-cn',
      titles: { 'zh-cn': '青云志', 'en-us': 'Azure Cloud' },
      introductions: { 'zh-cn': '', 'en-us': '' },
      tags: ['古典武侠', '悬疑推理', '现代都市'],
      alternate_titles: [],
      book_type: 'comic',
      author: null,
      artist: 'Bea Stone & 李伟',
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

  it('adds and removes alternate titles by keyboard, and sends them trimmed with their language or none', async () => {
    const onSubmit = vi.fn();
    localStorage.setItem('language', 'zh-cn');
    render(<BookForm book={null} errors={NO_ERRORS} busy={false} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Title (简体中文)'), { target: { value: '斗破苍穹' } });
    const add = screen.getByRole('button', { name: 'Add an alternate title' });
    fireEvent.click(add);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Alternate title 1')));
    fireEvent.change(screen.getByLabelText('Alternate title 1'), { target: { value: ' Doupo Cangqiong ' } });
    fireEvent.change(screen.getByLabelText('Language of title 1 (optional)'), { target: { value: 'zh-Latn-pinyin' } });
    fireEvent.click(add);
    fireEvent.change(screen.getByLabelText('Alternate title 2'), { target: { value: 'Wrong' } });
    fireEvent.click(add);
    fireEvent.change(screen.getByLabelText('Alternate title 3'), { target: { value: 'Battle Through the Heavens' } });
    // Removing the second line moves the focus to the line that took its place.
    fireEvent.click(screen.getByRole('button', { name: 'Remove alternate title 2' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Alternate title 2')));
    expect(screen.getByLabelText<HTMLInputElement>('Alternate title 2').value).toBe('Battle Through the Heavens');
    fireEvent.click(screen.getByRole('button', { name: 'Create book' }));
    expect(onSubmit.mock.calls[0]![0].alternate_titles).toEqual([
      { title: 'Doupo Cangqiong', language: 'zh-Latn-pinyin' },
      { title: 'Battle Through the Heavens', language: null },
    ]);
  });

  it('keeps a blank or repeated alternate title from being sent, saying why next to it', () => {
    const onSubmit = vi.fn();
    localStorage.setItem('language', 'en-us');
    render(<BookForm book={null} errors={NO_ERRORS} busy={false} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'Azure Cloud' } });
    const add = screen.getByRole('button', { name: 'Add an alternate title' });
    for (let i = 0; i < 3; i += 1) fireEvent.click(add);
    fireEvent.change(screen.getByLabelText('Alternate title 1'), { target: { value: 'Qingyun' } });
    fireEvent.change(screen.getByLabelText('Alternate title 2'), { target: { value: ' QINGYUN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create book' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const second = screen.getByLabelText('Alternate title 2');
    expect(document.getElementById(second.getAttribute('aria-describedby')!)?.textContent).toBe('This title is already in the list.');
    const third = screen.getByLabelText('Alternate title 3');
    expect(document.getElementById(third.getAttribute('aria-describedby')!)?.textContent).toBe('Write the title, or remove this line.');
    expect(document.activeElement).toBe(second);
    // The server's word for a line (a bad language tag) shows next to that line, until the list is edited.
    cleanup();
    const book = {
      original_language: 'en-us',
      titles: { 'en-us': 'Azure Cloud' },
      introductions: { 'en-us': '' },
      tags: [],
      alternate_titles: [{ title: 'Qingyun', language: 'zz zz' }],
      book_type: 'novel',
      author: null,
      status: 'ongoing',
      public_free_chapters: 3,
    } as unknown as AdminBookDetail;
    const errors = { fields: { 'alternate_titles.0.language': 'Not a language tag' }, message: null };
    render(<BookForm book={book} busy={false} onSubmit={vi.fn()} errors={errors} />);
    const language = screen.getByLabelText<HTMLInputElement>('Language of title 1 (optional)');
    expect(language.value).toBe('zz zz');
    expect(document.getElementById(language.getAttribute('aria-describedby')!)?.textContent).toBe('Not a language tag');
    fireEvent.change(language, { target: { value: 'zh' } });
    expect(screen.queryByText('Not a language tag')).toBeNull();
  });

  describe('content rating and descriptors (issue 61)', () => {
    const book = {
      original_language: 'en-us',
      titles: { 'en-us': 'Night Rain' },
      introductions: { 'en-us': '' },
      tags: [],
      alternate_titles: [],
      book_type: 'novel',
      author: null,
      artist: null,
      status: 'ongoing',
      public_free_chapters: 3,
      content_rating: 'teen',
      content_descriptors: ['violence'],
    } as unknown as AdminBookDetail;

    it("shows the book's rating and descriptors and sends them only once changed", () => {
      const onSubmit = vi.fn();
      localStorage.setItem('language', 'en-us');
      render(<BookForm book={book} errors={NO_ERRORS} busy={false} onSubmit={onSubmit} />);
      const rating = screen.getByLabelText<HTMLSelectElement>('Rating');
      expect(rating.value).toBe('teen');
      expect([...rating.options].map((option) => option.text)).toEqual(['All ages', 'Teen', 'Mature', 'Adult']);
      const descriptors = screen.getByRole('group', { name: 'Content descriptors' });
      expect(within(descriptors).getAllByRole('checkbox')).toHaveLength(8);
      expect(within(descriptors).getByLabelText<HTMLInputElement>('Violence').checked).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('content_rating');
      expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('content_descriptors');

      fireEvent.change(rating, { target: { value: 'mature' } });
      fireEvent.click(within(descriptors).getByLabelText('Self-harm'));
      fireEvent.click(within(descriptors).getByLabelText('Gore'));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      // In the vocabulary's order, whatever order they were ticked in.
      expect(onSubmit.mock.calls[1]![0]).toMatchObject({
        content_rating: 'mature',
        content_descriptors: ['violence', 'gore', 'self_harm'],
      });

      // Back to what the book has: nothing of either is sent.
      fireEvent.change(rating, { target: { value: 'teen' } });
      fireEvent.click(within(descriptors).getByLabelText('Gore'));
      fireEvent.click(within(descriptors).getByLabelText('Self-harm'));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(onSubmit.mock.calls[2]![0]).not.toHaveProperty('content_rating');
      expect(onSubmit.mock.calls[2]![0]).not.toHaveProperty('content_descriptors');
    });

    it('sends an adult rating for a new book, and shows the server’s refusal next to the fields', () => {
      const onSubmit = vi.fn();
      localStorage.setItem('language', 'en-us');
      render(<BookForm book={null} errors={NO_ERRORS} busy={false} onSubmit={onSubmit} />);
      fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'Night Rain' } });
      fireEvent.change(screen.getByLabelText('Rating'), { target: { value: 'adult' } });
      fireEvent.click(screen.getByLabelText('Nudity'));
      fireEvent.click(screen.getByRole('button', { name: 'Create book' }));
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ content_rating: 'adult', content_descriptors: ['nudity'] });
      cleanup();

      const errors = {
        fields: { content_rating: 'must be one of all_ages, teen, mature, adult', 'content_descriptors.1': 'must be a descriptor' },
        message: null,
      };
      render(<BookForm book={book} errors={errors} busy={false} onSubmit={vi.fn()} />);
      const rating = screen.getByLabelText('Rating');
      expect(rating.getAttribute('aria-invalid')).toBe('true');
      const ids = rating.getAttribute('aria-describedby')!.split(' ');
      expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain('must be one of all_ages, teen, mature, adult');
      const group = screen.getByRole('group', { name: 'Content descriptors' });
      const groupIds = group.getAttribute('aria-describedby')!.split(' ');
      expect(groupIds.map((id) => document.getElementById(id)?.textContent)).toContain('must be a descriptor');
    });
  });
});
