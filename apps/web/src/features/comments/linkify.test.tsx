import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

afterEach(cleanup);

/** Renders the text as a comment would and returns the paragraph. */
function shown(text: string): HTMLElement {
  const { container } = render(<p>{linkify(text)}</p>);
  return container.querySelector('p')!;
}

describe('comment links', () => {
  it('links http, https and www. addresses, safely and apart from the reader', () => {
    const body = shown('see https://example.com/a?b=1 and www.example.org or http://x.example');
    const links = [...body.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'https://www.example.org/',
      'http://x.example/',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(body.textContent).toBe('see https://example.com/a?b=1 and www.example.org or http://x.example');
  });

  it('leaves javascript:, data:, vbscript: and bare domains as text', () => {
    const text = 'javascript:alert(1) data:text/html;base64,PHNjcmlwdD4= vbscript:x JAVASCRIPT://%0aalert(1) example.com';
    const body = shown(text);
    expect(body.querySelectorAll('a')).toHaveLength(0);
    expect(body.textContent).toBe(text);
  });

  it('never turns markup into elements: script, img and svg payloads stay literal text', () => {
    const payloads = [
      '<script>window.__xss=1</script>',
      '<img src=x onerror="window.__xss=1">',
      '"><svg onload=window.__xss=1>',
      '<a href="javascript:window.__xss=1">click</a>',
    ];
    for (const payload of payloads) {
      const body = shown(payload);
      expect(body.children).toHaveLength(0);
      expect(body.textContent).toBe(payload);
    }
  });

  it('ends a link at a quote or angle bracket, so nothing can break out of the address', () => {
    const body = shown('https://example.com/"onmouseover="alert(1) and https://example.com/<script>x</script>');
    const links = [...body.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['https://example.com/', 'https://example.com/']);
    expect(links.every((a) => a.attributes.length === 4)).toBe(true); // href, rel, target, dir: no attribute from the text
    expect(body.textContent).toBe('https://example.com/"onmouseover="alert(1) and https://example.com/<script>x</script>');
    expect(body.querySelector('script')).toBeNull();
  });

  it('keeps the sentence’s punctuation out of the link but a balanced bracket in it', () => {
    const body = shown('(read https://en.wikipedia.org/wiki/Foo_(bar)). Also https://x.example/page.');
    expect([...body.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://x.example/page',
    ]);
  });

  it('does not link an address glued to a word or an e-mail', () => {
    expect(shown('xhttps://example.com mail@www.example.com').querySelectorAll('a')).toHaveLength(0);
  });

  it('shows the host the browser really visits, not the one typed (issue 40)', () => {
    const body = shown('Look: https://аррӏе.com/ and https://evil.example@inkstream.example/ or https://bücher.example/x');
    const links = [...body.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual([
      'https://xn--80ak6aa92e.com/',
      'https://inkstream.example/',
      'https://bücher.example/x',
    ]);
    // Each shows what its href visits.
    expect(links.map((a) => new URL(a.getAttribute('href')!).hostname)).toEqual([
      'xn--80ak6aa92e.com',
      'inkstream.example',
      'xn--bcher-kva.example',
    ]);
    expect(body.textContent).toBe('Look: https://xn--80ak6aa92e.com/ and https://inkstream.example/ or https://bücher.example/x');
  });

  it('accepts only http and https with a host', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('http://')).toBeNull();
    expect(safeHref('www.example.com')).toBe('https://www.example.com/');
  });
});
