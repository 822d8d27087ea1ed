import { rmSync } from "node:fs";
import { afterAll } from "vitest";

/**
 * The DATA_DIR a test file's imported production build kept its data in
 * (see importBuiltServer), removed once the file's tests are done.
 */
afterAll(() => {
  const directory = process.env.TEST_FILE_DATA_DIR;
  if (directory) rmSync(directory, { recursive: true, force: true });
});
