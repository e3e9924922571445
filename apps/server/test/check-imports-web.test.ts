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
  // Its server transport is allowed module-level state (set once per server process).
  'lib/api-fetch.ts':
    'let serverTransport: { fetch: typeof fetch } | undefined;\n' +
    'export const setServerTransport = (transport: { fetch: typeof fetch }) => {\n  serverTransport = transport;\n};\n' +
    'export const send = (url: URL) => (serverTransport?.fetch ?? globalThis.fetch)(url);\n',
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

describe('check-imports-web: module-level state', () => {
  it('fails on a per-render value kept in a module, a registry of listeners and a mutated object', () => {
    const result = check({
      ...app,
      // What issue 57 found: the server's render set it while other renders ran.
      'lib/data-saving.ts':
        'let serverLighterImages = false;\nexport function setServerLighterImages(value: boolean): void {\n  serverLighterImages = value;\n}\n' +
        'export const lighter = () => serverLighterImages;\n',
      'features/reading/watchers.ts':
        'const watchers = new Set<() => void>();\nexport const watch = (w: () => void) => void watchers.add(w);\n',
      'features/pwa/notices.ts': 'const shown = { update: false };\nexport function showUpdate(): void {\n  shown.update = true;\n}\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('lib/data-saving.ts:1 serverLighterImages is a module-level let');
    expect(result.output).toContain('features/reading/watchers.ts:1 watchers is a module-level collection that a function changes');
    expect(result.output).toContain('features/pwa/notices.ts:1 shown is a module-level collection that a function changes');
  });

  it('passes read-only tables, state inside functions and hooks, and the allowed entries; an allowed entry that no longer matches fails', () => {
    const fine = check({
      ...app,
      'lib/tables.ts':
        "const KINDS = new Set(['a', 'b']);\nconst LABELS = { a: 'A' };\n" +
        'export const isKind = (k: string) => KINDS.has(k) && k in LABELS;\n' +
        'export function useCounter() {\n  let n = 0;\n  const seen = new Set<number>();\n  return () => seen.add(++n);\n}\n',
      // Allowed (MODULE_STATE in the script): the tab's connection, which screens subscribe to.
      'lib/online.ts':
        'let unreachable = false;\nconst listeners = new Set<() => void>();\n' +
        'export function markUnreachable(): void {\n  unreachable = true;\n  listeners.forEach((listener) => listener());\n}\n' +
        'export const subscribe = (listener: () => void) => listeners.add(listener);\nexport const isUnreachable = () => unreachable;\n',
    });
    expect(fine.output).toContain('module-level state only as allowed (3)');
    expect(fine.status).toBe(0);
    const stale = check({ ...app, 'lib/online.ts': 'export const isUnreachable = () => false;\n' });
    expect(stale.status).toBe(1);
    expect(stale.output).toContain('MODULE_STATE lists lib/online.ts unreachable, which is no longer module-level state');
  });
});
