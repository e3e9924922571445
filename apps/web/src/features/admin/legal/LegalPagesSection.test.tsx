import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import LegalPagesSection from './LegalPagesSection';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const page = (kind: string, language: string, version = 0, markdown = `Built-in ${kind} ${language}`) => ({
  kind,
  language,
  current_version: version,
  published_at: version === 0 ? null : '2026-11-20T10:00:00.000Z',
  markdown,
  history: Array.from({ length: version }, (_, i) => ({
    version: version - i,
    author: i === 0 ? 'boss' : null,
    published_at: '2026-11-20T10:00:00.000Z',
  })),
});
const pages = () =>
  ['privacy', 'terms'].flatMap((kind) =>
    ['zh-cn', 'en-us', 'fr-fr', 'es-es', 'ar-sa'].map((language) =>
      kind === 'terms' && language === 'fr-fr' ? page(kind, language, 2, 'Conditions v2') : page(kind, language),
    ),
  );

describe('legal pages console', () => {
  it('shows the chosen page with its Markdown and versions, previews and publishes a new version', async () => {
    const fetch = stubApi({
      'GET /admin/legal': { status: 200, body: { data: { pages: pages() } } },
      'POST /admin/legal/preview': { status: 200, body: { data: { html: '<p>Preview <strong>text</strong></p>' } } },
      'PUT /admin/legal/terms/fr-fr': { status: 200, body: { data: page('terms', 'fr-fr', 3, 'Conditions v3') } },
    });
    renderScreen(<LegalPagesSection />, '/admin/legal');
    const editor = await screen.findByLabelText<HTMLTextAreaElement>('Markdown');
    expect(editor.value).toBe('Built-in privacy en-us');
    expect(screen.getByText(/^Readers see the built-in text \(version 0\)/)).toBeTruthy();
    expect(screen.getByText('No version published in this language yet.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Page'), { target: { value: 'terms' } });
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr-fr' } });
    expect(screen.getByLabelText<HTMLTextAreaElement>('Markdown').value).toBe('Conditions v2');
    const versions = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(versions).toEqual(['2', '1']);
    expect(screen.getByText('boss')).toBeTruthy();
    expect(screen.getByText('(former operator)')).toBeTruthy();
    // Nothing changed yet: nothing to publish.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Publish as a new version' }).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Markdown'), { target: { value: 'Conditions v3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('text').tagName).toBe('STRONG');
    const previewCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/admin/legal/preview'));
    expect(JSON.parse(String(previewCall?.[1]?.body))).toEqual({ markdown: 'Conditions v3' });

    fireEvent.click(screen.getByRole('button', { name: 'Publish as a new version' }));
    expect(screen.getByText(/Publish this text as version 3\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, publish' }));
    expect(await screen.findByText('Version 3 is published.')).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toContain('/api/v1/admin/legal/terms/fr-fr');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ markdown: 'Conditions v3' });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
  });

  it('shows the server message for a refused text next to the editor', async () => {
    stubApi({
      'GET /admin/legal': { status: 200, body: { data: { pages: pages() } } },
      'PUT /admin/legal/privacy/en-us': {
        status: 400,
        body: {
          error: 'Invalid request',
          code: 'VALIDATION_FAILED',
          details: [{ field: '/markdown', message: 'must be at most 100000 characters' }],
        },
      },
    });
    renderScreen(<LegalPagesSection />, '/admin/legal');
    fireEvent.change(await screen.findByLabelText('Markdown'), { target: { value: 'New privacy text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish as a new version' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, publish' }));
    const error = await screen.findByText('must be at most 100000 characters');
    expect(screen.getByLabelText('Markdown').getAttribute('aria-describedby')).toContain(error.id);
  });
});
