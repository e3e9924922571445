// Runs the built admin command line (apps/server/dist) in this process, then prints one JSON line
// with its exit code and the process's peak resident memory, for tests that bound memory.
const { runAdmin } = await import('../../dist/cli/admin-runner.js');
const out = [];
const code = await runAdmin(process.argv.slice(2), {
  env: process.env,
  write: (line) => out.push(line),
  writeError: (line) => out.push(line),
});
process.stdout.write(`${JSON.stringify({ code, maxRssKb: process.resourceUsage().maxRSS, output: out.join('\n') })}\n`);
