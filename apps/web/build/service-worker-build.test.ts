import { describe, expect, it } from 'vitest';
import { buildVersion, DEV_BUILD, injectBuild, precacheFiles, WEB_MANIFEST_FILES, type Manifest } from './service-worker-build';

// A build's manifest as Vite writes it, cut down to the shapes that matter.
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_vendor-1.js', '_shell-1.js'],
    css: ['assets/index-1.css'],
    dynamicImports: ['src/routes/BookListPage.tsx', 'src/routes/ReadingPage.tsx', 'src/routes/ProfilePage.tsx', 'src/routes/AdminPage.tsx'],
  },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_shell-1.js': { file: 'assets/shell-1.js', css: ['assets/shell-1.css'], dynamicImports: ['src/i18n/locales/en-us/first.ts'] },
  'src/routes/BookListPage.tsx': {
    file: 'assets/BookListPage-1.js',
    src: 'src/routes/BookListPage.tsx',
    isDynamicEntry: true,
    imports: ['_shell-1.js'],
  },
  'src/routes/ReadingPage.tsx': {
    file: 'assets/ReadingPage-1.js',
    src: 'src/routes/ReadingPage.tsx',
    isDynamicEntry: true,
    imports: ['_vendor-1.js', '_Dialog-1.js'],
    css: ['assets/ReadingPage-1.css'],
    dynamicImports: ['src/features/reading/paged/PagedReader.tsx'],
  },
  '_Dialog-1.js': { file: 'assets/Dialog-1.js', css: ['assets/Dialog-1.css'] },
  'src/features/reading/paged/PagedReader.tsx': {
    file: 'assets/PagedReader-1.js',
    src: 'src/features/reading/paged/PagedReader.tsx',
    isDynamicEntry: true,
    css: ['assets/PagedReader-1.css'],
  },
  'src/routes/ProfilePage.tsx': { file: 'assets/ProfilePage-1.js', src: 'src/routes/ProfilePage.tsx', isDynamicEntry: true },
  'src/routes/AdminPage.tsx': {
    file: 'assets/AdminPage-1.js',
    src: 'src/routes/AdminPage.tsx',
    isDynamicEntry: true,
    dynamicImports: ['src/features/admin/AdminApp.tsx'],
  },
  'src/features/admin/AdminApp.tsx': { file: 'assets/AdminApp-1.js', src: 'src/features/admin/AdminApp.tsx', isDynamicEntry: true },
  'src/i18n/locales/en-us/first.ts': { file: 'assets/first-en.js', src: 'src/i18n/locales/en-us/first.ts', isDynamicEntry: true },
  'src/i18n/locales/ar-sa/rest.ts': { file: 'assets/rest-ar.js', src: 'src/i18n/locales/ar-sa/rest.ts', isDynamicEntry: true },
  'src/i18n/locales/ar-sa/admin/index.ts': {
    file: 'assets/admin-ar.js',
    src: 'src/i18n/locales/ar-sa/admin/index.ts',
    isDynamicEntry: true,
  },
};

describe('the files the service worker precaches', () => {
  it('are the app shell, the reader’s screens with their lazy parts and styles, and every language’s parts', () => {
    expect(precacheFiles(MANIFEST).sort()).toEqual(
      [
        '/assets/index-1.js',
        '/assets/index-1.css',
        '/assets/vendor-1.js',
        '/assets/shell-1.js',
        '/assets/shell-1.css',
        '/assets/BookListPage-1.js',
        '/assets/ReadingPage-1.js',
        '/assets/ReadingPage-1.css',
        '/assets/Dialog-1.js',
        '/assets/Dialog-1.css',
        '/assets/PagedReader-1.js',
        '/assets/PagedReader-1.css',
        '/assets/first-en.js',
        '/assets/rest-ar.js',
      ].sort(),
    );
  });

  it('leave out the console and the screens a reader cannot use offline', () => {
    const files = precacheFiles(MANIFEST);
    for (const file of ['/assets/AdminPage-1.js', '/assets/AdminApp-1.js', '/assets/admin-ar.js', '/assets/ProfilePage-1.js'])
      expect(files).not.toContain(file);
  });

  it('take the Offline screen and its lazy parts once a build has them', () => {
    const withOffline: Manifest = {
      ...MANIFEST,
      'src/routes/OfflinePage.tsx': {
        file: 'assets/OfflinePage-1.js',
        src: 'src/routes/OfflinePage.tsx',
        isDynamicEntry: true,
        dynamicImports: ['src/features/offline/SavedChapterReader.tsx'],
      },
      'src/features/offline/SavedChapterReader.tsx': { file: 'assets/SavedChapterReader-1.js', isDynamicEntry: true },
    };
    expect(precacheFiles(withOffline)).toEqual(expect.arrayContaining(['/assets/OfflinePage-1.js', '/assets/SavedChapterReader-1.js']));
  });
});

describe('what the build writes into the worker', () => {
  const bundle = '(function() {\n  startServiceWorker(self, SW_BUILD);\n})();\n';

  it('declares the build (version and list) in one line before the bundled worker', () => {
    const built = injectBuild(bundle, { version: 'abc123', precache: ['/assets/index-1.js'] });
    expect(built).toBe(`const SW_BUILD = {"version":"abc123","precache":["/assets/index-1.js"]};\n${bundle}`);
    // The declared build is what the worker's code reads.
    const read = new Function(`${built.split('\n')[0]}\nreturn SW_BUILD;`) as () => unknown;
    expect(read()).toEqual({ version: 'abc123', precache: ['/assets/index-1.js'] });
  });

  it('refuses a bundle that declares it already (written in twice)', () => {
    const once = injectBuild(bundle, DEV_BUILD);
    expect(() => injectBuild(once, { version: 'x', precache: [] })).toThrow(/already/);
  });

  it('gives each build its version: a change to the manifest, the page or the worker gives another', async () => {
    const version = await buildVersion(['manifest', 'page', 'worker']);
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(await buildVersion(['manifest', 'page', 'worker'])).toBe(version);
    for (const other of [
      ['manifest 2', 'page', 'worker'],
      ['manifest', 'page 2', 'worker'],
      ['manifest', 'page', 'worker 2'],
    ])
      expect(await buildVersion(other)).not.toBe(version);
  });
});

describe('the install manifests the worker precaches (issue 56)', () => {
  it('are one per language the site speaks', () => {
    expect([...WEB_MANIFEST_FILES].sort()).toEqual([
      '/manifest.ar-sa.webmanifest',
      '/manifest.en-us.webmanifest',
      '/manifest.es-es.webmanifest',
      '/manifest.fr-fr.webmanifest',
      '/manifest.zh-cn.webmanifest',
    ]);
  });
});
