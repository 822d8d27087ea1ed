// How the server is started in production: `npm run serve` and the
// Dockerfile's CMD put these before `build/server/index.js`, and the tests and
// performance scripts start it the same way (server-options.test.ts
// keeps them in step). docs/decisions/008-memory.md says why each is there.
// Node runs this file directly too: erasable TypeScript only.

/**
 * Node options. `--liftoff-only` keeps V8 from optimising the embedded
 * Postgres's WebAssembly with TurboFan, which needs 600 MB for one of its
 * functions and keeps about 200 MB of optimised code and compiler memory.
 */
export const SERVER_NODE_OPTIONS = ["--liftoff-only"];

/**
 * Environment read by the C library as the process starts. A fixed mmap
 * threshold returns every block of 128 KB or more to the system when freed
 * (compression buffers, mostly), instead of letting the threshold rise and
 * such blocks pile up in the allocator's arenas, round after round of load.
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: "131072" };
