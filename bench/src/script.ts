import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeMachine } from './report.js';

/** The repository, and the built server's entry points the bench scripts start. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
export const adminCli = path.join(repoRoot, 'apps/server/dist/cli/admin.js');

/**
 * Runs a bench script (`npm run bench`, `npm run bench:soak`): its options read (a bad one fails
 * with the usage), `--help` prints the usage, a missing server build stops it with the npm script
 * that builds it, and the machine is printed before `main` measures. The exit code is main's, or 1
 * with the failure said.
 */
export function runBenchScript<Options extends { help: boolean }>(
  script: { name: string; usage: string; npmScript: string },
  readOptions: () => Options,
  main: (options: Options) => Promise<number>,
): void {
  const run = async (): Promise<number> => {
    const options = readOptions();
    if (options.help) {
      console.log(script.usage);
      return 0;
    }
    if (!existsSync(serverMain)) throw new Error(`${serverMain} does not exist: run \`npm run build\` (or \`${script.npmScript}\`) first`);
    console.log(`Machine: ${describeMachine()}`);
    return main(options);
  };
  run().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`${script.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
