// Loaded into the server by `npm run bench -- --memory` (`node --import`):
// writes the server's own view of its memory to MEMORY_PROBE_FILE once a
// second, so the bench can set the V8 heap, the memory V8 knows of outside
// it and the array buffers against the RSS it reads from /proc.
// Node runs this file directly: erasable TypeScript only.
import { renameSync, writeFileSync } from "node:fs";

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const write = () => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    // Written beside it and renamed, so a reader never sees half of it.
    writeFileSync(
      `${file}.tmp`,
      JSON.stringify({ rss, heapTotal, heapUsed, external, arrayBuffers }),
    );
    renameSync(`${file}.tmp`, file);
  };
  write();
  setInterval(write, 1_000).unref();
}
