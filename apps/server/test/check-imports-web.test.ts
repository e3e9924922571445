import { describe, expect, it } from 'vitest';
import { lintScriptOnTrees } from './helpers/lint-script.js';

// scripts/check-imports-web.mjs (run by `npm run lint`) on small fixture trees, for its rules on page
// paths, requests and readability decisions (rule 6): each is broken once and the script must fail naming the file and line.
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

describe('check-imports-web: the browser renders the server’s decision (issue 57)', () => {
  it('fails where web code decides who may read from membership, unlocks or early access', () => {
    const result = check({
      ...app,
      // The chapter card's badge and the list's save button before issue 56, as they were written.
      'features/chapters/ChapterCard.tsx': [
        'export function badgeOf(chapter: any, isMember: boolean, coins: any) {',
        "  return chapter.is_free ? 'free' : isMember ? null : coins?.unlocked ? 'unlocked' : coins ? 'price' : 'membersOnly';",
        '}',
        '',
      ].join('\n'),
      'features/chapters/ChapterList.tsx': [
        'const mayTryToSave = (chapter: any, isMember: boolean, coins: any) =>',
        '  chapter.is_free || isMember || !!coins?.unlocked.includes(chapter.chapter_uuid);',
        'export { mayTryToSave };',
        '',
      ].join('\n'),
      'features/reading/locked.ts': [
        'export const readable = (membership: any) => membership !== null && !membership.is_expired;',
        'export const locked = (chapter: any) => Date.parse(chapter.early_access_until) > Date.now();',
        'export const open = (chapter: any, member: any) => { if (chapter.is_free || member.is_member) return true; return false; };',
        '',
      ].join('\n'),
    });
    expect(result.status).toBe(1);
    for (const line of [
      'features/chapters/ChapterCard.tsx:2 decides who may read a chapter (is_free joined with membership or unlocks)',
      'features/chapters/ChapterList.tsx:1 decides who may read a chapter (mayTryToSave made from membership, unlocks or is_free)',
      'features/chapters/ChapterList.tsx:2 decides who may read a chapter (is_free joined with membership or unlocks)',
      'features/reading/locked.ts:1 decides who may read a chapter (readable made from membership, unlocks or is_free)',
      'features/reading/locked.ts:2 decides who may read a chapter (early access compared)',
      'features/reading/locked.ts:3 decides who may read a chapter (is_free joined with membership or unlocks)',
    ])
      expect(result.output).toContain(line);
  });

  it('passes display code: the public fact alone, a membership’s own state, the server’s answer', () => {
    const result = check({
      ...app,
      'features/chapters/chapter-badge.ts': [
        'export const badgeOf = (chapter: any, access: any) => (!access ? (chapter.is_free ? { kind: "free" } : null) : access.access);',
        'export const mayTryToSave = (access: any): boolean => access?.readable === true;',
        '',
      ].join('\n'),
      'features/account/MembershipState.tsx': [
        'export const State = ({ membership, t }: any) => <>{membership.is_expired ? t("expiredOn") : t("memberUntil")}</>;',
        'export const Until = ({ chapter }: any) => <time>{chapter.early_access_until ?? ""}</time>;',
        'export const Free = ({ chapter, styles }: any) => <span className={chapter.is_free ? styles.free : styles.paid} />;',
        '',
      ].join('\n'),
      // Tests may build any state they need.
      'features/chapters/chapter-badge.test.ts': 'export const free = (chapter: any, isMember: boolean) => chapter.is_free || isMember;\n',
    });
    expect(result.output).toContain('readability from the server');
    expect(result.status).toBe(0);
  });
});
