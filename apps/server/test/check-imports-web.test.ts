import { describe, expect, it } from 'vitest';
import { lintScriptOnTrees } from './helpers/lint-script.js';

// scripts/check-imports-web.mjs (run by `npm run lint`) on small fixture trees, for its rules on page
// paths and requests: each is broken once and the script must fail naming the file and line.
const check = lintScriptOnTrees('check-imports-web.mjs');

const app = {
  'components/Header.tsx': [
    "import { PAGE_PATTERNS } from '@inkstream/contracts/routes';",
    '// The account link: /profile, or /login for a visitor.',
    'export const Account = ({ user }: { user: boolean }) => <a href={user ? PAGE_PATTERNS.profile : PAGE_PATTERNS.login} />;',
    '',
  ].join('\n'),
  'lib/api-fetch.ts': 'export const send = (url: URL) => globalThis.fetch(url);\n',
  'lib/api-reading.ts':
    "import { send } from './api-fetch';\nexport const progress = () => send(new URL('/api/v1/reader/progress', 'http://x'));\n",
  // Excused (ALLOWED in the script): a path's first character, not the home page.
  'lib/return-path.ts': "export const isPath = (raw: string) => raw.startsWith('/');\n",
  'lib/ids.test.ts': "export const link = '/profile';\n",
};

describe('check-imports-web: page paths and requests', () => {
  it('passes an app whose links come from the contracts and whose requests go through the client', () => {
    const result = check(app);
    expect(result.output).toContain('page paths from the contracts');
    expect(result.status).toBe(0);
  });

  it('fails on a page path typed by hand: a string, a JSX attribute, a part of a template, the home page', () => {
    const result = check({
      ...app,
      'components/Header.tsx': "export const Account = ({ user }: { user: boolean }) => <a href={user ? '/profile' : '/login'} />;\n",
      'components/Footer.tsx': 'export const Footer = () => <a href="/contact-us" />;\n',
      'features/account/invite.ts': 'export const invite = (origin: string, code: string) => `${origin}/register?invite_code=${code}`;\n',
      'components/NotFound.tsx': 'export const Home = () => <a href="/" />;\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('components/Header.tsx:1 types the page path "/profile"');
    expect(result.output).toContain('components/Header.tsx:1 types the page path "/login"');
    expect(result.output).toContain('components/Footer.tsx:1 types the page path "/contact-us"');
    expect(result.output).toContain('features/account/invite.ts:1 types the page path "/register?invite_code="');
    expect(result.output).toContain('components/NotFound.tsx:1 types the page path "/"');
  });

  it('fails on a request outside the client module: fetch called or passed on, XMLHttpRequest, a beacon', () => {
    const result = check({
      ...app,
      'lib/api-reading.ts': "export const progress = () => fetch('/api/v1/reader/progress', { keepalive: true });\n",
      'features/admin/upload.ts': 'export const upload = () => new XMLHttpRequest();\n',
      'features/reading/events.ts': "export const send = (body: string) => navigator.sendBeacon('/api/v1/events', body);\n",
      'lib/transport.ts': 'export const transport = { fetch: window.fetch };\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('lib/api-reading.ts:1 sends a request with fetch');
    expect(result.output).toContain('features/admin/upload.ts:1 sends a request with XMLHttpRequest');
    expect(result.output).toContain('features/reading/events.ts:1 sends a request with navigator.sendBeacon');
    expect(result.output).toContain('lib/transport.ts:1 sends a request with window.fetch');
  });
});
