// Every relative link in README.md and docs/*.md must point at a file a fresh clone has: a file
// tracked by git (not something built, generated at run time or kept only on one machine).
// Run by `npm run lint`; prints each broken link and exits 1.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const tracked = new Set(execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean));
const trackedDirs = new Set(
  [...tracked].flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);

const documents = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
// [text](target) and [text](target "title"); images too. Autolinks (<https://…>) are outside the repo by definition.
const LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|#)/i;

const broken = [];
for (const document of documents) {
  const text = readFileSync(path.join(ROOT, document), 'utf8');
  // Links inside code blocks are examples, not links.
  const prose = text.replace(/```[\s\S]*?```/g, '');
  for (const match of prose.matchAll(LINK)) {
    const target = match[1];
    if (EXTERNAL.test(target)) continue;
    const file = decodeURIComponent(target.split('#')[0]);
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(document), file)).replace(/\/$/, '');
    if (!tracked.has(resolved) && !trackedDirs.has(resolved)) broken.push(`${document}: ${target} (${resolved} is not in the repository)`);
  }
}

if (broken.length > 0) {
  console.error(`Broken documentation links:\n${broken.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`documentation links: ${documents.length} files checked, every relative link resolves`);
