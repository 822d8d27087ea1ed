import { vi } from "vitest";

/**
 * Test files share a worker (`isolate: false` in vite.config.ts), one after
 * another. This runs before each file: it starts from the environment and
 * working directory the worker began with, on real timers and globals, and
 * with fresh copies of the site's own modules, so nothing a file set up, read
 * from the environment or kept in a module is seen by the next. Packages
 * under node_modules (React, Supabase, sharp, Postgres) stay loaded: that is
 * the time saved.
 */
type WorkerStart = { env: NodeJS.ProcessEnv; cwd: string };
const key = Symbol.for("site.test.worker-start");
const worker = globalThis as typeof globalThis & { [key]?: WorkerStart };
const start = (worker[key] ??= { env: { ...process.env }, cwd: process.cwd() });

for (const name of Object.keys(process.env)) {
  if (!(name in start.env)) delete process.env[name];
}
Object.assign(process.env, start.env);
process.chdir(start.cwd);
vi.useRealTimers();
vi.unstubAllGlobals();
vi.resetModules();
