// Runs shell commands side by side (the checks `npm test` starts with: each
// takes one core, and the machine has two) and prints each one's output in
// one piece once it ends, so the logs never interleave. Exits non-zero when
// any of them fails, after all have ended. Node runs this file directly:
// erasable TypeScript only.
//
//   node tests/support/run-parallel.ts "npm run typecheck" "npm run lint"
import { spawn } from "node:child_process";

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('Usage: node tests/support/run-parallel.ts "command" ["command" …]');
  process.exit(2);
}

const started = performance.now();
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise<{ command: string; code: number }>((resolve) => {
        const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
        const output: Buffer[] = [];
        child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
        child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
        child.once("close", (code, signal) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          const outcome = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
          process.stdout.write(`\n── ${command}: ${outcome} after ${seconds} s\n`);
          process.stdout.write(Buffer.concat(output));
          resolve({ command, code: code ?? 1 });
        });
      }),
  ),
);

const failed = results.filter((result) => result.code !== 0);
for (const { command } of failed) console.error(`Failed: ${command}`);
process.exit(failed.length > 0 ? 1 : 0);
