import { keepFilesPrivate } from '../lib/private-files.js';
import { runAdmin } from './admin-runner.js';

keepFilesPrivate();

const code = await runAdmin(process.argv.slice(2), {
  write: (line) => process.stdout.write(`${line}\n`),
  writeError: (line) => process.stderr.write(`${line}\n`),
  ...(process.stderr.isTTY ? { statusLine: (text: string) => process.stderr.write(text) } : {}),
});
process.exitCode = code;
